import type { Page, Response } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { chooseProgram } from './course-progress.ts';
import { openPlayer } from './player-helpers.ts';

/*
 * The bundled courses as a learner meets them: for each course, a Russian speaker and an English speaker
 * (Arabic for the English course, which English speakers are not offered) play its first lesson in the
 * real player, and hear its recordings; and a learner who starts at B1 (each course's third program, issue
 * 32) plays that program's first lesson.
 */

const runs: Array<[course: string, speaker: string]> = [
  ['en', 'ru'],
  ['en', 'ar'],
  ['de', 'ru'],
  ['de', 'en'],
  ['fr', 'ru'],
  ['fr', 'en'],
  ['es', 'ru'],
  ['es', 'en'],
];

/** Plays the learner's current lesson to its end, listening wherever there is something to hear. */
async function playCurrentLesson(page: Page, course: string, lessonId: number, topicId: number) {
  const recordings: Response[] = [];
  const recordingUrl = new RegExp(`/audio/${course}/[0-9a-f]{16}\\.mp3$`);
  page.on('response', (response) => {
    if (recordingUrl.test(response.url())) recordings.push(response);
  });
  const heard = () => recordings.filter((response) => response.status() === 200);
  await openPlayer(page, { kind: 'lesson', lessonId, topicId });
  const progress = page.locator('.player__header').getByRole('progressbar');

  // Listen wherever there is something to hear, then skip: the lesson must play through to its end.
  for (let step = 0; step < 40 && !/\/endlesson$/.test(page.url()); step += 1) {
    const play = page.getByRole('button', { name: 'Listen', exact: true }).first();
    // count() does not wait, isEnabled() would wait for a button that this exercise may not have.
    // Until one recording has been heard, wait for it (the first may be synthesised on request and would
    // be cancelled by moving on); after that, recordings may already be preloaded, so just click.
    if ((await play.count()) > 0 && (await play.isEnabled())) {
      if (heard().length === 0) {
        await Promise.all([
          page.waitForResponse((response) => recordingUrl.test(response.url()) && response.ok(), {
            timeout: 30_000,
          }),
          play.click(),
        ]).catch(() => {});
      } else {
        await play.click();
      }
    }
    const skip = page.getByRole('button', { name: 'Skip', exact: true }).first();
    if (!(await skip.isVisible())) {
      // Between two exercises, or on the way to the end screen: wait for either, not for a set time.
      await expect
        .poll(async () => /\/endlesson$/.test(page.url()) || (await skip.isVisible()), { timeout: 15_000 })
        .toBe(true);
      continue;
    }
    const before = await progress.getAttribute('aria-valuenow');
    await skip.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    // The next exercise (the bar moves on every answered one), or the lesson is over.
    await expect
      .poll(
        async () =>
          /\/endlesson$/.test(page.url()) ||
          (await progress.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null)) !== before,
        { timeout: 15_000 },
      )
      .toBe(true);
  }
  await expect(page).toHaveURL(/\/endlesson$/, { timeout: 15_000 });

  await expect
    .poll(() => heard().length, { message: `recordings answered for ${course}`, timeout: 20_000 })
    .toBeGreaterThan(0);
  expect(heard()[0]!.headers()['content-type']).toBe('audio/mpeg');
}

// Each learner is their own: the twelve may run in different workers.
test.describe.configure({ mode: 'parallel' });

for (const [course, speaker] of runs) {
  test(`a ${speaker} speaker plays the first ${course} lesson and hears it`, async ({
    page,
    registerViaApi,
  }) => {
    test.setTimeout(90_000);
    await registerViaApi();
    const program = await chooseProgram(page, course, speaker, 0);
    await playCurrentLesson(page, course, program.currentLessonId, program.currentTopicId);
  });
}

for (const course of ['en', 'de', 'fr', 'es']) {
  const speaker = course === 'en' ? 'ru' : 'en';
  test(`a ${speaker} speaker starting at B1 plays the first lesson of the ${course} B1 program`, async ({
    page,
    registerViaApi,
  }) => {
    test.setTimeout(90_000);
    await registerViaApi();
    const program = await chooseProgram(page, course, speaker, 2);
    await playCurrentLesson(page, course, program.currentLessonId, program.currentTopicId);
  });
}
