import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, useInterfaceLanguage, verifyLinkFor } from '../fixtures/test.ts';

/** Settings → general, where the badge sits under the e-mail field. */
async function openGeneralSettings(page: Page) {
  await page.goto('/settings/general');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The panel's code loads on first use: allow a slow machine its time.
  await expect(page.locator('.email-status')).toBeVisible({ timeout: 20_000 });
}

test.describe('e-mail verification (issue 30)', () => {
  test('Settings shows the address unconfirmed, sends the link again, and the link confirms it once', async ({
    page,
    registerViaApi,
  }) => {
    const { learner } = await registerViaApi();
    await openGeneralSettings(page);
    const status = page.locator('.email-status');
    await expect(status.getByText('Not confirmed yet')).toBeVisible();
    await status.getByRole('button', { name: 'Send the e-mail again' }).click();
    await expect(status.getByRole('status')).toContainText('Sent. Check the inbox of');
    await expect(status.getByRole('status')).toContainText(learner.email);

    const link = verifyLinkFor(learner.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Your e-mail address is confirmed. Thank you!');
    await page.getByRole('link', { name: 'Go to Parlo' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await openGeneralSettings(page);
    await expect(status.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(status.getByRole('button', { name: 'Send the e-mail again' })).toHaveCount(0);

    // The link works once.
    await page.goto(link);
    await expect(page.getByText('This confirmation link has expired or was already used.')).toBeVisible();
  });

  test('a reset request for an unconfirmed address confirms it first, then sets the new password', async ({
    page,
    createAccount,
  }) => {
    const learner = await createAccount();
    await page.goto('/passrecovery');
    await page.getByLabel('E-mail').fill(learner.email);
    await page.getByRole('button', { name: 'Restore password' }).click();
    await expect(page.getByRole('status')).toHaveText('Password reset link sent to your email');

    await page.goto(verifyLinkFor(learner.email));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill('confirmed then reset');
    await page.getByLabel('Repeat the new password').fill('confirmed then reset');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

    const login = await page.request.post('/api/users/login', {
      data: { email: learner.email, password: 'confirmed then reset' },
    });
    expect(login.status()).toBe(200);
    expect(await login.json()).toMatchObject({ user: { emailVerified: true } });
  });

  test('a link without a token explains what to do', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByText('This link is incomplete.')).toBeVisible();
    await expect(page.locator('.auth__card').getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  for (const language of ['ar', 'de']) {
    test(`the badge and the confirm page in ${language} at 375 and 1280 px`, async ({
      page,
      registerViaApi,
    }) => {
      await useInterfaceLanguage(page, language);
      const { learner } = await registerViaApi();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await openGeneralSettings(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('[data-testid="email-unverified"]')).toBeVisible();
        await page.locator('.email-status button').click();
        await expect(page.locator('.email-status [role="status"]')).toContainText(learner.email);
        await page.locator('.email-status').scrollIntoViewIfNeeded();
        await saveScreenshot(page, `verify-badge-unconfirmed-${language}-${width}`);
      }
      await page.goto(verifyLinkFor(learner.email));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.locator('.auth__card [role="status"]')).toBeVisible();
        await saveScreenshot(page, `verify-confirmed-${language}-${width}`);
      }
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await openGeneralSettings(page);
        await expect(page.locator('[data-testid="email-verified"]')).toBeVisible();
        await page.locator('.email-status').scrollIntoViewIfNeeded();
        await saveScreenshot(page, `verify-badge-confirmed-${language}-${width}`);
      }
    });
  }
});
