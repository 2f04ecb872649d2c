import type { Request } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { startTestCourse } from './dashboard-learner.ts';

/*
 * Issue 15 (ADR 031), issue 33 item 3: a load that opens on the dashboard asks for the page's code and its
 * data together (the route's `lazy` module and its loader, app/router.tsx), not the data after the code
 * has loaded and mounted; and each file is downloaded once. A guest's /dashboard goes to sign-in.
 */
const PAGE_CODE = /\/assets\/dashboard-route-[\w-]+\.js$/;
const DASHBOARD_CALL = /\/api\/learning\/dashboard$/;

interface Timed {
  startedAt: number;
  finishedAt: number;
}

function timed(request: Request): Timed {
  const timing = request.timing();
  return { startedAt: timing.startTime, finishedAt: timing.startTime + timing.responseEnd };
}

test.describe('dashboard code and data', () => {
  test("the dashboard's code and its data are fetched together, each file once", async ({
    page,
    registerViaApi,
  }) => {
    await registerViaApi();
    await startTestCourse(page.request, 'beginning');
    const scripts: string[] = [];
    const finished: Request[] = [];
    page.on('requestfinished', (request) => {
      finished.push(request);
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto('/dashboard');
    await expect(page.locator('.dashboard__title')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('status-points')).toHaveText('0');
    await page.waitForLoadState('networkidle');

    const code = finished.filter((request) => PAGE_CODE.test(new URL(request.url()).pathname));
    const data = finished.filter((request) => DASHBOARD_CALL.test(new URL(request.url()).pathname));
    expect(code).toHaveLength(1);
    // The first answer is the loader's (a part mounting more than 2 s later asks again: useDashboard).
    expect(data.length).toBeGreaterThanOrEqual(1);
    // The page's code: its chunk and what it imports (zod, the features' English…), asked for together.
    const pageCode = timed(code[0]!);
    const pageData = data.map(timed).sort((a, b) => a.startedAt - b.startedAt)[0]!;
    const codeDone = Math.max(
      ...finished
        .filter((request) => request.resourceType() === 'script')
        .map(timed)
        .filter((script) => script.startedAt >= pageCode.startedAt && script.startedAt < pageData.finishedAt)
        .map((script) => script.finishedAt),
    );
    // Each asked for before the other had arrived: the downloads overlap (in series, the data would be
    // asked for once the code had arrived and the page had mounted).
    expect(pageData.startedAt).toBeLessThan(codeDone);
    expect(pageCode.startedAt).toBeLessThan(pageData.finishedAt);
    expect([...scripts].sort()).toEqual([...new Set(scripts)].sort());
  });

  test("a guest's /dashboard goes to sign-in", async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });
});
