import { expect, test } from '../fixtures/test.ts';

test('the server serves the web app and a healthy API', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  await page.goto('/');
  await expect(page).toHaveTitle(/Parlo/);
});

test('the production build publishes no source maps', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(await (await request.get(script)).text()).not.toContain('sourceMappingURL');
    // An unknown path answers the app's page, never a map.
    const map = await request.get(`${script}.map`);
    expect(map.headers()['content-type']).toContain('text/html');
  }
});
