import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  enrolLearner,
  fakeSpeechRecognition,
  lessonExercises,
  lessonNamed,
  openPlayer,
  plays,
  recordPlays,
  type Played,
} from './player-helpers.ts';

/*
 * Issue 14: the switches of the sounds panel act at once, everywhere. Every play() of an audio element is
 * recorded (and not really played), so the test sees exactly which sound started and at what speed.
 */

const forgetPlays = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { __plays: Played[] }).__plays.length = 0;
  });
const effects = (list: Played[]) =>
  list.filter((item) => item.src.includes('/audio/static/')).map((item) => item.src.split('/').pop());
const phrases = (list: Played[]) => list.filter((item) => !item.src.includes('/audio/static/'));

/** Turns one switch of the sounds panel off, through the settings menu, as a learner would. */
async function switchOff(page: Page, name: 'Sound effects' | 'Voice guidance' | 'Microphone') {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile and settings' }).click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'Sounds' }).click();
  await page.getByRole('switch', { name, exact: true }).uncheck();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name, exact: true })).not.toBeChecked();
}

async function skip(page: Page) {
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
}

test.describe('settings take effect at once', () => {
  test('sound effects: answers and result screens sound, and are silent once switched off', async ({
    page,
  }) => {
    await recordPlays(page);
    const course = await enrolLearner(page);
    const hello = lessonNamed(course, 'Hello');

    await openPlayer(page, hello);
    await page.getByRole('button', { name: 'Further', exact: true }).click();
    await page.getByRole('button', { name: 'Right', exact: true }).click();
    await expect.poll(async () => effects(await plays(page))).toEqual([expect.stringMatching(/correct/)]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    for (let step = 0; step < 3; step += 1) await skip(page);
    await expect(page).toHaveURL(/\/endlesson$/);
    await expect.poll(async () => effects(await plays(page))).toContain('success.mp3');
    await page.goto('/unsuccessful');
    await expect.poll(async () => effects(await plays(page))).toEqual(['failed.mp3']);

    await switchOff(page, 'Sound effects');
    await openPlayer(page, hello);
    await forgetPlays(page);
    await page.getByRole('button', { name: 'Further', exact: true }).click();
    await page.getByRole('button', { name: 'Right', exact: true }).click();
    await expect(page.locator('.result-panel')).toBeVisible();
    await page.goto('/unsuccessful');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    expect(effects(await plays(page))).toEqual([]);
  });

  test('voice guidance: no auto-play once off; the play and 0.75× buttons still play', async ({ page }) => {
    await recordPlays(page);
    const course = await enrolLearner(page);
    const hello = lessonNamed(course, 'Hello');

    await openPlayer(page, hello);
    await expect(page.locator('.player__title')).toHaveText('Listen and say the word');
    await expect.poll(async () => phrases(await plays(page)).length).toBe(1);

    await switchOff(page, 'Voice guidance');
    await openPlayer(page, hello);
    await forgetPlays(page);
    const play = page.getByRole('button', { name: 'Listen', exact: true });
    await expect(play).toBeEnabled();
    await page.waitForTimeout(500);
    expect(phrases(await plays(page))).toEqual([]);

    await play.click();
    await page.getByRole('button', { name: 'Listen slowly (0.75×)' }).click();
    await expect.poll(async () => phrases(await plays(page)).map((item) => item.rate)).toEqual([1, 0.75]);
  });

  test('microphone: off leaves every "Say this text" out of the lesson', async ({ page }) => {
    await fakeSpeechRecognition(page);
    const course = await enrolLearner(page, 'basics');
    const family = lessonNamed(course, 'My family');
    const speakingIds = (await lessonExercises(page.request, family.lessonId))
      .filter((exercise) => exercise.type === 14)
      .map((exercise) => exercise.id);
    expect(speakingIds).toHaveLength(1);

    await switchOff(page, 'Microphone');
    await openPlayer(page, family);
    const sent = page.waitForRequest('**/api/lessons/*/complete');
    for (let step = 0; step < 4; step += 1) {
      await expect(page.locator('.player__title')).not.toHaveText('Say this text');
      await skip(page);
    }
    const body = (await sent).postDataJSON() as { omittedExerciseIds: number[] };
    expect(body.omittedExerciseIds).toEqual(speakingIds);
  });
});
