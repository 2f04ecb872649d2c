import path from 'node:path';
import { loadHouseAds } from '../../content/build/ads/house-ads.ts';
import { spokenLanguages } from '../../content/build/languages.ts';
import { expect, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { startTestCourse } from './dashboard-learner.ts';

/*
 * Issue 29 item 19: every house ad's title and button show in full in the banner frame, in every interface
 * language, on phones and on a desktop, and the frame keeps its reserved height (120 px, ads.css), so a
 * banner arriving moves nothing. The banner answer is replaced by each ad of content/ads in turn, so every
 * text is measured, not only the one the server happens to pick.
 */

const RESERVED_HEIGHT = 120;
/*
 * The frame is 288 px wide in the dashboard at 320 px (narrower than a result screen's at 375 px, 303 px),
 * 343 px at 375 px and 360 px in the side column at 1280 px (a result screen's: 416 px).
 */
const widths = [320, 375, 1280] as const;
const ads = loadHouseAds();

/** The boxes measured: what a learner must read in full (the texts under them may be shortened). */
interface Measured {
  frameHeight: number;
  problems: string[];
}

/*
 * Runs in the page. Plain JavaScript in a string: the e2e project compiles without the DOM library. A text
 * is cut when it is wider or taller than its box, or when its box runs past the frame (which clips).
 */
const probe = String.raw`(() => {
  const frame = document.querySelector('.ad-banner');
  const edge = frame.getBoundingClientRect();
  const problems = [];
  for (const selector of ['.ad-banner__title', '.ad-banner__action']) {
    const el = frame.querySelector(selector);
    const name = selector + ' "' + el.textContent.trim() + '"';
    const rect = el.getBoundingClientRect();
    if (getComputedStyle(el).display === 'none' || rect.width < 2) problems.push('hidden: ' + name);
    for (const box of [el, ...el.querySelectorAll('*')]) {
      if (box.closest('svg')) continue;
      if (box.scrollWidth > box.clientWidth + 1) problems.push('cut at the side (' + box.scrollWidth + ' > ' + box.clientWidth + '): ' + name);
      if (box.scrollHeight > box.clientHeight + 1) problems.push('cut at the bottom (' + box.scrollHeight + ' > ' + box.clientHeight + '): ' + name);
    }
    const past = Math.max(edge.left - rect.left, rect.right - edge.right, edge.top - rect.top, rect.bottom - edge.bottom);
    if (past > 0.5) problems.push('past the frame by ' + past.toFixed(1) + ' px: ' + name);
  }
  return { frameHeight: edge.height, problems };
})()`;

/** Runs in the page: puts an ad's texts and picture into the banner on screen. */
function showTexts(ad: { eyebrow: string; title: string; action: string; imageUrl: string }) {
  interface Box {
    textContent: string | null;
    setAttribute(name: string, value: string): void;
  }
  const { document } = globalThis as unknown as { document: { querySelector(selector: string): Box } };
  const fill = (selector: string, text: string) => {
    document.querySelector(`.ad-banner ${selector}`).textContent = text;
  };
  fill('.ad-eyebrow-text', ad.eyebrow);
  fill('.ad-banner__title', ad.title);
  fill('.ad-banner__action-label', ad.action);
  document.querySelector('.ad-banner img').setAttribute('src', ad.imageUrl);
}

const screenshotPath = (name: string) =>
  path.join(import.meta.dirname, '..', 'test-results', 'screenshots', `${name}.png`);

test.describe('the banner frame fits every house ad', () => {
  for (const language of spokenLanguages) {
    test(`every title and button in full, at ${RESERVED_HEIGHT} px, in ${language}`, async ({
      page,
      registerViaApi,
    }) => {
      test.setTimeout(90_000);
      await registerViaApi();
      // The banner sits in the dashboard's side column, which a learner with a course has.
      await startTestCourse(page.request, 'beginning');
      await useInterfaceLanguage(page, language);
      const shown = ads.filter((ad) => ad.texts[language]);
      expect(shown.length).toBeGreaterThan(0);
      const first = shown[0]!;
      await page.route('**/api/banners/random*', (route) =>
        route.fulfill({
          json: {
            banner: {
              token: '00000000-0000-4000-8000-000000000000',
              id: first.id,
              kind: first.kind,
              placement: 'banner',
              ...first.texts[language],
              href: first.href,
              imageUrl: `/media/ads/${first.image}`,
            },
          },
        }),
      );
      await page.goto('/dashboard');
      const frame = page.locator('.ad-banner');
      // The side column loads after the greeting, the banner after the catalogue: slow on a busy machine.
      await expect(frame.getByRole('link')).toBeVisible({ timeout: 30_000 });
      const problems: string[] = [];
      for (const ad of shown) {
        // The same banner with each ad's texts and picture in turn: one load per language.
        await page.evaluate(showTexts, { ...ad.texts[language]!, imageUrl: `/media/ads/${ad.image}` });
        await expect(frame.locator('img')).toHaveJSProperty('complete', true);
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          const measured = (await page.evaluate(probe)) as Measured;
          const at = `${language} ${width} px ${ad.id}`;
          if (measured.frameHeight !== RESERVED_HEIGHT) {
            problems.push(`${at}: frame ${measured.frameHeight} px high`);
          }
          problems.push(...measured.problems.map((problem) => `${at}: ${problem}`));
          if (['ar', 'de', 'ru'].includes(language) && width !== 320) {
            await frame.screenshot({ path: screenshotPath(`ads-banner-${language}-${width}-${ad.id}`) });
          }
        }
        await page.setViewportSize({ width: widths[widths.length - 1]!, height: 800 });
      }
      expect(problems).toEqual([]);
    });
  }
});
