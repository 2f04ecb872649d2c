import type { Page } from '@playwright/test';
import { expect, saveScreenshot as saveFullPage, test, useInterfaceLanguage } from '../fixtures/test.ts';

/** From the top: the sticky header would otherwise be drawn in the middle of a full-page picture. */
async function saveScreenshot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  return saveFullPage(page, name);
}

const widths = [375, 1280] as const;
const languages = ['en', 'ar'] as const;

for (const language of languages) {
  for (const width of widths) {
    test.describe(`onboarding in ${language} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('every step looks finished', async ({ page, registerViaApi }) => {
        await useInterfaceLanguage(page, language);
        await registerViaApi();
        const shot = (step: string) => saveScreenshot(page, `onboarding-${step}-${language}-${width}`);

        await page.goto('/select-course');
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('.option').first()).toBeVisible();
        await shot('1-spoken');
        await page.locator('.option', { hasText: 'Test learners' }).click();
        await page.locator('.onboarding-actions button[type="submit"]').click();
        await expect(page.locator('.course-card').first()).toBeVisible();
        await shot('2-course');
        await page.locator('.course-card', { hasText: 'German' }).click();
        await expect(page.locator('.program-card').first()).toBeVisible();
        await shot('3-program');
        await page.locator('.program-card').first().click();
        await expect(page.locator('.level-choice').first()).toBeVisible();
        await shot('4-level');
        await page.locator('.level-choice').first().click();
        await expect(page.locator('.reminders-form')).toBeVisible();
        await page.locator('.time-input').fill('');
        await page.locator('.time-input').pressSequentially('25');
        await page.locator('.reminders-form button[type="submit"]').click();
        await expect(page.locator('.field__error')).toBeVisible();
        await shot('5-reminders');
        await page.locator('.time-input').fill('19:30');
        await page.locator('.reminders-form button[type="submit"]').click();
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.locator('.alert--success')).toBeVisible();
      });
    });
  }
}
