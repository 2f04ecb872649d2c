import { expect, test } from '../fixtures/test.ts';
import { startTestCourse } from './dashboard-learner.ts';

/*
 * Issue 15, ADR 042: a signed-in learner's dashboard comes in a shell that asks for the page's own files
 * (its chunk, the shared screens' code, zod, the features' English and their styles) beside the entry,
 * instead of after the entry has run; the app's own import of the page then finds them there (each is
 * downloaded once). A guest's /dashboard (sent on to /login) gets the plain shell.
 */
const PAGE_FILES = /\/assets\/(dashboard-route|screens-shared|zod|locale-en)-[\w-]+\.(js|css)$/;

function preloadedFiles(html: string): string[] {
  return [
    ...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"[^>]*fetchpriority="low"/g),
  ].map((match) => match[1]!);
}

test.describe('dashboard preloads', () => {
  test("the signed-in dashboard's shell preloads the page's files, each fetched once", async ({
    page,
    registerViaApi,
  }) => {
    await registerViaApi();
    await startTestCourse(page.request, 'beginning');
    const fetched: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (PAGE_FILES.test(path)) fetched.push(path);
    });

    const response = await page.goto('/dashboard');
    const preloaded = preloadedFiles((await response?.text()) ?? '');
    expect(preloaded.some((path) => /\/assets\/dashboard-route-[\w-]+\.js$/.test(path))).toBe(true);
    expect(preloaded.some((path) => /\/assets\/locale-en-[\w-]+\.js$/.test(path))).toBe(true);
    expect(preloaded.some((path) => /\/assets\/dashboard-route-[\w-]+\.css$/.test(path))).toBe(true);
    expect(preloaded.every((path) => PAGE_FILES.test(path))).toBe(true);

    await expect(page.locator('.dashboard__title')).toBeVisible();
    await expect(page.getByTestId('status-points')).toHaveText('0');
    await page.waitForLoadState('networkidle');
    expect([...fetched].sort()).toEqual([...new Set(fetched)].sort());
    expect(new Set(fetched)).toEqual(new Set(preloaded));
  });

  test("a guest's /dashboard gets the plain shell and goes to sign-in", async ({ page }) => {
    const response = await page.goto('/dashboard');
    expect(preloadedFiles((await response?.text()) ?? '')).toEqual([]);
    await expect(page).toHaveURL(/\/login/);
  });
});
