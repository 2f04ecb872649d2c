import { expect, resetLinkFor, test, verifyLinkFor } from '../fixtures/test.ts';

test.describe('password recovery', () => {
  test('the mailed link sets a new password that then signs in', async ({ page, createAccount }) => {
    const learner = await createAccount();
    const newPassword = 'a brand new secret';
    // Reset mails go only to a confirmed address: the learner opened the link of the sign-up mail.
    await page.goto(verifyLinkFor(learner.email));
    await expect(page.getByText('Your e-mail address is confirmed.')).toBeVisible();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/passrecovery$/);

    await page.getByLabel('E-mail').fill('nobody.here@example.com');
    await page.getByRole('button', { name: 'Restore password' }).click();
    await expect(page.getByRole('alert')).toHaveText('User not found');

    await page.getByLabel('E-mail').fill(learner.email);
    await page.getByRole('button', { name: 'Restore password' }).click();
    await expect(page.getByRole('status')).toHaveText('Password reset link sent to your email');

    const link = resetLinkFor(learner.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill('something else');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

    await page.getByRole('link', { name: 'Log in' }).last().click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('No user found with this email and password.');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link works once only.
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another one');
    await page.getByLabel('Repeat the new password').fill('yet another one');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.');
  });

  test('a link without a token explains what to do', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toContainText('This link is incomplete.');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/passrecovery$/);
  });
});
