import { closeWithEscape, expect, test } from '../fixtures/test.ts';
import { dashboardVeterans } from '../support/seed-ad-learners.ts';
import { startTestCourse } from './dashboard-learner.ts';

/*
 * Issue 15, ADR 038: the dashboard draws its greeting before the side column, and the header's menus
 * fetch their code (Radix's dropdown and the primitives under it) when first reached for. What the
 * learner sees and can do is the same: every card is there, every menu opens by pointer and keyboard.
 */
const MENU_CODE = /\/assets\/(menu-radix|ui-primitives)-[\w-]+\.js$/;

test.describe('dashboard greeting first', () => {
  test('the side column follows the greeting; the menus load their code when opened', async ({
    page,
  }, testInfo) => {
    // An account past its ad-free first week (issue 29), so the side column has its banner.
    const veteran = dashboardVeterans[testInfo.retry] ?? dashboardVeterans[0]!;
    const signedIn = await page.request.post('/api/users/login', { data: veteran });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    await startTestCourse(page.request, 'beginning');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto('/dashboard');
    await expect(page.locator('.dashboard__title')).toBeVisible();
    // The side column arrives whole: Practice, the status panel and the ad banner.
    const side = page.locator('.dashboard__side');
    await expect(side.locator('.practice-card')).toBeVisible();
    await expect(side.getByTestId('status-points')).toHaveText('0');
    await expect(side.locator('.ad-banner')).toBeVisible();
    const program = page.getByRole('button', { name: /Program\s*German for beginners/ });
    await expect(program).toHaveAttribute('aria-haspopup', 'menu');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => MENU_CODE.test(path))).toEqual([]);

    // By pointer: the menu opens once its code is there, and lists the course's programs.
    await program.click();
    await expect(page.getByRole('menuitem', { name: /German for beginners/ })).toBeVisible();
    expect(scripts.some((path) => MENU_CODE.test(path))).toBe(true);
    await closeWithEscape(page.getByRole('menu'));
    await expect(program).toBeFocused();

    // By keyboard, on a menu not opened before: Enter opens it, Escape gives the focus back.
    const bell = page.getByTestId('notification-bell');
    await bell.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: 'Notifications' })).toBeVisible();
    await closeWithEscape(page.getByRole('menu'));
    await expect(bell).toBeFocused();
  });

  // The app honours reduced motion with near-instant animations, not none at all: Radix unmounts a closed
  // menu when its animation ends, and with no duration a menu whose code and style had just arrived stayed
  // on screen, closed but drawn (seen on a busy machine; the CPU is slowed here to make it likely).
  test('with reduced motion a menu opened for the first time closes on Escape', async ({
    page,
    registerViaApi,
  }) => {
    await registerViaApi();
    await startTestCourse(page.request, 'beginning');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (let visit = 0; visit < 3; visit += 1) {
      await page.goto('/dashboard');
      const bell = page.getByTestId('notification-bell');
      await bell.focus();
      await page.keyboard.press('Enter');
      await closeWithEscape(page.getByRole('menu', { name: 'Notifications' }));
      await expect(bell).toBeFocused();
    }
  });
});
