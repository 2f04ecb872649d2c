import { checkAnswer, exerciseSchema } from '@parlo/core/exercises/registry';
import { splitList } from '@parlo/core/exercises/answer-text';
import { swappedVariants, type SwapGroups } from '@parlo/core/exercises/swapped-items';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../check-content.ts';
import { defaultCoursesDir, defaultDistDir } from '../paths.ts';

/**
 * Issue 31: over the bundled courses, every answer a free translation (type 11) or a dictation (type 13)
 * lists is accepted by the check the player and the server run, so no listed answer is marked wrong; and
 * every order of the coordinated items a phrase marks as swappable (types 9 and 10) passes its own check.
 */
describe('the bundled courses', () => {
  it(
    'accept every answer they list for types 11 and 13, and every marked order for 9 and 10',
    { timeout: 420_000 }, // the whole content check of four courses: ~100 s alone, 140 s in CI beside other files
    () => {
      const result = checkContent({
        coursesDir: defaultCoursesDir,
        distDir: defaultDistDir,
        displayRoot: defaultCoursesDir,
        spellChecker: () => null,
      });
      const packages = result.build?.catalogue.packages ?? [];
      // One speaker per course is enough: the answers are the course's, the same for every speaker.
      const seen = new Set<string>();
      let checked = 0;
      let swapped = 0;
      for (const pkg of packages) {
        if (pkg.soon || seen.has(pkg.course)) continue;
        seen.add(pkg.course);
        const exercises = pkg.programs.flatMap((program) =>
          program.topics.flatMap((topic) => topic.lessons.flatMap((lesson) => lesson.exercises)),
        );
        for (const built of exercises) {
          if (built.type === 9 || built.type === 10) {
            swapped += checkSwappedOrders(built);
            continue;
          }
          if (built.type !== 11 && built.type !== 13) continue;
          const exercise = asExercise(built);
          const answers =
            built.type === 11
              ? splitList(String(built.fields.type11_correct_answers))
              : (built.fields.type13_correct_answers as string[]);
          for (const text of answers) {
            expect(checkAnswer(exercise, { text }).correct, `${built.key}: ${text}`).toBe(true);
            checked += 1;
          }
        }
      }
      expect([...seen].sort()).toEqual(['de', 'en', 'es', 'fr']);
      expect(checked).toBeGreaterThan(300);
      // Every marked phrase of the A1/A2 programs (24 over the four courses) is built as type 9 or 10.
      expect(swapped).toBeGreaterThanOrEqual(24);
    },
  );
});

const asExercise = (built: { type: number; blitz: boolean; fields: Record<string, unknown> }) =>
  exerciseSchema.parse({
    ...built.fields,
    type: built.type,
    id: 1,
    lessonId: 1,
    blitz: built.blitz,
    enabled: true,
    order: 0,
  });

/**
 * A type 9 or 10 exercise answered in each other order of its marked items, as the player sends it: the
 * sentence's words in order. Returns how many swapped orders were checked.
 */
function checkSwappedOrders(built: {
  key: string;
  type: number;
  blitz: boolean;
  fields: Record<string, unknown>;
}): number {
  const swaps = (built.fields.type9_swaps ?? built.fields.type10_swaps) as SwapGroups | undefined;
  if (!swaps) return 0;
  const sentence = String(built.fields.type9_in_correct_order ?? built.fields.type10_sentence);
  const variants = swappedVariants(sentence, swaps);
  // The sentence as written and at least one other order: a group that fits nothing would be a silent no-op.
  expect(variants.length, `${built.key}: ${JSON.stringify(swaps)}`).toBeGreaterThan(1);
  const exercise = asExercise(built);
  const chips = built.type === 9 ? splitList(String(built.fields.type9_word_choice)) : [];
  let checked = 0;
  for (const variant of variants.slice(1)) {
    const words = variant.split(' ');
    // Type 9 is built from the chips, which keep the case of the sentence as written.
    if (built.type === 9 && !words.every((word) => chips.some((chip) => sameChip(chip, word)))) continue;
    expect(checkAnswer(exercise, { words }).correct, `${built.key}: ${variant}`).toBe(true);
    checked += 1;
  }
  expect(checked, `${built.key}: no swapped order could be built`).toBeGreaterThan(0);
  return 1;
}

/** A chip stands for a word of the sentence with its edge punctuation dropped (content/README.md). */
const sameChip = (chip: string, word: string) =>
  chip === word || chip === word.replace(/^[\p{P}]+|[\p{P}]+$/gu, '');
