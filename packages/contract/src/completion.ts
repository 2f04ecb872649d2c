import { lessonRouteSchema, tierSchema } from '@parlo/core/scoring/lesson-route';
import { statisticsSchema as learnerStatisticsSchema } from '@parlo/core/stats/statistics';
import { z } from 'zod';
import { id, text } from './fields.ts';

/*
 * A finished lesson's request and outcome (learning.ts's completion calls, review.ts's attempts). Their own
 * module, imported by learning.ts before dashboard.ts, so the shapes are registered (and listed in the
 * OpenAPI document) in the order they always were (ADR 044).
 */

export const completionOutcomeSchema = z
  .object({
    /** Something new was learned and saved (false for a repeat, a lost blitz or the limit). */
    committed: z.boolean(),
    rightAnswers: z.number().int(),
    errorCount: z.number().int(),
    wordsLearned: z.number().int(),
    points: z.object({
      correctAnswers: z.number().int(),
      moreWords: z.number().int(),
      topicFinished: z.number().int(),
      blitzPassed: z.number().int(),
      courseFinished: z.number().int(),
    }),
    pointsTotal: z.number().int(),
    events: z.array(z.enum(['topic-finished', 'more-words', 'blitz-passed', 'course-finished'])),
    newStatus: tierSchema.nullable(),
    route: lessonRouteSchema,
    /**
     * Topics this completion opened (locked before, playable now), in course order: a passed blitz's next
     * topic, the blitz a topic's last lesson reaches. Empty when nothing opened (issue 29 item 10). Outcomes
     * stored before it existed replay as empty.
     */
    openedTopicIds: z.array(z.number().int()).default([]),
    statistics: learnerStatisticsSchema,
    /** Null for premium learners (no limit). */
    freeLessonsLeft: z.number().int().nullable(),
  })
  .meta({ id: 'LessonCompletion' });
export type CompletionOutcome = z.output<typeof completionOutcomeSchema>;

/** What an answer may hold: the player's envelopes ({choice}, {words}, {text}, {verdict}, …), bounded. */
const answerValue = z.union([
  text(2000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([text(2000), z.number()])).max(200),
]);

/** One checked answer as the player sent it; the server replays it against the exercise. */
export const attemptSchema = z.object({
  exerciseId: id,
  answer: z.record(text(40), answerValue),
  /** How long the learner took, as the player measured it (ms); only shapes the learner's own schedule. */
  responseMs: z.number().int().min(0).max(3_600_000).optional(),
});

/** A long lesson's answers, each press of the button with its answer, and room to spare. */
export const COMPLETION_MAX_BODY_BYTES = 512 * 1024;

/** One press of the main button, a skip or 'cannot talk', in the order they happened. */
export const completionRequestSchema = z
  .object({
    /** Any unique string per finished lesson run (a UUID); replays with it count once. */
    idempotencyKey: text(100).min(8),
    attempts: z.array(attemptSchema).max(2000),
    /** 'Say this text' exercises the player left out (no speech recognition, or 'cannot talk' within the hour). */
    omittedExerciseIds: z.array(id).max(200).default([]),
  })
  .meta({ id: 'LessonCompletionRequest' });
export type CompletionRequest = z.input<typeof completionRequestSchema>;
