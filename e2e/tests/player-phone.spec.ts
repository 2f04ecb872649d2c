import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { animationsSettled } from '../support/accessibility.ts';
import { enrolLearner, lessonNamed, openPlayer } from './player-helpers.ts';

/*
 * Issue 14: the lesson player on a phone, as learners know it from the apps, and the screens of issue 14
 * photographed at 375 px in German, Russian, Arabic and Chinese (e2e/test-results/screenshots/phone-*).
 */

// With motion, as most learners see it: the slide between exercises is part of the phone's player.
test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'no-preference' });

/** Waits out the 500 ms slide and any arrival animation. */
const settle = animationsSettled;

async function expectWithinViewport(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(812);
}

test('the player fills the phone: no site header or footer, thumb-sized targets, footer in reach', async ({
  page,
}) => {
  const course = await enrolLearner(page);
  await openPlayer(page, lessonNamed(course, 'Hello'));
  await expect(page.locator('.player__title')).toBeVisible();
  await expect(page.locator('header.header')).toHaveCount(0);
  await expect(page.locator('footer.footer')).toHaveCount(0);
  await settle(page);

  // The test course has no recordings, so its play button shows 'not available' (and no slow button).
  for (const selector of [
    '.player__header .icon-button',
    '.audio-button',
    '.player__skip',
    '.player__main',
  ]) {
    const box = await page.locator(selector).first().boundingBox();
    expect(box, selector).not.toBeNull();
    expect(Math.min(box!.width, box!.height), selector).toBeGreaterThanOrEqual(44);
  }
  await expectWithinViewport(page, '.player__main');
  await expectWithinViewport(page, '.player__skip');

  // After the lesson the site frame is back.
  await page.getByRole('button', { name: 'Leave the lesson', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Quit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('header.header')).toHaveCount(1);
});

for (const language of ['de', 'ru', 'ar', 'zh'] as const) {
  test(`phone screens in ${language}`, async ({ page }) => {
    await useInterfaceLanguage(page, language);
    await page.goto('/');
    await expect(page.locator('.course-tile').first()).toBeVisible();
    await saveScreenshot(page, `phone-${language}-landing`);

    const course = await enrolLearner(page);
    await page.goto('/dashboard');
    await expect(page.locator('.topic').first()).toBeVisible({ timeout: 15_000 });
    await saveScreenshot(page, `phone-${language}-dashboard`);

    await page.locator('.avatar').click();
    await page.locator('.settings-menu__item').nth(2).click();
    await expect(page.getByRole('switch').first()).toBeVisible();
    await saveScreenshot(page, `phone-${language}-settings-sounds`);

    await openPlayer(page, lessonNamed(course, 'Hello'));
    for (const type of [1, 2, 3]) {
      await expect(page.locator('.player__title')).toBeVisible();
      await settle(page);
      await page.screenshot({
        path: `test-results/screenshots/phone-${language}-player-type${type}.png`,
      });
      if (type === 3) break;
      await page.locator('.player__main').click();
      // Type 2 answers at once; Enter continues past its result panel.
      if (type === 2) await page.keyboard.press('Enter');
    }

    await page.goto('/limit');
    await expect(page.locator('.billing-hero')).toBeVisible();
    await saveScreenshot(page, `phone-${language}-limit`);
  });
}
