import type { Locator, Page } from '@playwright/test';
import { expect, saveScreenshot, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { completeLessonViaApi, enrolLearner, lessonNamed, openPlayer } from './player-helpers.ts';

/*
 * Issue 29 item 9: in a right-to-left interface the course's German (and the learner's English) keeps its
 * own direction: word chips run left to right, the right answer keeps its final punctuation at its end,
 * typed text is laid out as typed. The interface around them stays right to left.
 */

/** How the browser resolved an element's direction (:dir() follows dir="auto" too). */
function resolvedDirection(element: Locator) {
  return element.evaluate((node) => (node.matches(':dir(rtl)') ? 'rtl' : 'ltr'));
}

/** The computed bidi isolation of an element: 'isolate' keeps the text around it from reordering it. */
function bidiOf(element: Locator) {
  return element.evaluate(
    (node) =>
      (
        globalThis as unknown as { getComputedStyle(node: unknown): { unicodeBidi: string } }
      ).getComputedStyle(node).unicodeBidi,
  );
}

async function xOf(element: Locator): Promise<number> {
  const box = await element.boundingBox();
  if (!box) throw new Error('element not laid out');
  return box.x;
}

const main = (page: Page) => page.locator('.player__main');
const continueButton = (page: Page) => page.locator('.result-panel__continue');

test.describe('course text in an Arabic interface (issue 29)', () => {
  test('chips, the answer line, the right answer and typed text keep their own direction', async ({
    page,
  }) => {
    await useInterfaceLanguage(page, 'ar');
    const course = await enrolLearner(page);
    await completeLessonViaApi(page.request, lessonNamed(course, 'Hello').lessonId);
    await page.goto('/terms');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await openPlayer(page, lessonNamed(course, 'Good morning'));

    await test.step('types 6-8 answered', async () => {
      await page.locator('.options').getByRole('button', { name: 'Good morning', exact: true }).click();
      await main(page).click();
      await continueButton(page).click();
      await main(page).click(); // type 7: 'further'
      await page.locator('.options').getByRole('button', { name: 'bin', exact: true }).click();
      await main(page).click();
      await continueButton(page).click();
    });

    await test.step('type 9: the chips and the answer line run left to right', async () => {
      const bank = page.locator('.chip-bank');
      await expect(bank).toHaveAttribute('dir', 'ltr');
      await expect(bank).toHaveAttribute('lang', 'de');
      expect(await resolvedDirection(bank)).toBe('ltr');
      // The bank keeps the content's order: its first chip on the left, as the sentence is read.
      const chips = bank.locator('.chip');
      expect(await xOf(chips.nth(0))).toBeLessThan(await xOf(chips.nth(1)));
      for (const word of ['Ich', 'ist', 'müde']) {
        await bank.getByRole('button', { name: word, exact: true }).click();
      }
      const line = page.locator('.answer-line');
      await expect(line).toHaveAttribute('dir', 'ltr');
      const placed = line.locator('.chip--placed');
      expect(await xOf(placed.nth(0))).toBeLessThan(await xOf(placed.nth(1)));
      expect(await xOf(placed.nth(1))).toBeLessThan(await xOf(placed.nth(2)));
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreenshot(page, `rtl-chips-ar-${width}`);
      }
    });

    await test.step('the right answer is isolated, in its own direction', async () => {
      await main(page).click();
      const rightAnswer = page.locator('.result-panel--incorrect .result-panel__right-answer');
      await expect(rightAnswer).toHaveText('Ich bin müde');
      expect(await rightAnswer.evaluate((node) => node.tagName)).toBe('BDI');
      await expect(rightAnswer).toHaveAttribute('dir', 'auto');
      expect(await bidiOf(rightAnswer)).toBe('isolate');
      expect(await resolvedDirection(rightAnswer)).toBe('ltr');
      // The panel around it stays Arabic, right to left.
      expect(await resolvedDirection(page.locator('.result-panel__answer').first())).toBe('rtl');
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreenshot(page, `rtl-right-answer-ar-${width}`);
      }
      await continueButton(page).click();
    });
  });

  test('typed answers are laid out in the direction they are written', async ({ page }) => {
    await useInterfaceLanguage(page, 'ar');
    const course = await enrolLearner(page);
    await completeLessonViaApi(page.request, lessonNamed(course, 'Hello').lessonId);
    await completeLessonViaApi(page.request, lessonNamed(course, 'Good morning').lessonId);
    await page.goto('/terms');
    await openPlayer(page, lessonNamed(course, 'My family'));

    // Type 11: a translation into the learner's own language (English here) takes the typed text's way.
    const translation = page.locator('.text-answer__input');
    await expect(translation).toHaveAttribute('dir', 'auto');
    await translation.fill('I am fine, thank you.');
    expect(await resolvedDirection(translation)).toBe('ltr');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `rtl-typed-ar-${width}`);
    }
    await main(page).click();
    const rightAnswer = page.locator('.result-panel--incorrect .result-panel__right-answer');
    await expect(rightAnswer).toBeVisible();
    expect(await resolvedDirection(rightAnswer)).toBe('ltr');
    await continueButton(page).click();

    // Type 12, then type 13: German typed as German, left to right whatever the interface.
    await page
      .locator('.options')
      .getByRole('button', { name: 'Where is the station?', exact: true })
      .click();
    await main(page).click();
    await continueButton(page).click();
    const german = page.locator('.text-answer__input');
    await expect(german).toHaveAttribute('lang', 'de');
    await expect(german).toHaveAttribute('dir', 'ltr');
    await german.fill('Danke schön.');
    expect(await resolvedDirection(german)).toBe('ltr');
  });
});
