import type { Locator, Page } from '@playwright/test';
import { expect, saveScreenshot, test, useInterfaceLanguage } from '../fixtures/test.ts';

/*
 * Issue 29 item 19: names are not broken mid-word, the error screen opens at its top, and messages are
 * shown where the eye is and go when the situation they describe has changed.
 */

/** The lines an element's text takes. */
function linesOf(element: Locator) {
  return element.evaluate((node) => {
    const box = node as unknown as {
      getBoundingClientRect(): { height: number };
      ownerDocument: { defaultView: { getComputedStyle(node: unknown): { lineHeight: string } } };
    };
    const lineHeight = parseFloat(box.ownerDocument.defaultView.getComputedStyle(node).lineHeight);
    return Math.round(box.getBoundingClientRect().height / lineHeight);
  });
}

async function spokenLanguageNames(page: Page) {
  const names = page.locator('.option-grid .option__name');
  await expect(names.first()).toBeVisible();
  return names.all();
}

test.describe('polish (issue 29)', () => {
  for (const language of ['de', 'ru', 'ar']) {
    test(`/select-course keeps every one-word language name on one line in ${language}`, async ({
      page,
      registerViaApi,
    }) => {
      await useInterfaceLanguage(page, language);
      await registerViaApi();
      for (const width of [768, 1024, 1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/select-course');
        for (const name of await spokenLanguageNames(page)) {
          const text = (await name.textContent()) ?? '';
          if (/\s/.test(text.trim())) continue;
          expect(await linesOf(name), `${text} at ${width} px`).toBe(1);
        }
        if (width === 375 || width === 1280) await saveScreenshot(page, `select-course-${language}-${width}`);
      }
    });
  }

  test('the error screen opens at its top, below the header', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 640 });
    await page.goto('/test');
    const crash = page.getByRole('button', { name: 'Simulate a crash' });
    await crash.scrollIntoViewIfNeeded();
    await page.evaluate(() =>
      (globalThis as unknown as { scrollBy(x: number, y: number): void }).scrollBy(0, 400),
    );
    await crash.click();
    const heading = page.getByRole('heading', { name: 'Oops! Something went wrong' });
    await expect(heading).toBeVisible();
    expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
    const header = await page.locator('header.header').boundingBox();
    const title = await heading.boundingBox();
    expect(title!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });

  test("a provider's news is shown in view, and goes once that provider is disconnected", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    // The first social test of a run makes this account; a later one signs into it.
    await expect(page).toHaveURL(/\/(social-sign-up|dashboard|select-course)$/);
    if (page.url().endsWith('/social-sign-up')) {
      await page.getByLabel('How old are you?').fill('12');
      await page.getByRole('button', { name: 'Create account' }).click();
      const tooYoung = page.getByText('Parlo is for learners aged 13 and over', { exact: true });
      await expect(tooYoung).toBeVisible();
      // The error answers the value that was sent: editing the field clears it.
      await page.getByLabel('How old are you?').fill('');
      await expect(tooYoung).toHaveCount(0);
      await page.getByLabel('How old are you?').fill('27');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL(/\/select-course$/);
    }

    await page.goto('/settings/general');
    const panel = page.locator('.connections');
    const disconnectFacebook = panel.getByRole('button', { name: 'Disconnect Facebook' });
    await expect(panel.getByText('gabriela.google@example.com')).toBeVisible();
    if (await disconnectFacebook.isVisible()) {
      await disconnectFacebook.click();
      await expect(panel.getByRole('link', { name: 'Connect Facebook' })).toBeVisible();
    }
    await panel.getByRole('link', { name: 'Connect Facebook' }).click();
    const connected = page.getByText('Facebook is now connected.');
    await expect(connected).toBeVisible();
    // Back from the provider the page opens at its top; the news is brought to where the eye is.
    await expect(connected).toBeInViewport();
    await saveScreenshot(page, 'connected-in-view-en-375');

    await panel.getByRole('button', { name: 'Disconnect Facebook' }).click();
    await expect(panel.getByRole('link', { name: 'Connect Facebook' })).toBeVisible();
    await expect(connected).toHaveCount(0);
  });
});
