import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { startTestCourse } from './dashboard-learner.ts';

/*
 * Issue 29 item 21: nothing a developer would chase in the console. Guest pages, a social sign-in's error
 * on /login (prerendered without it, ADR 029) and a new learner's dashboard log no error, no failed request
 * and no React hydration mismatch (#418).
 */

/** Everything the page logs as an error, every answer ≥ 400 and every request that failed, as text. */
function collectNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') noise.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => noise.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) noise.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A request the page no longer needs (a query cancelled on navigation) is not a failure.
    if (!failure.includes('ERR_ABORTED')) noise.push(`failed: ${request.url()} ${failure}`);
  });
  return noise;
}

const guestPages = [
  '/',
  '/login',
  '/register',
  '/passrecovery',
  '/terms',
  '/privacy',
  '/contacts',
  '/unsubscribe?token=from-a-mail',
  '/login?social-error=x',
  '/login?social-error=USER_ALREADY_CONNECTED',
];

for (const address of guestPages) {
  test(`a guest's ${address} logs no error and no failed request`, async ({ page }) => {
    const noise = collectNoise(page);
    await page.goto(address, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page is the app's (hydrated or drawn), not only the prerendered HTML.
    await expect(page.locator('#main')).toBeVisible();
    if (address.includes('social-error')) await expect(page.getByRole('alert')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(noise).toEqual([]);
  });
}

test('a new learner’s dashboard logs no error and no failed request', async ({ page, registerViaApi }) => {
  await registerViaApi();
  await startTestCourse(page.request, 'beginning');
  const noise = collectNoise(page);
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await expect(page.locator('.practice-card')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(withoutTestCourseRecordings(noise)).toEqual([]);
});

/**
 * The test course is seeded straight into the database with no recordings (the bundled courses have
 * theirs), so the dashboard's cache-ahead of its lessons meets a 404 for each phrase: the fixture's gap,
 * not the app's. Each such 404 comes with the browser's own console line and the failed Cache.add.
 */
function withoutTestCourseRecordings(noise: readonly string[]): string[] {
  const missing = noise.filter((line) => /^404 \S+\/audio\/[a-z]{2}\/[0-9a-f]{16}\.mp3$/.test(line)).length;
  let consoleLines = missing;
  return noise.filter((line) => {
    if (/^404 \S+\/audio\//.test(line)) return false;
    if (/^console: Cache\.add\(\) failed for '\S+\/audio\//.test(line)) return false;
    if (consoleLines > 0 && line.includes('Failed to load resource') && line.includes('404')) {
      consoleLines -= 1;
      return false;
    }
    return true;
  });
}

test('a learner who has just signed up and not chosen a course yet logs no error on the way', async ({
  page,
  registerViaApi,
}) => {
  await registerViaApi();
  const noise = collectNoise(page);
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await page.waitForLoadState('networkidle');
  expect(noise).toEqual([]);
});
