import { expect, test } from '../fixtures/test.ts';

// playwright.config.ts sets APP_STORE_URL and leaves PLAY_STORE_URL unset.
test('store badges link to the configured listings and hide the ones not configured', async ({ page }) => {
  await page.goto('/');
  // Asked for when the badges near the screen (ADR 028).
  // The app may still be taking over the prerendered page (ADR 029): scroll again if the node was replaced.
  await expect(() => page.locator('.install').scrollIntoViewIfNeeded({ timeout: 1_000 })).toPass();
  const appStore = page.locator('.store-badge');
  await expect(appStore).toHaveCount(1);
  await expect(appStore).toHaveAttribute('href', 'https://apps.apple.com/app/parlo/id1234567890');
  await expect(page.locator('a[href="#"]')).toHaveCount(0);
});
