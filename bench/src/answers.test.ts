import { describe, expect, it } from 'vitest';
import { checkAnswer, exerciseSchema, type Exercise } from '@parlo/core/exercises/registry';
import { exerciseSamples } from '../../apps/server/tests/factories/exercise-samples.ts';
import { rightAnswer } from './answers.ts';

describe('the completion run answers', () => {
  it.each(Object.entries(exerciseSamples))(
    'type %s right, with the check the server runs',
    (type, sample) => {
      const exercise = exerciseSchema.parse({
        id: 1,
        lessonId: 1,
        order: 1,
        blitz: false,
        enabled: true,
        type: Number(type),
        ...sample.fields,
      }) as Exercise;
      const answer = rightAnswer(exercise);
      expect(checkAnswer(exercise, answer).correct).toBe(true);
    },
  );
});
