import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickBanner, randomBanner, type Banner } from '@parlo/contract/ads';
import type { CallQuery } from '@parlo/contract/call';
import { adServes, languages, lessonCompletions, subscriptions, users } from '../src/db/schema.ts';
import { RESERVE_WINDOW_MS } from '../src/modules/ads/ads.service.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
const languageIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db
    .insert(languages)
    .values(['en', 'de', 'ar', 'fr'].map((code) => ({ name: code, code })))
    .returning({ id: languages.id, code: languages.code });
  for (const row of rows) languageIds[row.code] = row.id;
});
afterAll(async () => {
  await t.close();
});

type Placement = CallQuery<typeof randomBanner>['placement'];
const bannerQuery = (code: string, placement?: Placement) => ({
  platform: 'Web' as const,
  languageId: String(languageIds[code]),
  placement,
});

async function banner(learner: SignedIn, code: string, placement?: Placement): Promise<Banner | null> {
  const response = await injectCall(t.app, randomBanner, {
    query: bannerQuery(code, placement),
    headers: learner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.data.banner;
}

const click = (learner: SignedIn, token: string) =>
  injectCall(t.app, clickBanner, { headers: learner.headers, body: { token } });

async function servesOf(learner: SignedIn) {
  const [row] = await t.database.db
    .select({ impressions: count() })
    .from(adServes)
    .where(eq(adServes.userId, learner.userId));
  const [clicked] = await t.database.db
    .select({ clicks: count() })
    .from(adServes)
    .where(and(eq(adServes.userId, learner.userId), isNotNull(adServes.clickedAt)));
  return { impressions: row?.impressions ?? 0, clicks: clicked?.clicks ?? 0 };
}

const DAY = 24 * 60 * 60 * 1000;

/** A free learner whose account is past its ad-free first week (issue 29). */
async function pastFirstWeek(): Promise<SignedIn> {
  const learner = await registerLearner(t.app);
  await t.database.db
    .update(users)
    .set({ createdAt: new Date(t.clock.now.getTime() - 8 * DAY) })
    .where(eq(users.id, learner.userId));
  return learner;
}

async function makePremium(learner: SignedIn) {
  // The schema today: an active subscription whose period has not ended (premium under every rule).
  await t.database.db.insert(subscriptions).values({
    userId: learner.userId,
    planId: '1_month',
    status: 'active',
    currentPeriodEnd: Math.floor(t.clock.now.getTime() / 1000) + 30 * 24 * 3600,
    provider: 'sandbox',
  });
}

async function completeLessons(learner: SignedIn, n: number) {
  await t.database.db.insert(lessonCompletions).values(
    Array.from({ length: n }, () => ({
      userId: learner.userId,
      idempotencyKey: randomUUID(),
      played: { kind: 'lesson', lessonId: 1 },
      outcome: {},
    })),
  );
}

describe('GET /api/banners/random', () => {
  it('needs a session (guests see no ads, SPEC §6)', async () => {
    const response = await injectCall(t.app, randomBanner, { query: bannerQuery('en') });
    expect(response.statusCode).toBe(401);
  });

  it('gives a free learner a house ad in their language, with a picture that is served', async () => {
    const learner = await pastFirstWeek();
    const german = await banner(learner, 'de');
    expect(german).not.toBeNull();
    expect(german?.placement).toBe('banner');
    expect(['/offer', '/select-course']).toContain(german?.href);
    // Never the course of the learner's own language: a German speaker is not offered German.
    expect(german?.id).not.toBe('course-de');
    const picture = await t.app.inject({ method: 'GET', url: german?.imageUrl ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');

    t.clock.advance(RESERVE_WINDOW_MS + 1);
    const arabic = await banner(learner, 'ar');
    expect(arabic?.title).toMatch(/[\u0600-\u06FF]/);
    expect(arabic?.action).toMatch(/[\u0600-\u06FF]/);
  });

  it('counts one impression per serve: asking again at once answers the same token', async () => {
    const learner = await pastFirstWeek();
    const first = await banner(learner, 'en');
    const again = await banner(learner, 'en');
    expect(again?.token).toBe(first?.token);
    expect(await servesOf(learner)).toEqual({ impressions: 1, clicks: 0 });
    t.clock.advance(RESERVE_WINDOW_MS + 1);
    const later = await banner(learner, 'en');
    expect(later?.token).not.toBe(first?.token);
    expect(await servesOf(learner)).toEqual({ impressions: 2, clicks: 0 });
  });

  it('counts a click once per token, and only the learner’s own', async () => {
    const learner = await pastFirstWeek();
    const other = await pastFirstWeek();
    const served = await banner(learner, 'en');
    const token = served?.token ?? '';
    expect((await click(other, token)).json()).toEqual({ counted: false });
    expect((await click(learner, token)).json()).toEqual({ counted: true });
    expect((await click(learner, token)).json()).toEqual({ counted: false });
    expect((await click(learner, randomUUID())).json()).toEqual({ counted: false });
    expect(await servesOf(learner)).toEqual({ impressions: 1, clicks: 1 });
    expect(await servesOf(other)).toEqual({ impressions: 0, clicks: 0 });
  });

  it('never gives a premium learner an ad, and does not count their clicks', async () => {
    const learner = await pastFirstWeek();
    t.clock.advance(RESERVE_WINDOW_MS + 1);
    const served = await banner(learner, 'fr');
    expect(served).not.toBeNull();
    await makePremium(learner);
    await completeLessons(learner, 6);
    for (const code of ['en', 'de', 'ar', 'fr']) {
      expect(await banner(learner, code)).toBeNull();
      expect(await banner(learner, code, 'modal')).toBeNull();
    }
    expect((await click(learner, served?.token ?? '')).json()).toEqual({ counted: false });
    expect(await servesOf(learner)).toEqual({ impressions: 1, clicks: 0 });
  });

  it('gives a new account its first week free of ads, as the landing promises (issue 29)', async () => {
    const learner = await registerLearner(t.app);
    // Signed up at the test clock's now (earlier tests moved it ahead of the database's).
    await t.database.db.update(users).set({ createdAt: t.clock.now }).where(eq(users.id, learner.userId));
    await completeLessons(learner, 4);
    t.clock.advance(7 * DAY - 60_000);
    for (const code of ['en', 'de', 'ar', 'fr']) {
      expect(await banner(learner, code)).toBeNull();
      expect(await banner(learner, code, 'modal')).toBeNull();
    }
    expect(await servesOf(learner)).toEqual({ impressions: 0, clicks: 0 });
    t.clock.advance(60_000);
    expect((await banner(learner, 'en'))?.placement).toBe('banner');
    expect((await banner(learner, 'en', 'modal'))?.placement).toBe('modal');
  });

  it('serves the full-screen ad at most once every 2 completed lessons', async () => {
    const learner = await pastFirstWeek();
    expect(await banner(learner, 'en', 'modal')).toBeNull();
    await completeLessons(learner, 1);
    expect(await banner(learner, 'en', 'modal')).toBeNull();
    await completeLessons(learner, 1);
    const modal = await banner(learner, 'en', 'modal');
    expect(modal?.placement).toBe('modal');
    // The same result screen asked again (a reload): no second full-screen ad.
    expect(await banner(learner, 'en', 'modal')).toBeNull();
    await completeLessons(learner, 1);
    expect(await banner(learner, 'en', 'modal')).toBeNull();
    await completeLessons(learner, 1);
    expect(await banner(learner, 'en', 'modal')).not.toBeNull();
  });

  it('refuses bad input with a 400 and serves nothing', async () => {
    const learner = await registerLearner(t.app);
    // Literal URLs on purpose: query strings the contract refuses.
    const bad = [
      '/api/banners/random?platform=Web',
      `/api/banners/random?languageId=${languageIds.en}`,
      `/api/banners/random?platform=Android&languageId=${languageIds.en}`,
      '/api/banners/random?platform=Web&languageId=abc',
      '/api/banners/random?platform=Web&languageId=0',
      '/api/banners/random?platform=Web&languageId=99999999999',
      '/api/banners/random?platform=Web&languageId=987654',
      `/api/banners/random?platform=Web&languageId=${languageIds.en}&placement=popup`,
    ];
    for (const url of bad) {
      const response = await t.app.inject({ method: 'GET', url, headers: learner.headers });
      expect(response.statusCode, url).toBe(400);
      expect(errorCode(response), url).toBe('VALIDATION_FAILED');
    }
    const badClick = await injectCall(t.app, clickBanner, {
      headers: learner.headers,
      body: { token: 'not-a-token' },
    });
    expect(badClick.statusCode).toBe(400);
    expect(await servesOf(learner)).toEqual({ impressions: 0, clicks: 0 });
  });

  it('answers 404 for a picture that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/ads/nothing-here.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/ads/..%2Fbanners.yaml' })).statusCode).toBe(400);
  });
});
