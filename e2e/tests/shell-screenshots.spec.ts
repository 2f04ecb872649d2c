import { expect, saveScreenshot, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../support/accessibility.ts';

const widths = [375, 1280] as const;
const languages = ['en', 'ar'] as const;

for (const language of languages) {
  for (const width of widths) {
    test.describe(`${language} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test.beforeEach(async ({ page }) => {
        await useInterfaceLanguage(page, language);
      });

      test('landing, login and register look right and pass axe', async ({ page }) => {
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('.course-tile').first()).toBeVisible();
        await expectNoSeriousViolations(page);
        await saveScreenshot(page, `landing-${language}-${width}`);

        await page.goto('/login');
        await expect(page.locator('.auth__card')).toBeVisible();
        await expectNoSeriousViolations(page);
        await saveScreenshot(page, `login-${language}-${width}`);

        await page.goto('/register');
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('.field__error')).toBeVisible();
        await expectNoSeriousViolations(page);
        await saveScreenshot(page, `register-${language}-${width}`);
      });

      test('the dashboard frame looks right and passes axe', async ({ page, registerViaApi }) => {
        await registerViaApi();
        await page.goto('/dashboard');
        await expect(page.locator('.dashboard')).toBeVisible();
        await expectNoSeriousViolations(page);
        await saveScreenshot(page, `dashboard-${language}-${width}`);

        await page.goto('/dashboard');
        await page.locator('.avatar').click();
        await expect(page.locator('.settings-menu')).toBeVisible();
        await expectNoSeriousViolations(page);
        await saveScreenshot(page, `dashboard-settings-${language}-${width}`);
      });
    });
  }
}
