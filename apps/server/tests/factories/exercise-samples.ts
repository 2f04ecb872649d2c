import type { attemptSchema } from '@parlo/contract/learning';
import type { ExerciseTypeNumber } from '@parlo/core/exercises/registry';
import type { z } from 'zod';

/** An answer as the completion and practice calls take it. */
type Answer = z.input<typeof attemptSchema>['answer'];

/**
 * One valid set of per-type fields for each of the 15 types (German course for English speakers), with a
 * right and a wrong answer, so API tests can answer any exercise through the real checks.
 */
export interface ExerciseSample {
  fields: Record<string, unknown>;
  /** The word or phrase it practises, as the content build names it (issue 16); 2 and 6 share one. */
  item: { key: string; text: string; translation: string };
  right: Answer;
  wrong: Answer | null;
}

export const exerciseSamples: { [T in ExerciseTypeNumber]: ExerciseSample } = {
  1: {
    item: { key: 'de:hallo', text: 'Hallo', translation: 'hello' },
    fields: { type1_word: 'Hallo', type1_image: 'waving-hand' },
    right: {},
    wrong: null,
  },
  2: {
    item: { key: 'de:guten-morgen', text: 'Guten Morgen', translation: 'good morning' },
    fields: { type2_word: 'Guten Morgen', type2_translation: 'good morning', type2_isCorrect: true },
    right: { verdict: 'right' },
    wrong: { verdict: 'not-properly' },
  },
  3: {
    item: { key: 'de:hund', text: 'der Hund', translation: 'dog' },
    fields: {
      type3_word: 'dog',
      type3_image: 'dog',
      type3_translation: ['die Katze', 'der Hund', 'der Vogel'],
      type3_isCorrect: [false, true, false],
    },
    right: { choice: 1 },
    wrong: { choice: 0 },
  },
  4: {
    item: { key: 'de:apfel', text: 'der Apfel', translation: 'apple' },
    fields: { type4_word: 'der Apfel', type4_isCorrect: [true, false, false, false] },
    right: { choice: 0 },
    wrong: { choice: 2 },
  },
  5: {
    item: { key: 'de:haus', text: 'das Haus', translation: 'house' },
    fields: {
      type5_word: 'das Haus',
      type5_translation: ['house', 'mouse', 'horse'],
      type5_isCorrect: [true, false, false],
    },
    right: { choice: 0 },
    wrong: { choice: 1 },
  },
  6: {
    item: { key: 'de:guten-morgen', text: 'Guten Morgen', translation: 'good morning' },
    fields: {
      type6_word: 'Guten Morgen',
      type6_translation: 'Good night; Good morning; Hello',
      type6_isCorrect: [false, true, false],
    },
    right: { choice: 1 },
    wrong: { choice: 2 },
  },
  7: {
    item: {
      key: 'de:ich-trinke-gern-kaffee',
      text: 'Ich trinke gern Kaffee.',
      translation: 'I like drinking coffee.',
    },
    fields: {
      type7_sentence: 'Ich trinke gern Kaffee.',
      type7_selected_words: 'trinke; Kaffee',
      type7_translation: 'I like drinking coffee.',
    },
    right: {},
    wrong: null,
  },
  8: {
    item: { key: 'de:ich-bin-anna', text: 'Ich bin Anna.', translation: 'I am Anna.' },
    fields: {
      type8_sentence: 'Ich ___ Anna.',
      type8_answer: ['bin', 'bist', 'ist', 'sind'],
      type8_isCorrect: [true, false, false, false],
      type8_translation: 'I am Anna.',
    },
    right: { choice: 0 },
    wrong: { choice: 3 },
  },
  9: {
    item: { key: 'de:ich-bin-muede', text: 'Ich bin müde', translation: 'I am tired.' },
    fields: {
      type9_word_choice: 'Ich; bin; müde; Hund; ist',
      type9_in_correct_order: 'Ich bin müde',
      type9_sentence: 'I am tired.',
    },
    right: { words: ['Ich', 'bin', 'müde'] },
    wrong: { words: ['Ich', 'ist', 'müde'] },
  },
  10: {
    item: { key: 'de:wir-wohnen-in-berlin', text: 'Wir wohnen in Berlin', translation: 'We live in Berlin.' },
    fields: {
      type10_sentence: 'Wir wohnen in Berlin',
      type10_options: 'wohnen; wohnt; in; an',
      type10_missing_words: 'wohnen; in',
      type10_translation: 'We live in Berlin.',
    },
    right: { words: ['Wir', 'wohnen', 'in', 'Berlin'] },
    wrong: { words: ['Wir', 'wohnt', 'an', 'Berlin'] },
  },
  11: {
    item: { key: 'de:ich-habe-hunger', text: 'Ich habe Hunger.', translation: 'I am hungry' },
    fields: { type11_question: 'Ich habe Hunger.', type11_correct_answers: "I am hungry;I'm hungry" },
    right: { text: "  i'm HUNGRY " },
    wrong: { text: 'I am thirsty' },
  },
  12: {
    item: { key: 'de:wo-ist-der-bahnhof', text: 'Wo ist der Bahnhof?', translation: 'Where is the station?' },
    fields: {
      type12_sentence: 'Wo ist der Bahnhof?',
      type12_translation: ['Where is the station?', 'What time is it?', 'How are you?'],
      type12_isCorrect: [true, false, false],
    },
    right: { choice: 0 },
    wrong: { choice: 2 },
  },
  13: {
    item: { key: 'de:danke-schoen', text: 'Danke schön', translation: 'thank you' },
    fields: { type13_word_or_phrase: 'Danke schön', type13_correct_answers: ['Danke schön', 'Dankeschön'] },
    right: { text: 'danke schön' },
    wrong: { text: 'bitte schön' },
  },
  14: {
    item: { key: 'de:ich-heisse-max', text: 'Ich heiße Max.', translation: 'My name is Max.' },
    fields: { type14_sentence: 'Ich heiße Max.' },
    right: { text: 'ich heiße max' },
    wrong: { text: 'ich weiß nicht' },
  },
  15: {
    item: { key: 'de:sonne', text: 'die Sonne', translation: 'the sun' },
    fields: {
      type15_image: 'sun',
      type15_translation: 'the sun',
      type15_word: 'die Sonne',
      type15_isCorrect: true,
      type15_title: 'Is this right?',
    },
    right: { verdict: 'right' },
    wrong: { verdict: 'not-properly' },
  },
};
