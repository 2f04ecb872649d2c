import { expect, test } from '../fixtures/test.ts';

test.describe('interface languages', () => {
  test('Arabic turns the page right-to-left and stays after a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByRole('button', { name: 'Interface language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'تحدّث لغة جديدة في 7 أيام' })).toBeVisible();
    // SPEC §9: the menu closes on its own shortly (100 ms) after the choice.
    await expect(page.getByRole('menu')).toBeHidden();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('link', { name: 'دخول', exact: true })).toBeVisible();
  });

  test('Russian counts with its plural forms', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Interface language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const facts = page.getByRole('region', { name: 'Parlo в цифрах' });
    await expect(facts.getByText('7 дней')).toBeVisible();
    await expect(facts.getByText('2 бесплатных урока')).toBeVisible();
    await expect(facts.getByText('5 минут')).toBeVisible();
  });

  test('a browser language is used on the first visit', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
    await context.close();
  });

  test('a signed-in choice is saved in the account settings', async ({ page, registerViaApi }) => {
    await registerViaApi();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Interface language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(
      page
        .getByRole('heading', { name: 'Deine Themen' })
        .or(page.getByRole('heading', { name: 'Wähle deinen ersten Kurs' })),
    ).toBeVisible();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/users/me')).json()) as { settings: { uiLanguage: string } })
            .settings.uiLanguage,
      )
      .toBe('de');
  });
});
