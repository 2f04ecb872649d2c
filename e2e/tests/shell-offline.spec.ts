import { expect, test } from '../fixtures/test.ts';

test.describe('when the API does not answer', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  });

  test('login says the server is not responding', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Server not responding, try again later');
  });

  test('registration and password recovery say so too', async ({ page }) => {
    await page.goto('/passrecovery');
    await page.getByLabel('E-mail').fill('someone@example.com');
    await page.getByRole('button', { name: 'Restore password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Server not responding, try again later');

    await page.goto('/register');
    await page.getByLabel('What should we call you?').fill('Ana');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('How old are you?').fill('30');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Your e-mail').fill('ana@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Create a password').fill('secret12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Server not responding, try again later');
  });

  test('a protected page offers a retry instead of guessing', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('alert')).toContainText('Server not responding, try again later');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
