import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { animationsSettled } from '../support/accessibility.ts';
import {
  bankChip,
  check,
  continueAfterPanel,
  enrolLearner,
  fakeSpeechRecognition,
  holdMicrophone,
  lessonExercises,
  lessonNamed,
  openPreview,
  option,
  panel,
  setTranscript,
  type SeededExercise,
} from './player-helpers.ts';

/*
 * Every exercise type answered wrong and then right through the real player, in the single-exercise
 * preview (/exercise/{id}?secret=…), on the seeded course's exercises (apps/server/tests/factories).
 */

type Answer = (page: Page) => Promise<void>;

const clickAndCheck =
  (name: string): Answer =>
  async (page) => {
    await option(page, name).click();
    await check(page);
  };

const typeAndCheck =
  (text: string): Answer =>
  async (page) => {
    await page.getByRole('textbox').fill(text);
    await page.keyboard.press('Enter');
  };

const chipsAndCheck =
  (...words: string[]): Answer =>
  async (page) => {
    for (const word of words) await bankChip(page, word).click();
    await check(page);
  };

const speakAndCheck =
  (transcript: string): Answer =>
  async (page) => {
    await setTranscript(page, transcript);
    await holdMicrophone(page);
    await expect(page.locator('.recognised__text')).toHaveText(transcript);
    await check(page);
  };

const press =
  (name: string): Answer =>
  async (page) => {
    await page.getByRole('button', { name, exact: true }).click();
  };

interface TypeCase {
  title: string;
  wrong?: Answer;
  right: Answer;
  /** The right answer the incorrect panel shows (none for types 2, 4 and 15). */
  shown?: string;
}

