import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/*
 * ADR 028: the app restores scrolling itself (React Router's <ScrollRestoration> belongs to the data
 * router it no longer loads): a new screen opens at its top, back returns to where the previous one was.
 */

/** How far the page is scrolled, read in the browser (the e2e code is typed without the DOM). */
const scrollTop = (page: Page) => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);

test('a link opens the next screen at its top; back or a reload returns to where the landing was left', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' });
  await footerLink.scrollIntoViewIfNeeded();
  const leftAt = await scrollTop(page);
  expect(leftAt).toBeGreaterThan(300);

  await footerLink.click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect.poll(() => scrollTop(page)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollTop(page)).toBe(leftAt);

  // A reload, too, comes back to where the page was.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollTop(page)).toBe(leftAt);
});
