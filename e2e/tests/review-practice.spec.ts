import type { Page } from '@playwright/test';
import { expect, saveScreenshot as saveFullPage, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../support/accessibility.ts';
import {
  completeLessonViaApi,
  continueAfterPanel,
  enrolLearner,
  lessonNamed,
  openPlayer,
  panel,
} from './player-helpers.ts';

/*
 * Issue 16: the forgiving check's highlight in the player, and Practice with the words panel after two
 * lessons; then the new screens at 375 and 1280 px in Arabic (RTL) and German (long words).
 */

async function saveScreenshot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  return saveFullPage(page, name);
}

/** 'My family' starts with type 11 (translate 'Ich habe Hunger.'): one letter wrong in 'hungry'. */
async function answerWithTypo(page: Page) {
  const course = await enrolLearner(page, 'basics');
  await openPlayer(page, lessonNamed(course, 'My family'));
  await page.getByRole('textbox').fill('i am hungri');
  // The main button by its place, not its label: the screenshots run in Arabic and German too.
  await page.locator('.player__main').click();
}

/** Two lessons learned through the API: their tested words now have a memory. */
async function learnTwoLessons(page: Page) {
  const course = await enrolLearner(page, 'beginning');
  await completeLessonViaApi(page.request, lessonNamed(course, 'Hello').lessonId);
  await completeLessonViaApi(page.request, lessonNamed(course, 'Good morning').lessonId);
}

test.describe('review (issue 16)', () => {
  test('a typed answer with a typo is accepted and the letter to fix is highlighted', async ({ page }) => {
    await answerWithTypo(page);
    const correct = panel(page, 'correct');
    await expect(correct).toBeVisible();
    await expect(correct).toContainText('Almost! Mind the spelling:');
    await expect(correct.locator('.result-panel__fix strong')).toHaveText('I am hungry');
    await expect(correct.locator('mark.letter-fix')).toHaveText('y');
    await continueAfterPanel(page);
    await expect(page.locator('.result-panel')).toHaveCount(0);
  });

  test('after two lessons, the words panel and Practice show their words', async ({ page }) => {
    await learnTwoLessons(page);

    await page.goto('/dashboard');
    const card = page.locator('.practice-card');
    await expect(card).toContainText('Practice');
    await card.getByRole('link', { name: /My words \(7 words\)/ }).click();

    await expect(page).toHaveURL(/\/words$/);
    const words = page.getByTestId('learned-word');
    await expect(words).toHaveCount(7);
    for (const text of ['Guten Morgen', 'der Hund', 'der Apfel', 'das Haus', 'Ich bin müde']) {
      await expect(words.filter({ hasText: text })).toHaveCount(1);
    }
    await expect(words.first()).toContainText('%');

    await page.getByRole('link', { name: 'Practice', exact: true }).click();
    await expect(page).toHaveURL(/\/practice$/);
    const practised: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const slide = page.locator('.player__slide');
      await expect(slide).toBeVisible();
      practised.push((await slide.getAttribute('data-exercise-type')) ?? '');
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    }
    // Types 1 and 7 test nothing and are never practised; every other type of the two lessons may be.
    expect(practised.every((type) => !['1', '7', ''].includes(type))).toBe(true);
    await expect(page.getByRole('heading', { name: 'Practice done!' })).toBeVisible();
  });
});

for (const language of ['ar', 'de'] as const) {
  for (const width of [375, 1280] as const) {
    test.describe(`review screens in ${language} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('practice card, words panel, practice player and the typo highlight', async ({ page }) => {
        await useInterfaceLanguage(page, language);
        await learnTwoLessons(page);
        const shot = (name: string) => saveScreenshot(page, `review-${name}-${language}-${width}`);

        await page.goto('/dashboard');
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('.practice-card a').first()).toBeVisible();
        await shot('dashboard');

        await page.goto('/words');
        await expect(page.getByTestId('learned-word')).toHaveCount(7);
        await expectNoSeriousViolations(page);
        await shot('words');

        await page.goto('/practice');
        await expect(page.locator('.player__slide')).toBeVisible();
        await shot('practice');

        await answerWithTypo(page);
        await expect(page.locator('mark.letter-fix')).toBeVisible();
        await shot('typo');
      });
    });
  }
}
