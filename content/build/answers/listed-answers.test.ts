import { describe, expect, it } from 'vitest';
import { checkListedAnswers } from './listed-answers.ts';

type Exercise = { key: string; type: number; blitz: boolean; fields: Record<string, unknown> };

/** A catalogue holding one lesson of the given exercises for each package (course, speaker). */
function catalogue(packages: { course: string; spoken: string; soon?: boolean }[], exercises: Exercise[]) {
  const pkg = ({ course, spoken, soon = false }: { course: string; spoken: string; soon?: boolean }) => ({
    course,
    spoken,
    soon,
    programs: [{ topics: [{ lessons: [{ exercises }] }] }],
  });
  return { packages: packages.map(pkg) } as unknown as Parameters<typeof checkListedAnswers>[0];
}

const freeTranslation = (key: string, answers: string): Exercise => ({
  key,
  type: 11,
  blitz: false,
  fields: { type11_question: 'Guten Morgen!', type11_correct_answers: answers },
});

const dictation: Exercise = {
  key: 'de/dictation',
  type: 13,
  blitz: false,
  fields: { type13_word_or_phrase: 'die Straße', type13_correct_answers: ['die Straße', 'die Strasse'] },
};

const blanks = (key: string, swaps: string[][]): Exercise => ({
  key,
  type: 10,
  blitz: false,
  fields: {
    type10_sentence: 'Ich trinke Kaffee und Tee.',
    type10_options: 'Kaffee; Milch',
    type10_missing_words: 'Kaffee',
    type10_translation: 'I drink coffee and tea.',
    type10_swaps: swaps,
  },
});

describe('every listed answer passes the answer check (issue 31)', () => {
  it('counts the answers and marked orders it checked, and finds nothing wrong in good ones', () => {
    const result = checkListedAnswers(
      catalogue(
        [{ course: 'de', spoken: 'en' }],
        [
          freeTranslation('de/good', 'Good morning!; Morning!'),
          dictation,
          blanks('de/swap', [['Kaffee', 'Tee']]),
        ],
      ),
    );
    expect(result).toEqual({ wrong: [], answers: 4, swapped: 1 });
  });

  it('names the exercise whose listed answer the check marks wrong', () => {
    const result = checkListedAnswers(
      catalogue([{ course: 'de', spoken: 'en' }], [freeTranslation('de/dots', 'Good morning!; ...')]),
    );
    expect(result.wrong).toEqual([
      { key: 'de/dots', message: "the listed answer '...' is marked wrong by the check" },
    ]);
  });

  it('builds a swapped order from the chips of a French question, whose ? stands apart', () => {
    const question: Exercise = {
      key: 'fr/question',
      type: 9,
      blitz: false,
      fields: {
        type9_word_choice: 'pêches; Tu; aux; poires; veux; ou; aux; des',
        type9_in_correct_order: 'Tu veux aux poires ou aux pêches ?',
        type9_sentence: 'Do you want pears or peaches?',
        type9_swaps: [['poires', 'pêches']],
      },
    };
    const result = checkListedAnswers(catalogue([{ course: 'fr', spoken: 'en' }], [question]));
    expect(result).toEqual({ wrong: [], answers: 0, swapped: 1 });
  });

  it('refuses a marked swap that gives no other order', () => {
    const result = checkListedAnswers(
      catalogue([{ course: 'de', spoken: 'en' }], [blanks('de/no-swap', [['Kaffee', 'Milch']])]),
    );
    expect(result.wrong.map((wrong) => wrong.key)).toEqual(['de/no-swap']);
  });

  it('checks one speaker per course and skips a course still to come', () => {
    const result = checkListedAnswers(
      catalogue(
        [
          { course: 'de', spoken: 'en' },
          { course: 'de', spoken: 'fr' },
          { course: 'ja', spoken: 'en', soon: true },
        ],
        [freeTranslation('x/good', 'Good morning!')],
      ),
    );
    expect(result.answers).toBe(1);
  });
});
