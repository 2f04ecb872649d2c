import { expect, test, useInterfaceLanguage } from '../fixtures/test.ts';

/*
 * Issue 29 item 8: opening a reminder mail's unsubscribe link changes nothing (mail scanners open links
 * and some run the page): the page asks, and only its button sends the request. The one-click address
 * for mail clients (RFC 8058) is covered by apps/server/tests/reminders.test.ts.
 */
test('the unsubscribe page asks first and sends nothing until the button is pressed', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/reminders/unsubscribe'))
      sent.push(request.url());
  });
  await page.goto('/unsubscribe?token=a-token-from-an-old-mail', { waitUntil: 'networkidle' });
  await expect(page.getByText('Stop getting reminder e-mails from Parlo?')).toBeVisible();
  const button = page.getByRole('button', { name: 'Unsubscribe' });
  await expect(button).toBeVisible();
  expect(sent).toEqual([]);

  const answered = page.waitForResponse((response) => response.url().endsWith('/api/reminders/unsubscribe'));
  await button.click();
  expect((await answered).status()).toBe(404);
  expect(sent).toHaveLength(1);
  await expect(page.getByText('This link is not valid any more.', { exact: false })).toBeVisible();
});

for (const language of ['ar', 'de', 'ru']) {
  test(`the unsubscribe question is translated (${language})`, async ({ page }) => {
    await useInterfaceLanguage(page, language);
    await page.goto('/unsubscribe?token=a-token');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    await expect(page.locator('.card button.button--primary')).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `test-results/screenshots/unsubscribe-${language}-${width}.png` });
    }
  });
}
