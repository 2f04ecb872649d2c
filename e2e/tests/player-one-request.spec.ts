import { expect, test } from '../fixtures/test.ts';
import { enrolLearner, lessonNamed, openPlayer, playHelloRight } from './player-helpers.ts';

/*
 * Issue 15, ADR 027: a lesson plays from one read, GET /api/lessons/{id} (its exercises, its topic with
 * the rules, its course's names); the whole catalogue (GET /api/languages, 1.3 MB) is never read, not by
 * the player, nor by the end-of-lesson screen after it.
 */
test.describe('a lesson from one request', () => {
  test('plays and ends with the lesson call alone, besides the start check and the completion', async ({
    page,
  }) => {
    const course = await enrolLearner(page);
    const hello = lessonNamed(course, 'Hello');
    // The page's own reads are answered before counting: the session, then the signed-in header's. A lull
    // between them can outlast 'networkidle' on a busy machine, so it is these answers that are awaited.
    const pageReads = ['/api/users/session', '/api/learning/dashboard', '/api/notifications'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path),
    );
    await page.goto('/terms');
    await Promise.all(pageReads);

    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
    });
    await openPlayer(page, hello);
    // The tab names the lesson in the course's words, isolated like every name a course gives.
    await expect(page).toHaveTitle('\u2068Hello\u2069 · Parlo');
    // The rules of the topic come with the lesson: the info icon works without another request.
    await page.getByRole('button', { name: 'Rules of this topic' }).click();
    await expect(page.getByRole('dialog')).toContainText('Greetings');
    await page.getByRole('button', { name: 'Got it' }).click();
    const playing = [...apiCalls];
    expect(playing.sort()).toEqual(
      [`GET /api/lessons/${hello.lessonId}`, `POST /api/lessons/${hello.lessonId}/start`].sort(),
    );

    await playHelloRight(page);
    await expect(page).toHaveURL(/\/endlesson$/);
    // The end screen names the lesson, its topic and what comes next from the answer the player read; the
    // course's name for the lesson is isolated (U+2068 … U+2069), so an Arabic sentence cannot reorder it.
    await expect(page.getByText('You finished «\u2068Hello\u2069». Great work!')).toBeVisible();
    await expect(page.locator('.result-details__label')).toHaveText('Greetings');
    await expect(page.getByText('1 of 2 lessons')).toBeVisible();
    await expect(page.locator('.result-details__next')).toContainText('Good morning');
    await page.waitForLoadState('networkidle');

    expect(apiCalls).not.toContain('GET /api/languages');
    expect(apiCalls.filter((call) => call.startsWith('GET /api/lessons/'))).toEqual([
      `GET /api/lessons/${hello.lessonId}`,
    ]);
    expect(apiCalls.filter((call) => call.startsWith('POST /api/lessons/'))).toEqual([
      `POST /api/lessons/${hello.lessonId}/start`,
      `POST /api/lessons/${hello.lessonId}/complete`,
    ]);
  });
});
