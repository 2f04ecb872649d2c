import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';
import { canBeBuiltFromChips, wordChips } from './translate-sentence.ts';

const exercise = testExercise(9, {
  type9_word_choice: 'I; am; a student; teacher; is',
  type9_in_correct_order: 'I am a student.',
  type9_sentence: 'Soy estudiante.',
});

describe('type 9 translate the sentence', () => {
  it("reads the chips from the '; '-separated string", () => {
    expect(wordChips(exercise)).toEqual(['I', 'am', 'a student', 'teacher', 'is']);
  });
  it('is correct when the joined chips equal the correct order', () => {
    expect(checkAnswer(exercise, { words: ['I', 'am', 'a student'] })).toEqual({
      correct: true,
      answered: true,
      outcome: 'right',
      rightAnswer: 'I am a student.',
    });
  });
  it('tolerates whitespace, NFC and the final full stop but not case or order', () => {
    expect(checkAnswer(exercise, { words: [' I', 'am ', 'a  student', '.'] }).correct).toBe(true);
    expect(checkAnswer(exercise, { words: ['i', 'am', 'a student'] }).correct).toBe(false);
    expect(checkAnswer(exercise, { words: ['am', 'I', 'a student'] }).correct).toBe(false);
    expect(checkAnswer(exercise, { words: ['I', 'am'] }).correct).toBe(false);
  });
  it('rejects malformed answers', () => {
    for (const answer of [{ words: [] }, { words: 'I am a student' }, { words: [1] }, { text: 'I am' }]) {
      expect(() => checkAnswer(exercise, answer)).toThrow(InvalidAnswerError);
    }
  });
  it('has a fixed title', () => {
    expect(titleFor(exercise)).toEqual({ kind: 'label', label: 'exercise-title-9' });
  });
  it('refuses content whose correct order cannot be built from the chips', () => {
    expect(exerciseSchema.safeParse(exercise).success).toBe(true);
    expect(exerciseSchema.safeParse({ ...exercise, type9_word_choice: 'I; am; student' }).success).toBe(
      false,
    );
    expect(canBeBuiltFromChips('Hello, world', ['Hello', 'world'])).toBe(false);
    expect(canBeBuiltFromChips('Hello, world', ['Hello,', 'world'])).toBe(true);
    expect(canBeBuiltFromChips('the cat and the dog', ['the', 'cat', 'and', 'dog'])).toBe(false);
    expect(canBeBuiltFromChips('the cat and the dog', ['the', 'cat', 'and', 'dog', 'the'])).toBe(true);
    expect(canBeBuiltFromChips('Café', ['Cafe\u0301'])).toBe(true);
  });
});
