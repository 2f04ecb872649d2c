import { expect, saveScreenshot, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { animationsSettled, expectNoSeriousViolations } from '../support/accessibility.ts';
import {
  check,
  completeLessonViaApi,
  continueAfterPanel,
  enrolLearner,
  fakeSpeechRecognition,
  lessonNamed,
  openPlayer,
  option,
  panel,
} from './player-helpers.ts';

/** Waits out the slide so pictures and axe see the settled layout. */
const settle = animationsSettled;

test.describe('player accessibility', () => {
  test('the player, its panels and dialogs pass axe', async ({ page }) => {
    await fakeSpeechRecognition(page);
    const course = await enrolLearner(page);
    await openPlayer(page, lessonNamed(course, 'Hello'));
    await settle(page);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Further', exact: true }).click();
    await page.getByRole('button', { name: 'Not properly', exact: true }).click();
    await expect(panel(page, 'incorrect')).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Report an error' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await continueAfterPanel(page);

    await option(page, 'der Hund').click();
    await check(page);
    await expect(panel(page, 'correct')).toBeVisible();
    await expectNoSeriousViolations(page);
    await continueAfterPanel(page);

    // Chips and picture options.
    await settle(page);
    await expectNoSeriousViolations(page);
  });
});

for (const width of [375, 1280] as const) {
  test.describe(`player screens at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('panels and result screens', async ({ page }) => {
      const course = await enrolLearner(page);
      await openPlayer(page, lessonNamed(course, 'Hello'));
      await page.getByRole('button', { name: 'Further', exact: true }).click();
      await page.getByRole('button', { name: 'Not properly', exact: true }).click();
      await expect(panel(page, 'incorrect')).toBeVisible();
      await settle(page);
      await saveScreenshot(page, `player-panel-incorrect-${width}`);
      await continueAfterPanel(page);
      await option(page, 'der Hund').click();
      await check(page);
      await expect(panel(page, 'correct')).toBeVisible();
      await saveScreenshot(page, `player-panel-correct-${width}`);
      await continueAfterPanel(page);
      await page.getByRole('button', { name: 'Leave the lesson' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      await saveScreenshot(page, `player-dialog-leave-${width}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Rules of this topic' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      await saveScreenshot(page, `player-dialog-rules-${width}`);
      await page.getByRole('button', { name: 'Got it' }).click();
      await option(page, 'Picture 1').click();
      await check(page);
      await continueAfterPanel(page);
      await option(page, 'house').click();
      await check(page);
      await continueAfterPanel(page);
      await page.getByRole('button', { name: 'Right', exact: true }).click();
      await continueAfterPanel(page);
      await expect(page).toHaveURL(/\/endlesson$/);
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, `player-endlesson-${width}`);

      await completeLessonViaApi(page.request, lessonNamed(course, 'Good morning').lessonId);
      await page.goto('/terms');
      await page.evaluate(() => {
        const browser = globalThis as unknown as {
          history: { pushState(state: unknown, unused: string, url: string): void; state: unknown };
          dispatchEvent(event: unknown): boolean;
          PopStateEvent: new (type: string, init: { state: unknown }) => unknown;
        };
        const states: Array<[string, unknown]> = [
          [
            '/successful',
            {
              isBlitz: false,
              status: { name: 'Tier 2', points: 10 },
              endLesson: {
                topicId: 1,
                lessonId: 2,
                remainingLessonsInTopic: 0,
                next: null,
                nextIsNewTopic: false,
                nextAvailable: false,
                lessonsDoneInTopic: 2,
                lessonsInTopic: 2,
              },
              pointsTotal: 14,
            },
          ],
        ];
        for (const [url, state] of states) {
          browser.history.pushState({ usr: state, key: 'shot', idx: 1 }, '', url);
          browser.dispatchEvent(new browser.PopStateEvent('popstate', { state: browser.history.state }));
        }
      });
      await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, `player-successful-${width}`);

      await openPlayer(page, { kind: 'blitz', blitzTopicId: 999_999 });
      await expect(page.getByRole('heading', { name: 'Not open yet' })).toBeVisible();
      await saveScreenshot(page, `player-blitz-locked-${width}`);
    });

    test('the player in Arabic is mirrored', async ({ page }) => {
      await useInterfaceLanguage(page, 'ar');
      await fakeSpeechRecognition(page);
      const course = await enrolLearner(page);
      await openPlayer(page, lessonNamed(course, 'Hello'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('.player__title')).toHaveText('استمع وانطق الكلمة');
      await settle(page);
      await saveScreenshot(page, `player-ar-type-01-${width}`);
      await page.getByRole('button', { name: 'التالي', exact: true }).click();
      await page.getByRole('button', { name: 'غير صحيح', exact: true }).click();
      await expect(panel(page, 'incorrect')).toBeVisible();
      await saveScreenshot(page, `player-ar-panel-incorrect-${width}`);
      await page.getByRole('button', { name: 'متابعة', exact: true }).click();
      await settle(page);
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, `player-ar-type-03-${width}`);
      // The close button sits at the start (right) of the header in a right-to-left layout.
      const close = await page.getByRole('button', { name: 'مغادرة الدرس' }).boundingBox();
      const info = await page.getByRole('button', { name: 'قواعد هذا الموضوع' }).boundingBox();
      expect(close && info && close.x > info.x).toBe(true);
    });
  });
}
