import { exerciseSchema } from '@parlo/core/exercises/registry';
import { z } from 'zod';
import { defineCall } from './call.ts';
import { attemptSchema } from './learning.ts';
import { text } from './fields.ts';

/** Practice and the words panel (issue 16): the memory the server keeps per learner and word (ADR 007). */
const tags = ['review'];

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

export const practiceCompletionRequestSchema = z
  .object({
    idempotencyKey: text(100).min(8),
    attempts: z.array(attemptSchema).min(1).max(500),
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

export const practice = defineCall({
  method: 'GET',
  path: '/api/review/practice',
  tags,
  summary: 'A practice session: the words due now, else the weakest, with exercises the learner can do',
  access: 'learner',
  /** `speaking=false` when the learner cannot talk now (the 'cannot talk' hour, no recogniser). */
  query: z.object({ speaking: z.enum(['true', 'false']).default('true') }),
  status: 200,
  response: practiceSessionSchema,
  refusals: [409],
});

export const completePractice = defineCall({
  method: 'POST',
  path: '/api/review/practice/complete',
  tags,
  summary: 'The answers of a practice session; they move the memory, earn no points (idempotent)',
  access: 'learner',
  body: practiceCompletionRequestSchema,
  maxBodyBytes: 128 * 1024,
  status: 200,
  response: practiceOutcomeSchema,
  refusals: [409],
});

export const words = defineCall({
  method: 'GET',
  path: '/api/review/words',
  tags,
  summary: 'Every word learned in the current course, with its strength and next review',
  access: 'learner',
  status: 200,
  response: learnedWordsSchema,
  refusals: [409],
});
