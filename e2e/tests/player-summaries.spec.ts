import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, type BrowserGlobals } from '../fixtures/test.ts';
import {
  check,
  completeLessonViaApi,
  continueAfterPanel,
  enrolLearner,
  lessonNamed,
  openPlayer,
  option,
  overview,
  panel,
} from './player-helpers.ts';

/*
 * Issue 29 items 13 and 14: a lesson the server sends back to the dashboard (a repeat, a "More words"
 * lesson) ends on a summary of what it earned, and a new status a "More words" lesson reaches is
 * congratulated first.
 */

/** The same screen (its navigation state survives a reload) in Arabic, German and Russian, then English. */
async function screenshotsInLanguages(page: Page, name: string) {
  for (const language of ['ar', 'de', 'ru', 'en']) {
    await page.evaluate((code) => {
      (globalThis as unknown as BrowserGlobals).localStorage.setItem('ui-language', code);
    }, language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('.result-details')).toBeVisible();
    if (language === 'en') break;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `${name}-${language}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('lesson summaries (issue 29)', () => {
  test('repeating a learned lesson shows no points per answer and ends on a summary', async ({ page }) => {
    test.setTimeout(90_000);
    const course = await enrolLearner(page);
    await completeLessonViaApi(page.request, lessonNamed(course, 'Hello').lessonId);
    const pointsBefore = (await overview(page.request)).statistics.points;

    await page.goto('/dashboard');
    await page
      .locator('.lesson', { hasText: 'Hello' })
      .getByRole('button', { name: /Repeat/ })
      .click();
    await expect(page).toHaveURL(/\/exercise$/);

    await page.getByRole('button', { name: 'Further', exact: true }).click();
    await page.getByRole('button', { name: 'Right', exact: true }).click();
    // A repeat earns nothing: the panel says 'Correct!' without '+1 point'.
    await expect(panel(page, 'correct')).toBeVisible();
    await expect(panel(page, 'correct').locator('.result-panel__points')).toHaveCount(0);
    await continueAfterPanel(page);
    await option(page, 'die Katze').click();
    await check(page);
    await expect(panel(page, 'incorrect')).toBeVisible();
    await continueAfterPanel(page);
    await option(page, 'Picture 1').click();
    await check(page);
    await continueAfterPanel(page);
    await option(page, 'house').click();
    await check(page);
    await continueAfterPanel(page);
    // The wrong one comes back at the end.
    await option(page, 'der Hund').click();
    await check(page);
    await continueAfterPanel(page);

    await expect(page).toHaveURL(/\/endlesson$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lesson repeated' })).toBeVisible();
    await expect(page.getByText('A repeat earns no points', { exact: false })).toBeVisible();
    const tally = page.locator('.result-details__tally');
    await expect(tally.locator('.result-details__row').nth(0)).toContainText('Right answers4');
    await expect(tally.locator('.result-details__row').nth(1)).toContainText('Mistakes1');
    expect((await overview(page.request)).statistics.points).toBe(pointsBefore);
    await screenshotsInLanguages(page, 'summary-repeat');

    await page.getByRole('link', { name: 'Back to the menu' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('"More words" ends on its summary, after congratulating the status it reached', async ({ page }) => {
    test.setTimeout(90_000);
    const course = await enrolLearner(page);
    for (const name of ['Hello', 'Good morning', 'My family', 'Brothers and sisters']) {
      await completeLessonViaApi(page.request, lessonNamed(course, name).lessonId);
    }
    const pointsBefore = (await overview(page.request)).statistics.points;
    await page.goto('/terms');
    await openPlayer(page, lessonNamed(course, 'Greetings: more words'));
    for (let exercise = 0; exercise < 2; exercise += 1) {
      await page.getByRole('button', { name: 'Right', exact: true }).click();
      await continueAfterPanel(page);
    }

    const earned = (await overview(page.request)).statistics.points - pointsBefore;
    expect(earned).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/successful$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
    await expect(page.locator('.status-badge')).toContainText('Tier 3');
    await expect(page.locator('.result-details__points')).toHaveText(`+${earned} points`);
    await screenshotsInLanguages(page, 'summary-more-words-status');

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/endlesson$/);
    await expect(page.getByRole('heading', { level: 1, name: 'More words done!' })).toBeVisible();
    await expect(
      page.getByText('You practised the words of «\u2068Greetings: more words\u2069».'),
    ).toBeVisible();
    await expect(page.locator('.result-details__points')).toHaveText(`+${earned} points`);
    await expect(page.locator('.result-details__tally')).toContainText('Right answers2');
    await screenshotsInLanguages(page, 'summary-more-words');
  });
});
