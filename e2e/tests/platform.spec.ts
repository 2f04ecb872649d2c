import { expect, test } from '../fixtures/test.ts';

test('the server serves the web app and a healthy API', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  await page.goto('/');
  await expect(page).toHaveTitle(/Parlo/);
});
