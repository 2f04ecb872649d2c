import { expect, saveScreenshot, test, useInterfaceLanguage, type BrowserGlobals } from '../fixtures/test.ts';

/**
 * Issue 12: social sign-in through the server, against a local OpenID Connect provider standing in for
 * Google (e2e/support/serve-with-providers.ts). One learner signs up with Google; the screenshots reuse
 * that session.
 */
test.describe('social sign-in', () => {
  test('"Continue with Google" passes the provider and lands on /select-course signed in', async ({
    page,
  }) => {
    await page.goto('/login');
    const buttons = page.locator('.social__button');
    await expect(buttons).toHaveText([
      'Continue with Google',
      'Continue with Facebook',
      'Continue with VK ID',
    ]);

    await page.getByRole('link', { name: 'Continue with Google' }).click();
    // A first sign-in: Google does not give the age, so Parlo asks for it (under 13 refused).
    await expect(page).toHaveURL(/\/social-sign-up$/);
    await expect(page.getByText('Hello, Gabriela Google!', { exact: false })).toBeVisible();
    await page.getByLabel('How old are you?').fill('12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Parlo is for learners aged 13 and over')).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `social-sign-up-en-${width}`);
    }
    await page.getByLabel('How old are you?').fill('27');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/select-course$/);

    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'gabriela.google@example.com', network: 'g' });

    // Settings → general lists the connected provider; the only way to sign in cannot be unlinked.
    await page.goto('/settings/general');
    const panel = page.locator('.connections');
    await expect(panel.getByText('gabriela.google@example.com')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Disconnect Google' })).toBeDisabled();
    // Linking a second provider from settings goes through the provider and back to this panel.
    await panel.getByRole('link', { name: 'Connect Facebook' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(panel.getByText('Facebook is now connected.')).toBeVisible();
    await expect(panel.getByText('gabriela.fb@example.com')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Disconnect Google' })).toBeEnabled();
    for (const language of ['en', 'de', 'ar']) {
      if (language !== 'en') {
        await page.evaluate((code) => {
          (globalThis as unknown as BrowserGlobals).localStorage.setItem('ui-language', code);
        }, language);
        await page.goto('/settings/general');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
      }
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `test-results/screenshots/connected-accounts-${language}-${width}.png`,
        });
      }
    }

    // Signing in again with Google is a returning learner: to the dashboard, in the account's saved
    // language (English) although this device was last showing Arabic.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('link', { name: 'المتابعة باستخدام Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  for (const language of ['ar', 'de']) {
    test(`shows /login with the three providers in ${language} at 375 and 1280 px`, async ({ page }) => {
      await useInterfaceLanguage(page, language);
      await page.goto('/login?social-error=USER_ALREADY_CONNECTED');
      await expect(page.locator('.social__button')).toHaveCount(3);
      await expect(page.getByRole('alert')).not.toContainText('already connected to another Parlo');
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreenshot(page, `login-social-${language}-${width}`);
      }
    });
  }
});
