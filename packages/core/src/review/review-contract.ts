import { z } from 'zod';
import { exerciseSchema } from '../exercises/registry.ts';

/**
 * The review API's request and response shapes (issue 16), written once: the server's routes declare them
 * (and OpenAPI shows them), the web's calls parse with them.
 */

export const reviewPaths = {
  practice: '/api/review/practice',
  practiceComplete: '/api/review/practice/complete',
  words: '/api/review/words',
} as const;

/** GET practice: `speaking=false` when the learner cannot talk now (the 'cannot talk' hour, no recogniser). */
export const practiceQuerySchema = z.object({
  speaking: z.enum(['true', 'false']).default('true'),
});

export const practiceItemSchema = z.object({
  itemKey: z.string(),
  text: z.string(),
  /** Epoch ms. */
  due: z.number(),
  /** Recall chance now, 0–1. */
  strength: z.number(),
});

export const practiceSessionSchema = z
  .object({
    /** True when the items are due now; false when none was due and these are the weakest. */
    due: z.boolean(),
    items: z.array(practiceItemSchema),
    /** One exercise per item, in the items' order. */
    exercises: z.array(exerciseSchema),
  })
  .meta({ id: 'PracticeSession' });
export type PracticeSession = z.output<typeof practiceSessionSchema>;

export const timedAttemptSchema = z.object({
  exerciseId: z.number().int(),
  answer: z.unknown(),
  /** How long the learner took, as the player measured it (ms); only shapes the learner's own schedule. */
  responseMs: z.number().int().min(0).max(3_600_000).optional(),
});

export const practiceCompletionRequestSchema = z
  .object({
    idempotencyKey: z.string().min(8).max(100),
    attempts: z.array(timedAttemptSchema).min(1).max(500),
  })
  .meta({ id: 'PracticeCompletionRequest' });
export type PracticeCompletionRequest = z.input<typeof practiceCompletionRequestSchema>;

/** Practice earns no points and uses no free lesson (ADR 007): it only moves the memory. */
export const practiceOutcomeSchema = z
  .object({
    rightAnswers: z.number().int(),
    errorCount: z.number().int(),
    itemsReviewed: z.number().int(),
  })
  .meta({ id: 'PracticeOutcome' });
export type PracticeOutcome = z.output<typeof practiceOutcomeSchema>;

export const learnedWordSchema = z.object({
  itemKey: z.string(),
  text: z.string(),
  translation: z.string().nullable(),
  strength: z.number(),
  /** Epoch ms of the next review. */
  due: z.number(),
  lastReview: z.number().nullable(),
  reviews: z.number().int(),
  lapses: z.number().int(),
});
export const learnedWordsSchema = z
  .object({ words: z.array(learnedWordSchema), dueNow: z.number().int() })
  .meta({ id: 'LearnedWords' });
export type LearnedWords = z.output<typeof learnedWordsSchema>;
