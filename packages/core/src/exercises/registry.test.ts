import { describe, expect, it } from 'vitest';
import { testExercise } from './exercise-factory.ts';
import {
  answerEnvelopeSchema,
  answerSchemaFor,
  checkAnswer,
  exerciseSchema,
  exerciseTypeNumbers,
  exerciseTypes,
  fieldsSchemaFor,
  acceptedAnswersOf,
  hasNotProperlyButton,
  InvalidAnswerError,
  isProduction,
  isSpeaking,
  mainButtonFor,
  rememberedChecks,
  testsNothing,
  titleFor,
} from './registry.ts';
import type { ExerciseTypeRegistry } from './registry.ts';

describe('exercise registry', () => {
  it('covers every type 1..15 under its own number', () => {
    expect(Object.keys(exerciseTypes).map(Number)).toEqual([...exerciseTypeNumbers]);
    expect(exerciseTypeNumbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    for (const type of exerciseTypeNumbers) expect(exerciseTypes[type].type).toBe(type);
    expect(new Set(Object.values(exerciseTypes).map((entry) => entry.name)).size).toBe(15);
  });

  it('fails to compile when a type is missing', () => {
    const { 15: _dropped, ...withoutFifteen } = exerciseTypes;
    // @ts-expect-error type 15 is missing from the registry
    const incomplete: ExerciseTypeRegistry = withoutFifteen;
    expect(Object.keys(incomplete)).toHaveLength(14);
  });

  it('labels the main button per SPEC §2', () => {
    const buttons = exerciseTypeNumbers.map((type) => mainButtonFor(type));
    expect(buttons).toEqual([
      'further',
      'right',
      'verify',
      'verify',
      'verify',
      'verify',
      'further',
      'verify',
      'verify',
      'verify',
      'verify',
      'verify',
      'verify',
      'verify',
      'right',
    ]);
  });

  it('discriminates on type and keeps the common fields', () => {
    const exercise = testExercise(
      14,
      { type14_sentence: 'Hi' },
      { id: 7, lessonId: 3, blitz: true, order: 2 },
    );
    expect(exerciseSchema.parse(exercise)).toEqual(exercise);
    expect(exerciseSchema.safeParse({ ...exercise, type: 16 }).success).toBe(false);
    expect(exerciseSchema.safeParse({ ...exercise, type: 13 }).success).toBe(false);
    const { blitz: _blitz, ...withoutBlitz } = exercise;
    expect(exerciseSchema.safeParse(withoutBlitz).success).toBe(false);
  });

  it('drops fields that belong to no type', () => {
    const exercise = testExercise(14, { type14_sentence: 'Hi' });
    expect(exerciseSchema.parse({ ...exercise, type1_word: 'x' })).toEqual(exercise);
  });

  it("shows 'Unknown type' for a type outside 1..15", () => {
    expect(titleFor({ type: 99 })).toEqual({ kind: 'label', label: 'unknown-type' });
  });

  it('accepts cannot-talk only for type 14 and skip for every type', () => {
    for (const type of exerciseTypeNumbers) {
      expect(answerSchemaFor(type).safeParse({ skipped: true }).success).toBe(true);
      expect(answerSchemaFor(type).safeParse({ cannotTalk: true }).success).toBe(type === 14);
      expect(answerSchemaFor(type).safeParse({ skipped: false }).success).toBe(false);
    }
    expect(answerEnvelopeSchema.safeParse({ choice: 2 }).success).toBe(true);
    expect(answerEnvelopeSchema.safeParse({ nonsense: 1 }).success).toBe(false);
  });

  it('returns the right answer with a skip', () => {
    const exercise = testExercise(13, { type13_word_or_phrase: 'hi', type13_correct_answers: ['hi'] });
    expect(checkAnswer(exercise, { skipped: true })).toEqual({
      correct: false,
      answered: true,
      outcome: 'skipped',
      rightAnswer: 'hi',
    });
  });
});

describe("each type's traits, kept on its own module", () => {
  const where = (trait: (type: (typeof exerciseTypeNumbers)[number]) => boolean) =>
    exerciseTypeNumbers.filter(trait);

  it('counts the types in which the learner builds, types or says the language as production (issue 32)', () => {
    expect(where(isProduction)).toEqual([9, 10, 11, 13, 14]);
  });

  it("leaves only 'say this text' out without a microphone (SPEC §4)", () => {
    expect(where(isSpeaking)).toEqual([14]);
  });

  it("knows the types that test nothing ('further') and the ones with 'not properly' (SPEC §2)", () => {
    expect(where(testsNothing)).toEqual([1, 7]);
    expect(where(hasNotProperlyButton)).toEqual([2, 15]);
  });

  it('lists what a typed or built exercise accepts as written, and nothing for the choosing types', () => {
    expect(
      acceptedAnswersOf(11, {
        type11_question: 'Good morning!',
        type11_correct_answers: 'Guten Morgen!; Morgen!',
      }),
    ).toEqual(['Guten Morgen!', 'Morgen!']);
    expect(
      acceptedAnswersOf(13, { type13_word_or_phrase: 'fünf', type13_correct_answers: ['fünf', '5'] }),
    ).toEqual(['fünf', '5']);
    expect(acceptedAnswersOf(14, { type14_sentence: 'Ich heiße Anna.' })).toEqual(['Ich heiße Anna.']);
    expect(
      acceptedAnswersOf(9, {
        type9_word_choice: 'Ich; heiße; Anna; bin',
        type9_in_correct_order: 'Ich heiße Anna',
        type9_sentence: 'My name is Anna',
      }),
    ).toEqual(['Ich heiße Anna']);
    expect(
      acceptedAnswersOf(5, {
        type5_word: 'Hund',
        type5_options: ['dog', 'cat'],
        type5_options_correct: [true, false],
      }),
    ).toEqual([]);
    // Fields that do not fit the type (a corrupted row) and unknown types list nothing.
    expect(acceptedAnswersOf(11, { type11_question: 'x' })).toEqual([]);
    expect(acceptedAnswersOf(99, {})).toEqual([]);
  });
});

describe('remembered checks (one completion checks its attempts once)', () => {
  const exercise = testExercise(13, { type13_word_or_phrase: 'hi', type13_correct_answers: ['hallo'] });
  const other = testExercise(13, { type13_word_or_phrase: 'bye', type13_correct_answers: ['tschüss'] });

  it('answers what checkAnswer answers, computed once per exercise and answer', () => {
    const check = rememberedChecks();
    const right = { text: 'hallo' };
    const wrong = { text: 'tschüss' };
    const first = check(exercise, right);
    expect(first).toEqual(checkAnswer(exercise, right));
    expect(check(exercise, right)).toBe(first);
    expect(check(exercise, wrong)).toEqual(checkAnswer(exercise, wrong));
    expect(check(exercise, wrong).outcome).toBe('wrong');
    // The same answer to another exercise is another check.
    expect(check(other, wrong).outcome).toBe('right');
    expect(check(exercise, { text: 'halo' })).toEqual(checkAnswer(exercise, { text: 'halo' }));
  });

  it('refuses an answer that does not fit the exercise every time it is asked', () => {
    const check = rememberedChecks();
    const invalid = { choice: 1 };
    expect(() => check(exercise, invalid)).toThrow(InvalidAnswerError);
    expect(() => check(exercise, invalid)).toThrow(InvalidAnswerError);
  });
});

describe('per-type fields on their own', () => {
  it('validates the fields without the common ones', () => {
    expect(fieldsSchemaFor(14).safeParse({ type14_sentence: 'Hi' }).success).toBe(true);
    expect(fieldsSchemaFor(14).safeParse({ type13_word_or_phrase: 'Hi' }).success).toBe(false);
    expect(fieldsSchemaFor(4).safeParse({ type4_word: 'x', type4_isCorrect: [true, true] }).success).toBe(
      false,
    );
  });
});
