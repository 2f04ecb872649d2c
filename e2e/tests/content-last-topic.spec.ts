import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response, TestInfo } from '@playwright/test';
import { audioPhraseFor, type Exercise } from '../../packages/core/src/exercises/registry.ts';
import { expect, newLearner, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { bringLearnerTo, chooseProgram, lastTopicStart, type LessonRef } from './course-progress.ts';
import { openPlayer } from './player-helpers.ts';

/*
 * Issue 32: each B1 program grew to some 40–60 topics, and lessons open in order, so nobody had played the
 * last ones in a browser. For each course a learner (in the interface language they speak) chooses the B1
 * program, is brought through the public API to the first lesson of the program's last normal topic —
 * found in the catalogue at run time, so a topic appended later is the one played — and plays that lesson
 * in the real player to its summary, hearing its recordings.
 *
 * The API offers no shorter honest way there: a level ('basics') only skips basic topics, which B1 has
 * none of, and progress moves only by completing lessons and passing blitzes (learningProgress/replace
 * refuses any gain). So every lesson before the last topic is completed with its right answers (~250 per
 * course, two requests each) and every blitz passed (course-progress.ts). That takes minutes per course
 * (measured at `test.setTimeout` below).
 */

// Two courses, each in an interface that tests the layout (right-to-left Arabic, long-worded German): each
// run costs minutes of recordings, and `npm test` must stay well inside CI's 90 minutes. de←en and fr←ru
// passed the same way when their review topics landed (issue 32 note); add them back to play them again.
const runs: Array<{ course: string; speaker: string; screenshots: boolean }> = [
  { course: 'en', speaker: 'ar', screenshots: true },
  { course: 'es', speaker: 'de', screenshots: true },
];

/** The player's texts in an interface language, to find its buttons by the names a learner reads. */
function playerTexts(language: string) {
  const read = (file: string) =>
    JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/src', file), 'utf8'));
  const { player } = read(`features/player/locales/${language}.json`);
  const { common } = read(`i18n/locales/${language}.json`);
  return {
    progress: player.progress as string,
    skip: player.buttons.skip as string,
    confirmSkip: player.skip.confirm as string,
    listen: player.audio.play as string,
    endLessonTitle: player.endLesson.title as string,
    newStatusTitle: player.successful.title as string,
    continue: common.continue as string,
  };
}

const sizes = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

/** The screen at a phone's and a desktop's size, attached to the test (and kept in its output folder). */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    // Pictures drawn, not half loaded.
    await expect
      .poll(() =>
        page
          .locator('.player__slide img')
          .evaluateAll((images) =>
            images.every((image) => (image as unknown as { complete: boolean }).complete),
          ),
      )
      .toBe(true);
    const file = testInfo.outputPath(`${name}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name} ${size.width}×${size.height}`, { path: file, contentType: 'image/png' });
  }
  if (before) await page.setViewportSize(before);
}

/**
 * Plays the lesson in the player: listens wherever there is something to hear, skips each exercise and
 * waits for the next one (the progress bar moves on every answered exercise), then waits for the summary.
 */
