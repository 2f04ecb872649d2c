import type { Page } from '@playwright/test';
import { expect, saveScreenshot as saveFullPage, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../support/accessibility.ts';

/** From the top: the sticky header would otherwise be drawn in the middle of a full-page picture. */
async function saveScreenshot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  return saveFullPage(page, name);
}
import { completeLesson, solidPng, startTestCourse } from './dashboard-learner.ts';

const widths = [375, 1280] as const;
const languages = ['en', 'ar'] as const;

for (const language of languages) {
  for (const width of widths) {
    test.describe(`dashboard in ${language} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('topics, ratings, status road and settings look finished and pass axe', async ({
        page,
        registerViaApi,
      }) => {
        // Eight screens, five axe runs and eight full-page pictures: near a minute on a busy 2-core machine.
        test.setTimeout(120_000);
        await useInterfaceLanguage(page, language);
        await registerViaApi();
        const course = await startTestCourse(page.request, 'beginning');
        await completeLesson(page.request, course.lesson('Greetings', 'Hello').id);
        const shot = (panel: string) => saveScreenshot(page, `dash-${panel}-${language}-${width}`);

        await page.goto('/dashboard');
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('.topic').first()).toBeVisible();
        await expect(page.locator('.continue-card')).toBeVisible();
        await expect(page.getByTestId('status-points')).toHaveText('4');
        await expectNoSeriousViolations(page);
        await shot('topics');

        await page.locator('.dashboard-tabs__tab').nth(1).click();
        await expect(page.locator('.leaderboard__row--me')).toBeVisible();
        await expectNoSeriousViolations(page);
        await shot('ratings');

        await page.locator('.dashboard-tabs__tab').nth(2).click();
        await expect(page.locator('.road__step')).toHaveCount(15);
        await expectNoSeriousViolations(page);
        await shot('status-road');

        await page.locator('.avatar').click();
        await expect(page.locator('.settings-menu')).toBeVisible();
        await expect(page.locator('.settings-form')).toBeVisible();
        await expectNoSeriousViolations(page);
        await shot('settings-general');

        await page.locator('.settings-menu__item').nth(1).click();
        await page
          .getByTestId('photo-file')
          .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(400, 300) });
        await expect(page.locator('.photo-editor__canvas')).toBeVisible();
        await expectNoSeriousViolations(page);
        await shot('settings-photo');

        await page.locator('.settings-menu__item').nth(2).click();
        await expect(page.getByRole('switch')).toHaveCount(3);
        await shot('settings-sounds');

        await page.locator('.settings-menu__item').nth(3).click();
        await expect(page.locator('.plan-card')).toBeVisible();
        await shot('settings-subscription');

        await page.locator('.settings-menu__item').nth(4).click();
        await expect(page.locator('.reminders-form')).toBeVisible();
        await shot('settings-reminders');

        // A rules lesson opens its text in a dialog. (A reload keeps the panel, so go through the menu.)
        await page.locator('.settings-menu__back').click();
        await page.locator('.lesson--rules .button').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoSeriousViolations(page);
        await shot('rules');
      });

      test('limit and offer look finished', async ({ page, registerViaApi }) => {
        await useInterfaceLanguage(page, language);
        await registerViaApi();
        await page.goto('/limit');
        await expect(page.locator('.billing-hero')).toBeVisible();
        await expectNoSeriousViolations(page);
        await saveScreenshot(page, `dash-limit-${language}-${width}`);
        await page.goto('/offer');
        await expect(page.locator('.price-list')).toBeVisible();
        await expectNoSeriousViolations(page);
        await saveScreenshot(page, `dash-offer-${language}-${width}`);
      });
    });
  }
}
