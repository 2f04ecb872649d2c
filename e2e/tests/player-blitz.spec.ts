import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  check,
  completeLessonViaApi,
  continueAfterPanel,
  enrolLearner,
  lessonNamed,
  openPlayer,
  option,
  overview,
  panel,
  topicNamed,
  type TestCourse,
} from './player-helpers.ts';

/** Finishes the two basic topics: Hello, Good morning and My family by API, the last lesson in the player. */
async function finishBasics(page: Page, course: TestCourse) {
  for (const name of ['Hello', 'Good morning', 'My family']) {
    await completeLessonViaApi(page.request, lessonNamed(course, name).lessonId);
  }
  await openPlayer(page, lessonNamed(course, 'Brothers and sisters'), { secret: true });
  await option(page, 'house').click();
  await check(page);
  await continueAfterPanel(page);
  await option(page, 'Where is the station?').click();
  await check(page);
  await continueAfterPanel(page);
  await expect(page).toHaveURL(/\/(endlesson|successful)$/);
  if (page.url().endsWith('/successful')) await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/endlesson$/);
}

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Lesson progress' });

test.describe('blitz', () => {
  test('the next topic waits for the blitz; a lost blitz can be retried and passed', async ({ page }) => {
    test.setTimeout(90_000);
    const course = await enrolLearner(page);
    await finishBasics(page, course);

    await test.step('/endlesson: the next topic is shut behind the blitz', async () => {
      await expect(page.getByRole('button', { name: 'Next topic' })).toBeDisabled();
      await expect(page.getByText('Pass the blitz to open the next lesson.')).toBeVisible();
    });

    const blitz = { kind: 'blitz', blitzTopicId: topicNamed(course, 'Blitz: the basics').id } as const;
    await openPlayer(page, blitz);

    await test.step('three mistakes lose the blitz: /unsuccessful', async () => {
      await expect(progress(page)).toHaveAttribute('aria-valuenow', '5');
      await expect(page.locator('.player__lives')).toContainText('3');
      await page.getByRole('button', { name: 'Not properly', exact: true }).click();
      await expect(panel(page, 'incorrect')).toContainText('Mistakes left: 2');
      await continueAfterPanel(page);
      await option(page, 'die Katze').click();
      await check(page);
      await expect(panel(page, 'incorrect')).toContainText('Mistakes left: 1');
      await continueAfterPanel(page);
      // A skip costs a mistake in a blitz, and the dialog says so.
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await expect(page.getByRole('dialog')).toContainText('counts as a mistake');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await option(page, 'sind').click();
      await check(page);
      await expect(panel(page, 'incorrect')).toContainText('Mistakes left: 0');
      await continueAfterPanel(page);
      await expect(page).toHaveURL(/\/unsuccessful$/);
      await expect(page.getByRole('heading', { name: 'Sorry!' })).toBeVisible();
    });

    await test.step('retry, all right: /successful as a passed blitz', async () => {
      const pointsBefore = (await overview(page.request)).statistics.points;
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page).toHaveURL(/\/exercise$/);
      await expect(progress(page)).toHaveAttribute('aria-valuenow', '5');
      await page.getByRole('button', { name: 'Right', exact: true }).click();
      // No '+1 point' in a blitz.
      await expect(panel(page, 'correct')).toContainText('Correct!');
      await expect(panel(page, 'correct')).not.toContainText('+1 point');
      await continueAfterPanel(page);
      await expect(progress(page)).toHaveAttribute('aria-valuenow', '24');
      for (const answer of ['der Hund', 'bin', 'Where is the station?', 'Where is the station?']) {
        await option(page, answer).click();
        await check(page);
        await continueAfterPanel(page);
      }
      await expect(page).toHaveURL(/\/successful$/);
      await expect(page.getByRole('heading', { name: 'Successful pass!' })).toBeVisible();
      // The screen says what the pass really opened, never a blanket "the next topics are open".
      await expect(
        page.getByText(/^You passed the blitz\.( \d+ new topics? (is|are) open\.)?$/),
      ).toBeVisible();
      expect((await overview(page.request)).statistics.points).toBe(pointsBefore + 25);
      await page.getByRole('link', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
});