async function playToSummary(
  page: Page,
  testInfo: TestInfo,
  run: { course: string; speaker: string; screenshots: boolean },
  target: LessonRef,
) {
  const texts = playerTexts(run.speaker);
  const exercises = (await (
    await page.request.get(`/api/lessons/${target.lesson.id}/exercises`)
  ).json()) as Exercise[];
  const recordingUrl = new RegExp(`/audio/${run.course}/[0-9a-f]{16}\\.mp3$`);
  const recordings: Response[] = [];
  page.on('response', (response) => {
    if (recordingUrl.test(response.url())) recordings.push(response);
  });
  const heard = () => recordings.filter((response) => response.status() === 200);
  const hearing = { message: `recordings answered for ${run.course}`, timeout: 30_000 };

  await openPlayer(page, { kind: 'lesson', lessonId: target.lesson.id, topicId: target.topic.id });
  if (run.speaker === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const skip = page.locator('.player__footer').getByRole('button', { name: texts.skip, exact: true });
  const summary = page.getByRole('heading', { name: texts.endLessonTitle });
  const newStatus = page.getByRole('heading', { name: texts.newStatusTitle });
  const progress = page.getByRole('progressbar', { name: texts.progress });
  await expect(skip).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.player__title')).not.toBeEmpty();
  if (run.screenshots) await screenshots(page, testInfo, `${run.speaker}-${run.course}-first-exercise`);

  for (let step = 0; step <= exercises.length; step += 1) {
    await expect(skip.or(summary).or(newStatus)).toBeVisible({ timeout: 30_000 });
    if (!(await skip.isVisible())) break;
    const listen = page.getByRole('button', { name: texts.listen, exact: true }).first();
    if ((await listen.isVisible()) && (await listen.isEnabled())) {
      await listen.click();
      // The first recording may be made on request: it must arrive before moving on could cancel it.
      if (heard().length === 0) await expect.poll(() => heard().length, hearing).toBeGreaterThan(0);
    }
    const before = await progress.getAttribute('aria-valuenow');
    await skip.click();
    await page.getByRole('dialog').getByRole('button', { name: texts.confirmSkip, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    // The next exercise (the bar moves on), or the run is over and the summary is on its way.
    await expect
      .poll(
        async () =>
          (await progress.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null)) !== before,
        { timeout: 15_000 },
      )
      .toBe(true);
  }
  // A new status shows first (the lesson's points crossed a threshold), then the lesson's summary.
  await expect(summary.or(newStatus)).toBeVisible({ timeout: 30_000 });
  if (await newStatus.isVisible()) await page.getByRole('button', { name: texts.continue }).click();
  await expect(page).toHaveURL(/\/endlesson$/);
  await expect(summary).toBeVisible();
  await expect(page.locator('.result-details__label')).toHaveText(target.topic.name);
  if (run.screenshots) await screenshots(page, testInfo, `${run.speaker}-${run.course}-summary`);

  // The lesson has something to hear, and its recordings were served as MP3.
  if (exercises.some((exercise) => audioPhraseFor(exercise))) {
    await expect.poll(() => heard().length, hearing).toBeGreaterThan(0);
    expect(heard()[0]!.headers()['content-type']).toBe('audio/mpeg');
  }
}

// The four learners share nothing, and each takes minutes: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

for (const run of runs) {
  test(`a ${run.speaker} speaker brought to the last topic of the ${run.course} B1 program plays its first lesson`, async ({
    page,
    registerViaApi,
  }, testInfo) => {
    // Most of the time is bringing the learner along (240–290 lessons, 510–600 requests): each lesson's
    // exercises call first makes the lesson's recordings (issue 31), ~1,500–2,200 per course (times in
    // bench/README.md). A bound for a slower machine, not a wait.
    test.setTimeout(900_000);
    await useInterfaceLanguage(page, run.speaker);
    const learner = { ...newLearner(), uiLanguage: run.speaker };
    await registerViaApi(learner);
    const program = await chooseProgram(page, run.course, run.speaker, 2);
    const target = lastTopicStart(program.topics);

    const journey = await test.step(`completing the lessons before '${target.topic.name}'`, () =>
      bringLearnerTo(page.request, program.topics, target));
    const summary =
      `${run.course}←${run.speaker}: ${journey.lessons} lessons and ${journey.blitzes} blitzes ` +
      `(${journey.exercises} exercises, ${journey.requests} requests) in ${Math.round(journey.ms / 1000)} s; ` +
      `then lesson ${target.lesson.id} of topic ${target.topic.id} '${target.topic.name}'`;
    testInfo.annotations.push({ type: 'journey', description: summary });
    console.log(summary);
    for (const odd of journey.noRightAnswer) {
      testInfo.annotations.push({ type: 'no right answer', description: JSON.stringify(odd) });
      console.log(`no envelope passes the check of exercise ${JSON.stringify(odd)}`);
    }
    for (const odd of journey.refusedRightAnswers) {
      testInfo.annotations.push({ type: 'right answers counted wrong', description: JSON.stringify(odd) });
      console.log(`the server counted right answers wrong: ${JSON.stringify(odd)}`);
    }

    await test.step(`playing '${target.lesson.name}' in the player`, () =>
      playToSummary(page, testInfo, run, target));
  });
}
