import type { Request } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  check,
  continueAfterPanel,
  enrolLearner,
  fakeSpeechRecognition,
  holdMicrophone,
  lessonExercises,
  lessonNamed,
  openPlayer,
  option,
  overview,
  panel,
  playGoodMorningRight,
  playHelloRight,
  withoutSpeechRecognition,
} from './player-helpers.ts';

/** The completion as sent; each attempt's response time (issue 16) is checked and set aside. */
function completionBody(request: Request) {
  const body = request.postDataJSON() as {
    idempotencyKey: string;
    attempts: Array<{ exerciseId: number; answer: Record<string, unknown>; responseMs?: number }>;
    omittedExerciseIds: number[];
  };
  return {
    ...body,
    attempts: body.attempts.map(({ responseMs, ...attempt }) => {
      expect(responseMs ?? 0).toBeGreaterThanOrEqual(0);
      return attempt;
    }),
  };
}

test.describe('the lesson player', () => {
  test('a lesson ends on /endlesson, a new status on /successful, and the third lesson on /limit', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const course = await enrolLearner(page);
    await openPlayer(page, lessonNamed(course, 'Hello'));

    await test.step('header: rules and a progress bar starting at 5 % (SPEC §4)', async () => {
      const progress = page.getByRole('progressbar', { name: 'Lesson progress' });
      await expect(progress).toHaveAttribute('aria-valuenow', '5');
      await page.getByRole('button', { name: 'Rules of this topic' }).click();
      await expect(page.getByRole('dialog')).toContainText('Greetings');
      await page.getByRole('button', { name: 'Got it' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('type 1 counts as answered on further', async () => {
      await expect(page.locator('.player__title')).toHaveText('Listen and say the word');
      await page.getByRole('button', { name: 'Further', exact: true }).click();
      await expect(page.getByRole('progressbar', { name: 'Lesson progress' })).toHaveAttribute(
        'aria-valuenow',
        '24',
      );
    });

    await test.step('a wrong answer can be reported and stays in the queue', async () => {
      await page.getByRole('button', { name: 'Not properly', exact: true }).click();
      await expect(panel(page, 'incorrect')).toContainText('That is not right');
      await page.getByRole('button', { name: 'Report an error' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report an error' });
      const send = dialog.getByRole('button', { name: 'Send' });
      await expect(send).toBeDisabled();
      await dialog.getByRole('checkbox', { name: 'My answer was marked wrong' }).click();
      await dialog.getByText('Something else').click();
      const feedback = page.waitForRequest('**/api/feedback');
      await send.click();
      const text = ((await feedback).postDataJSON() as { text: string }).text;
      expect(text).toContain('Language: Test learners');
      expect(text).toContain('Lesson: Hello');
      expect(text).toMatch(/Exercise: #\d+ \(type 2\)/);
      expect(text).toContain('Problems: Wrong answer marking; Other');
      await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
      await page.getByRole('button', { name: 'Done' }).click();
      await continueAfterPanel(page);
    });

    await test.step('the others, then the wrong one comes back', async () => {
      await option(page, 'der Hund').click();
      await check(page);
      await continueAfterPanel(page);
      // Skipping asks first; cancel keeps the exercise.
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.keyboard.press('1');
      await page.keyboard.press('Enter');
      await expect(panel(page, 'correct')).toBeVisible();
      await page.keyboard.press('Enter');
      await option(page, 'house').click();
      await check(page);
      await continueAfterPanel(page);
      await expect(page.locator('.player__title')).toHaveText('Is the translation correct?');
      await page.getByRole('button', { name: 'Right', exact: true }).click();
      await continueAfterPanel(page);
    });

    await test.step('/endlesson, and the points on the dashboard', async () => {
      await expect(page).toHaveURL(/\/endlesson$/);
      await expect(page.getByRole('heading', { name: 'Lesson complete!' })).toBeVisible();
      await expect(page.getByText('+4 points')).toBeVisible();
      await expect(page.getByText('Lessons left in this topic: 1')).toBeVisible();
      await expect(page.getByText('1 of 2 lessons')).toBeVisible();
      await expect(page.locator('.result-details__next')).toContainText('Good morning');
      expect((await overview(page.request)).statistics.points).toBe(4);
    });

    await test.step('the next lesson crosses a status tier: /successful', async () => {
      await page.getByRole('button', { name: 'Next lesson' }).click();
      await expect(page.locator('.player__title')).toHaveText('Listen and choose the answer');
      await playGoodMorningRight(page);
      await expect(page).toHaveURL(/\/successful$/);
      await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
      await expect(page.locator('.status-badge')).toContainText('Tier 2');
      await expect(page.getByText('+14 points')).toBeVisible();
      expect((await overview(page.request)).statistics.points).toBe(18);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/endlesson$/);
      await expect(page.getByText('You finished every lesson of this topic.')).toBeVisible();
    });

    await test.step('no free lesson is left for the next topic: /limit', async () => {
      expect((await overview(page.request)).freeLessonsLeft).toBe(0);
      await page.getByRole('button', { name: 'Next topic' }).click();
      await expect(page).toHaveURL(/\/limit$/);
    });

    await test.step('the dashboard shows the points earned and the new status', async () => {
      await page.goto('/dashboard');
      await expect(page.getByTestId('status-points')).toHaveText('18');
      await expect(page.getByTestId('status-name')).toHaveText('Tier 2');
    });
  });

  test('a failed completion keeps the run and retries with the same key', async ({ page }) => {
    const course = await enrolLearner(page);
    const keys: string[] = [];
    let failNext = true;
    await page.route('**/api/lessons/*/complete', async (route) => {
      keys.push(completionBody(route.request()).idempotencyKey);
      if (failNext) {
        failNext = false;
        await route.abort('internetdisconnected');
      } else {
        await route.continue();
      }
    });
    await openPlayer(page, lessonNamed(course, 'Hello'));
    await playHelloRight(page);
    await expect(page.getByRole('alert')).toContainText('Your lesson is not saved yet.');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/endlesson$/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  test('attempts are sent in order, in the core answer shapes', async ({ page }) => {
    const course = await enrolLearner(page);
    const hello = lessonNamed(course, 'Hello');
    const ids = (await lessonExercises(page.request, hello.lessonId)).map((exercise) => exercise.id);
    await openPlayer(page, hello);
    const sent = page.waitForRequest('**/api/lessons/*/complete');
    await page.getByRole('button', { name: 'Further', exact: true }).click();
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    await option(page, 'die Katze').click();
    await check(page);
    await continueAfterPanel(page);
    await option(page, 'Picture 1').click();
    await check(page);
    await continueAfterPanel(page);
    await option(page, 'house').click();
    await check(page);
    await continueAfterPanel(page);
    await option(page, 'der Hund').click();
    await check(page);
    await continueAfterPanel(page);
    const body = completionBody(await sent);
    expect(body.attempts).toEqual([
      { exerciseId: ids[0], answer: {} },
      { exerciseId: ids[1], answer: { skipped: true } },
      { exerciseId: ids[2], answer: { choice: 0 } },
      { exerciseId: ids[3], answer: { choice: 0 } },
      { exerciseId: ids[4], answer: { choice: 0 } },
      { exerciseId: ids[2], answer: { choice: 1 } },
    ]);
    expect(body.omittedExerciseIds).toEqual([]);
    await expect(page).toHaveURL(/\/endlesson$/);
    await expect(page.getByText('+3 points')).toBeVisible();
  });

  test('leaving asks first and loses the run', async ({ page }) => {
    const course = await enrolLearner(page);
    await openPlayer(page, lessonNamed(course, 'Hello'));
    await page.getByRole('button', { name: 'Further', exact: true }).click();
    await page.getByRole('button', { name: 'Leave the lesson' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the lesson?' });
    await expect(dialog).toContainText('Your progress in this lesson will be lost.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.player__title')).toHaveText('Is the translation correct?');
    await page.getByRole('button', { name: 'Leave the lesson' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Quit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await overview(page.request)).statistics.points).toBe(0);
  });

  test('without navigation state the player goes home; a locked lesson says so', async ({ page }) => {
    const course = await enrolLearner(page);
    await page.goto('/exercise');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/exercise?secret=anything');
    await expect(page.getByRole('heading', { name: 'No lesson chosen' })).toBeVisible();

    await openPlayer(page, lessonNamed(course, 'Dinner'));
    await expect(page.getByRole('heading', { name: 'Not open yet' })).toBeVisible();
    await expect(page.getByText('Finish the lessons before it first.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the menu' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("'cannot talk' answers type 14, turns speaking off for an hour, and later runs leave it out", async ({
    page,
  }) => {
    await fakeSpeechRecognition(page);
    const course = await enrolLearner(page, 'basics');
    const family = lessonNamed(course, 'My family');
    const speakingId = (await lessonExercises(page.request, family.lessonId)).find(
      (exercise) => exercise.type === 14,
    )?.id;
    await openPlayer(page, family);
    const firstRun = page.waitForRequest('**/api/lessons/*/complete');
    await page.getByRole('textbox').fill('I am hungry');
    await check(page);
    await continueAfterPanel(page);
    await option(page, 'Where is the station?').click();
    await check(page);
    await continueAfterPanel(page);
    await page.getByRole('textbox').fill('Danke schön');
    await page.keyboard.press('Enter');
    await continueAfterPanel(page);
    await expect(page.locator('.player__title')).toHaveText('Say this text');
    await page.getByRole('button', { name: "I can't talk now" }).click();
    await expect(panel(page, 'microphone-off')).toContainText('Microphone off');
    await expect(panel(page, 'microphone-off')).toContainText('in an hour');
    const lockout = await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
      ).localStorage.getItem('cannot-talk'),
    );
    expect(Number(lockout)).toBeGreaterThan(Date.now() - 60_000);
    await continueAfterPanel(page);
    await page.getByRole('button', { name: 'Right', exact: true }).click();
    await continueAfterPanel(page);
    const first = completionBody(await firstRun);
    expect(first.attempts).toContainEqual({ exerciseId: speakingId, answer: { cannotTalk: true } });
    // A repeat of a learned lesson ends on its summary (issue 29 item 13).
    await expect(page).toHaveURL(/\/endlesson$/);
    await expect(page.getByRole('heading', { name: 'Lesson repeated' })).toBeVisible();

    await openPlayer(page, family);
    const secondRun = page.waitForRequest('**/api/lessons/*/complete');
    for (let step = 0; step < 4; step += 1) {
      await expect(page.locator('.player__title')).not.toHaveText('Say this text');
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    }
    expect(completionBody(await secondRun).omittedExerciseIds).toEqual([speakingId]);
  });

  test('a recognition error explains itself and never locks speaking for an hour', async ({ page }) => {
    await fakeSpeechRecognition(page);
    const course = await enrolLearner(page, 'basics');
    await openPlayer(page, lessonNamed(course, 'My family'));
    for (let step = 0; step < 3; step += 1) {
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    }
    await page.evaluate(() => {
      (globalThis as unknown as Record<string, unknown>).__speechError = 'not-allowed';
    });
    await holdMicrophone(page);
    await expect(page.getByRole('alert')).toContainText('The microphone is blocked');
    await expect(panel(page, 'microphone-off')).toHaveCount(0);
    // Only 'I can't talk now' writes the one-hour lockout (SPEC §4); an error must not.
    const lockout = await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
      ).localStorage.getItem('cannot-talk'),
    );
    expect(lockout).toBeNull();
    // The learner can try again once the microphone is allowed.
    await page.evaluate(() => {
      const scope = globalThis as unknown as Record<string, unknown>;
      delete scope.__speechError;
      scope.__speechTranscript = 'Ich heiße Max.';
    });
    await holdMicrophone(page);
    await expect(page.locator('.recognised__text')).toHaveText('Ich heiße Max.');
  });

  test('without speech recognition type 14 is left out', async ({ page }) => {
    await withoutSpeechRecognition(page);
    const course = await enrolLearner(page, 'basics');
    const family = lessonNamed(course, 'My family');
    const exercises = await lessonExercises(page.request, family.lessonId);
    await openPlayer(page, family);
    const sent = page.waitForRequest('**/api/lessons/*/complete');
    for (let step = 0; step < 4; step += 1) {
      await expect(page.locator('.player__title')).not.toHaveText('Say this text');
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    }
    const body = completionBody(await sent);
    expect(body.omittedExerciseIds).toEqual(exercises.filter((e) => e.type === 14).map((e) => e.id));
    expect(body.attempts).toHaveLength(4);
    // The family lesson was learned by 'basics': this run is a repeat and ends on its summary.
    await expect(page).toHaveURL(/\/endlesson$/);
    await expect(page.getByRole('heading', { name: 'Lesson repeated' })).toBeVisible();
  });
});