const cases: Record<number, TypeCase> = {
  1: { title: 'Listen and say the word', right: press('Further') },
  2: { title: 'Is the translation correct?', wrong: press('Not properly'), right: press('Right') },
  3: { title: 'dog', wrong: clickAndCheck('die Katze'), right: clickAndCheck('der Hund'), shown: 'der Hund' },
  4: {
    title: 'Choose «der Apfel»',
    // Keyboard: number keys pick, Enter checks.
    wrong: async (page) => {
      await page.keyboard.press('3');
      await expect(option(page, 'Picture 3')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Enter');
    },
    right: async (page) => {
      await page.keyboard.press('1');
      await page.keyboard.press('Enter');
    },
  },
  5: {
    title: 'Choose «das Haus»',
    wrong: clickAndCheck('mouse'),
    right: clickAndCheck('house'),
    shown: 'house',
  },
  6: {
    title: 'Listen and choose the answer',
    wrong: clickAndCheck('Hello'),
    right: clickAndCheck('Good morning'),
    shown: 'Good morning',
  },
  7: { title: 'Listen and repeat', right: press('Further') },
  8: {
    title: 'Choose the missing word',
    wrong: clickAndCheck('sind'),
    right: clickAndCheck('bin'),
    shown: 'bin',
  },
  9: {
    title: 'Translate the sentence',
    wrong: chipsAndCheck('Ich', 'ist', 'müde'),
    right: chipsAndCheck('Ich', 'bin', 'müde'),
    shown: 'Ich bin müde',
  },
  10: {
    title: 'Fill in the blanks',
    wrong: chipsAndCheck('wohnt', 'an'),
    right: chipsAndCheck('wohnen', 'in'),
    shown: 'Wir wohnen in Berlin',
  },
  11: {
    title: 'Ich habe Hunger.',
    wrong: typeAndCheck('I am thirsty'),
    right: typeAndCheck("  i'm HUNGRY "),
    shown: 'I am hungry',
  },
  12: {
    title: 'Choose the correct translation',
    wrong: clickAndCheck('How are you?'),
    right: clickAndCheck('Where is the station?'),
    shown: 'Where is the station?',
  },
  13: {
    title: 'Write what you hear',
    wrong: typeAndCheck('bitte schön'),
    right: typeAndCheck('danke schön'),
    shown: 'Danke schön',
  },
  14: {
    title: 'Say this text',
    wrong: speakAndCheck('ich weiß nicht'),
    right: speakAndCheck('Ich heiße Max'),
    shown: 'Ich heiße Max.',
  },
  15: { title: 'Is this right?', wrong: press('Not properly'), right: press('Right') },
};

async function exercisesByType(page: Page): Promise<Map<number, SeededExercise>> {
  const course = await enrolLearner(page);
  const byType = new Map<number, SeededExercise>();
  for (const name of ['Hello', 'Good morning', 'My family']) {
    for (const exercise of await lessonExercises(page.request, lessonNamed(course, name).lessonId)) {
      if (!byType.has(exercise.type)) byType.set(exercise.type, exercise);
    }
  }
  expect([...byType.keys()].sort((a, b) => a - b)).toEqual([
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
  ]);
  return byType;
}

/**
 * A title as shown: the course word inside it keeps its own direction in Unicode isolate marks
 * (issue 29 item 9), so "Choose «der Apfel»" is written with them around "der Apfel".
 */
function titleText(title: string): string {
  return title.replace(/«(.+)»/u, '«\u2068$1\u2069»');
}

test.describe('every exercise type through the player', () => {
  test.beforeEach(async ({ page }) => {
    await fakeSpeechRecognition(page);
  });

  test('each type is answered wrong, stays, and is then answered right', async ({ page }) => {
    const byType = await exercisesByType(page);
    for (const [type, testCase] of Object.entries(cases)) {
      await test.step(`type ${type}`, async () => {
        const exercise = byType.get(Number(type));
        if (!exercise) throw new Error(`no exercise of type ${type}`);
        await openPreview(page, exercise.id);
        await expect(page.locator('.player__title')).toHaveText(titleText(testCase.title));
        await expect(page.locator('.player__slide')).toHaveAttribute('data-exercise-type', type);
        const main = page.locator('.player__main');
        if (![1, 2, 7, 15].includes(Number(type))) await expect(main).toBeDisabled();

        if (testCase.wrong) {
          await testCase.wrong(page);
          await expect(panel(page, 'incorrect')).toBeVisible();
          await expect(panel(page, 'incorrect')).toContainText('Incorrect');
          if (testCase.shown) await expect(panel(page, 'incorrect')).toContainText(testCase.shown);
          else await expect(panel(page, 'incorrect')).toContainText('That is not right');
          await expect(page.getByRole('button', { name: 'Report an error' })).toBeVisible();
          await continueAfterPanel(page);
          // A wrong answer keeps the exercise in the queue: it comes back.
          await expect(page.locator('.player__slide')).toHaveAttribute('data-exercise-type', type);
          await expect(page.locator('.player__title')).toHaveText(titleText(testCase.title));
        }
        await testCase.right(page);
        if (type === '1' || type === '7') {
          // 'Further' answers at once, without a panel.
        } else {
          await expect(panel(page, 'correct')).toBeVisible();
          await expect(panel(page, 'correct')).toContainText('Correct!');
          await expect(panel(page, 'correct')).toContainText('+1 point');
          if (testCase.shown) await expect(panel(page, 'correct')).toContainText(testCase.shown);
          await page.keyboard.press('Enter');
        }
        await expect(page.getByRole('heading', { name: 'Exercise finished' })).toBeVisible();
        await expect(page.getByRole('progressbar', { name: 'Lesson progress' })).toHaveAttribute(
          'aria-valuenow',
          '100',
        );
      });
    }
  });

  test('types 2 and 15 are answered with the keys 1 (right) and 2 (not properly)', async ({ page }) => {
    const byType = await exercisesByType(page);
    for (const type of [2, 15]) {
      await openPreview(page, byType.get(type)!.id);
      await expect(page.locator('.player__slide')).toHaveAttribute('data-exercise-type', String(type));
      // Both seeded exercises show a right translation: 'not properly' is wrong, 'right' is right.
      await page.keyboard.press('2');
      await expect(panel(page, 'incorrect')).toBeVisible();
      await page.keyboard.press('Enter');
      await page.keyboard.press('1');
      await expect(panel(page, 'correct')).toBeVisible();
    }
  });

  test('speech is recognised in the course language and help reveals answers', async ({ page }) => {
    const byType = await exercisesByType(page);
    await openPreview(page, byType.get(14)!.id);
    await setTranscript(page, 'Ich heiße Max');
    await holdMicrophone(page);
    await expect(page.locator('.recognised__text')).toHaveText('Ich heiße Max');
    expect(
      await page.evaluate(() => (globalThis as unknown as Record<string, unknown>).__speechLanguage),
    ).toBe('de-DE');

    await openPreview(page, byType.get(11)!.id);
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.locator('.help__text')).toContainText('I am hungry');

    await openPreview(page, byType.get(13)!.id);
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.locator('.help__text')).toContainText('Danke …');
    await page.getByRole('button', { name: 'Show the next word' }).click();
    await expect(page.locator('.help__text')).toContainText('Danke schön');
    await expect(page.getByRole('button', { name: 'Show the next word' })).toHaveCount(0);

    // Chips go back to the bank when tapped on the answer line.
    await openPreview(page, byType.get(9)!.id);
    await bankChip(page, 'Hund').click();
    await page.locator('.answer-line').getByRole('button', { name: 'Hund' }).click();
    await expect(bankChip(page, 'Hund')).toBeVisible();
    await expect(page.locator('.player__main')).toBeDisabled();
  });

  for (const width of [375, 1280] as const) {
    test(`every type looks right at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const byType = await exercisesByType(page);
      for (const [type, exercise] of byType) {
        await openPreview(page, exercise.id);
        await expect(page.locator('.player__slide')).toHaveAttribute('data-exercise-type', String(type));
        // Let the slide finish before the picture is taken.
        await animationsSettled(page);
        const overflow = await page.evaluate(() => {
          const root = (
            globalThis as unknown as {
              document: { documentElement: { scrollWidth: number; clientWidth: number } };
            }
          ).document.documentElement;
          return root.scrollWidth - root.clientWidth;
        });
        expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
        await saveScreenshot(page, `player-type-${String(type).padStart(2, '0')}-${width}`);
      }
    });
  }
});

test('in Arabic a German sentence keeps its full stop at its end', async ({ page }) => {
  await useInterfaceLanguage(page, 'ar');
  const byType = await exercisesByType(page);
  await openPreview(page, byType.get(11)!.id);
  const title = page.locator('.player__title');
  await expect(title).toHaveText('Ich habe Hunger.');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Where the browser draws the first and the last letter: left to right, the full stop comes last.
  const [first, last] = (await page.evaluate(String.raw`(() => {
    const text = document.querySelector('.player__title').firstChild;
    const at = (index) => {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return range.getBoundingClientRect().left;
    };
    return [at(0), at(text.length - 1)];
  })()`)) as [number, number];
  expect(last).toBeGreaterThan(first);
});
