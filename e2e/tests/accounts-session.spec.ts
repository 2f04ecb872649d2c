import { expect, newLearner, test, type BrowserGlobals } from '../fixtures/test.ts';

test.describe('signing in and out', () => {
  test('login, reload, logout keeps only the interface language', async ({ page, createAccount }) => {
    const learner = await createAccount();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('No user found with this email and password.');

    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Hi, ${learner.name}!` })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: `Hi, ${learner.name}!` })).toBeVisible();

    // Switch language and leave a device record behind, then log out through the settings menu.
    await page.getByRole('button', { name: 'Interface language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.evaluate(() => {
      const { localStorage } = globalThis as unknown as BrowserGlobals;
      localStorage.setItem('notifications', '[]');
      localStorage.setItem('free-lessons', '{"num":2}');
    });
    await page.getByRole('button', { name: 'Perfil y ajustes' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Cerrar sesión?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const stored = await page.evaluate(() =>
      Object.keys((globalThis as unknown as BrowserGlobals).localStorage).sort(),
    );
    expect(stored).toEqual(['free-lessons', 'ui-language']);
    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(401);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/logout ends the session and shows the home page', async ({ page, registerViaApi }) => {
    await registerViaApi();
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });

  test("the account's saved interface language applies after login", async ({ page, createAccount }) => {
    const learner = await createAccount({ ...newLearner(), uiLanguage: 'tr' });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('heading', { name: `Merhaba ${learner.name}!` })).toBeVisible();
  });
});
