import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, testOnOneOffServer, useInterfaceLanguage } from '../fixtures/test.ts';

/*
 * Issue 29 items 6 and 7: phones and the app offer (SPEC §2 /mobile.html). The shared server lists an App
 * Store app (playwright.config.ts); a server of its own lists none.
 */
const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const phone = { userAgent: iPhone, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/** The page's own parts, counted: a page drawn over another shows two of each. */
async function counts(page: Page) {
  return {
    roots: await page.locator('#root > *').count(),
    headers: await page.locator('header').count(),
    mains: await page.locator('main').count(),
    h1: await page.locator('h1').count(),
  };
}

test.describe('a phone, with an app listed', () => {
  test.use(phone);

  test('is offered the app alone, and after "Continue on the web" gets one landing with the app near the top', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/mobile\.html$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Parlo is better in the app' })).toBeVisible();
    await expect(page.locator('.store-badge')).toHaveAttribute(
      'href',
      'https://apps.apple.com/app/parlo/id1234567890',
    );
    // Only the offer: no landing drawn under it, no site header.
    expect(await counts(page)).toEqual({ roots: 1, headers: 0, mains: 0, h1: 1 });

    await page.getByRole('button', { name: 'Continue on the web anyway' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('.hero')).toBeVisible();
    expect(await counts(page)).toEqual({ roots: 1, headers: 1, mains: 1, h1: 1 });
    // The app offer is in the first screen, under the hero's buttons.
    const badge = page.locator('.hero .store-badge');
    await expect(badge).toBeVisible();
    expect((await badge.boundingBox())!.y + 40).toBeLessThan(812);

    // The choice is the device's: the next visit opens the landing at once, the same way.
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('.hero .store-badge')).toBeVisible();
    expect(await counts(page)).toEqual({ roots: 1, headers: 1, mains: 1, h1: 1 });
  });

  test('keeps links from mails (with their token) and password recovery in the browser', async ({ page }) => {
    for (const address of [
      '/reset-password?token=a-reset-token',
      '/unsubscribe?token=an-unsubscribe-token',
      '/passrecovery',
    ]) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(new URL(page.url()).pathname + new URL(page.url()).search, address).toBe(address);
    }
    // Anything else still goes to the offer.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/mobile\.html$/);
  });
});

test('a desktop browser is never sent to the app offer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.hero')).toBeVisible();
  await expect(page.locator('.hero .store-badge')).toHaveCount(0);
});

test.describe('screens', () => {
  for (const language of ['ar', 'de', 'ru']) {
    test(`/ and /mobile.html in ${language} on a phone and a desktop`, async ({ browser }) => {
      for (const width of [375, 1280]) {
        const context = await browser.newContext(
          width === 375 ? phone : { viewport: { width, height: 800 } },
        );
        const page = await context.newPage();
        await useInterfaceLanguage(page, language);
        await page.goto('/mobile.html');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('.store-badge')).toBeVisible();
        await saveScreenshot(page, `mobile-offer-${language}-${width}`);
        if (width === 375) {
          await page.locator('.mobile-offer .button').last().click();
        } else {
          await page.goto('/');
        }
        await expect(page.locator('.hero')).toBeVisible();
        if (width === 375) await expect(page.locator('.hero .store-badge')).toBeVisible();
        expect(await counts(page)).toEqual({ roots: 1, headers: 1, mains: 1, h1: 1 });
        await saveScreenshot(page, `landing-${language}-${width}`);
        await context.close();
      }
    });
  }
});

/* Item 7: with no listing configured there is no app to offer, so phones stay on the web app. */
const testWithNoAppListed = testOnOneOffServer({ APP_STORE_URL: undefined, PLAY_STORE_URL: undefined });
testWithNoAppListed.describe('a phone, with no app listed', () => {
  testWithNoAppListed.use(phone);

  testWithNoAppListed(
    'stays on the landing, with no store link anywhere, and /mobile.html leads home',
    async ({ page, baseURL }) => {
      await page.goto('/');
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.locator('.hero')).toBeVisible();
      await page.locator('.install').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.store-badge')).toHaveCount(0);
      expect(await counts(page)).toEqual({ roots: 1, headers: 1, mains: 1, h1: 1 });

      await page.goto('/login');
      await expect(page).toHaveURL(`${baseURL}/login`);
      await page.goto('/mobile.html');
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.locator('.hero')).toBeVisible();
      await expect(page.locator('.store-badge')).toHaveCount(0);
    },
  );
});
