import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';
import { acceptedAnswers } from './free-text-translation.ts';

const exercise = testExercise(11, {
  type11_question: 'Translate: Ich bin müde',
  type11_correct_answers: "I am tired;I'm tired; I am sleepy",
});

describe('type 11 free-text translation', () => {
  it("splits the accepted answers on ';'", () => {
    expect(acceptedAnswers(exercise)).toEqual(['I am tired', "I'm tired", 'I am sleepy']);
  });
  it('accepts any answer, trimmed and case-insensitive', () => {
    expect(checkAnswer(exercise, { text: '  i am TIRED ' })).toMatchObject({
      correct: true,
      rightAnswer: 'I am tired',
    });
    expect(checkAnswer(exercise, { text: 'I\u2019m tired.' }).correct).toBe(true);
    expect(checkAnswer(exercise, { text: 'I am  sleepy' }).correct).toBe(true);
  });
  it('rejects other translations', () => {
    expect(checkAnswer(exercise, { text: 'I am busy' }).correct).toBe(false);
    expect(checkAnswer(exercise, { text: 'I am tire' }).typed?.verdict).toBe('typo');
    expect(checkAnswer(exercise, { text: 'I am tired;I am sleepy' }).correct).toBe(false);
  });
  it('rejects blank and malformed answers', () => {
    expect(() => checkAnswer(exercise, { text: '   ' })).toThrow(InvalidAnswerError);
    expect(() => checkAnswer(exercise, { text: 5 })).toThrow(InvalidAnswerError);
  });
  it('shows the question', () => {
    expect(titleFor(exercise)).toEqual({ kind: 'text', text: 'Translate: Ich bin müde' });
  });
  it('needs at least one accepted answer', () => {
    expect(exerciseSchema.safeParse({ ...exercise, type11_correct_answers: ' ; ;' }).success).toBe(false);
  });
});
