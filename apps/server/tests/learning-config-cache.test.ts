import { refreshFreeLessons } from '@parlo/core/billing/free-lessons';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dashboard as dashboardCall, overview } from '@parlo/contract/learning';
import type { Database } from '../src/db/client.ts';
import { config, languages, statuses } from '../src/db/schema.ts';
import {
  loadLearnerState,
  readFreeLessonAllowance,
  readStatusTiers,
} from '../src/modules/learning/learner-state.repository.ts';
import { learningConfigCache } from '../src/modules/learning/learning-config.cache.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, secondInstance, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

// ADR 034: the learning rules take the status tiers and the free-lesson allowance from a per-instance
// cache. These tests hold the cache to what the tables hold (lowest tier first), to ADR 016's 30 s bound,
// to a catalogue change, and to not keeping a failed read; and the overview and dashboard to its values.

const TTL_MS = 30_000;
const SECRET = 'config-cache-secret';
let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: SECRET } });
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});
// The operator's allowance back to the default after each test, whatever it ended with.
afterEach(async () => {
  await setAllowance(2);
});

const now = () => t.clock.now;

/** A spoken language whose tiers were stored out of points order, one of them disabled. */
async function languageWithUnorderedTiers(): Promise<number> {
  const [language] = await t.database.db
    .insert(languages)
    .values({ name: 'Unordered', code: `un-${Math.random().toString(36).slice(2, 8)}` })
    .returning();
  await t.database.db.insert(statuses).values([
    { languageId: language!.id, name: 'Third', points: 300 },
    { languageId: language!.id, name: 'First', points: 0 },
    { languageId: language!.id, name: 'Hidden', points: 50, enabled: false },
    { languageId: language!.id, name: 'Second', points: 100 },
  ]);
  return language!.id;
}

async function setAllowance(freeLessons: number): Promise<void> {
  await t.database.db
    .insert(config)
    .values({ id: 1, freeLessons })
    .onConflictDoUpdate({ target: config.id, set: { freeLessons } });
}

async function renameTier(languageId: number, from: string, to: string): Promise<void> {
  await t.database.db
    .update(statuses)
    .set({ name: to })
    .where(sql`${statuses.languageId} = ${languageId} and ${statuses.name} = ${from}`);
}

async function learnerOnCourse(app: FastifyInstance = t.app): Promise<SignedIn> {
  const learner = await registerLearner(app);
  const drive = learningDriver(app, course, learner, { secret: SECRET });
  expect((await drive.selectCourse()).statusCode).toBe(200);
  expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
  return learner;
}

describe('the learning config cache', () => {
  it('answers the enabled tiers (lowest first) and the allowance the tables hold', async () => {
    const cache = learningConfigCache(t.database.db, now);
    const unordered = await languageWithUnorderedTiers();
    await setAllowance(5);
    const catalogue = {};
    expect(await cache.get(unordered, catalogue)).toEqual({
      statusTiers: [
        { name: 'First', points: 0 },
        { name: 'Second', points: 100 },
        { name: 'Third', points: 300 },
      ],
      freeLessonAllowance: 5,
    });
    expect(await readFreeLessonAllowance(t.database.db)).toBe(5);
    expect((await cache.get(course.languageId, catalogue)).statusTiers).toEqual(
      await readStatusTiers(t.database.db, course.languageId),
    );
    // Without a spoken language (no course chosen yet), the built-in tiers.
    expect((await cache.get(null, catalogue)).statusTiers).toEqual(
      await readStatusTiers(t.database.db, null),
    );
    expect((await cache.get(null, catalogue)).statusTiers.length).toBeGreaterThan(0);
  });

  it('serves a value read within the last 30 s, and reads it again after', async () => {
    const cache = learningConfigCache(t.database.db, now);
    const language = await languageWithUnorderedTiers();
    const catalogue = {};
    await setAllowance(4);
    const first = await cache.get(language, catalogue);
    expect(first.freeLessonAllowance).toBe(4);
    expect(first.statusTiers.map((tier) => tier.name)).toEqual(['First', 'Second', 'Third']);

    await setAllowance(7);
    await renameTier(language, 'First', 'Beginner');
    t.clock.advance(TTL_MS - 1);
    expect(await cache.get(language, catalogue)).toEqual(first);
    t.clock.advance(1);
    const after = await cache.get(language, catalogue);
    expect(after.freeLessonAllowance).toBe(7);
    expect(after.statusTiers.map((tier) => tier.name)).toEqual(['Beginner', 'Second', 'Third']);
  });

  it('reads everything again at once when the catalogue changes', async () => {
    const cache = learningConfigCache(t.database.db, now);
    const language = await languageWithUnorderedTiers();
    const before = {};
    await setAllowance(3);
    expect((await cache.get(language, before)).freeLessonAllowance).toBe(3);

    await setAllowance(6);
    await renameTier(language, 'Second', 'Improver');
    expect((await cache.get(language, before)).freeLessonAllowance).toBe(3);
    const imported = {};
    const after = await cache.get(language, imported);
    expect(after.freeLessonAllowance).toBe(6);
    expect(after.statusTiers.map((tier) => tier.name)).toEqual(['First', 'Improver', 'Third']);
  });

  it('keeps no failed read: the next request reads again', async () => {
    let away = false;
    // The database as the cache sees it: away while `away` is set (an outage), the real one otherwise.
    const flaky = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (away && (property === 'select' || property === 'execute')) throw new Error('database away');
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Database;
    const cache = learningConfigCache(flaky, now);
    const catalogue = {};
    away = true;
    await expect(cache.get(course.languageId, catalogue)).rejects.toThrow('database away');
    away = false;
    const read = await cache.get(course.languageId, catalogue);
    expect(read.freeLessonAllowance).toBe(2);
    expect(read.statusTiers).toHaveLength(15);
  });

  it('gives each reader its own array of tiers', async () => {
    const cache = learningConfigCache(t.database.db, now);
    const catalogue = {};
    const first = await cache.get(course.languageId, catalogue);
    first.statusTiers.reverse();
    expect((await cache.get(course.languageId, catalogue)).statusTiers[0]).toMatchObject({ points: 0 });
  });
});

describe('the overview and the dashboard with the cache', () => {
  const overviewOf = (learner: SignedIn, app: FastifyInstance = t.app) =>
    injectCall(app, overview, { headers: learner.headers });

  it('answer what the full state gives, and reflect an operator change on every instance within 30 s', async () => {
    const other = await secondInstance(t);
    try {
      const learner = await learnerOnCourse();
      const lesson = course.topics[0]!.lessons[1]!;
      const drive = learningDriver(t.app, course, learner, { secret: SECRET });
      expect((await drive.complete(lesson.id, rightAttempts(lesson.exercises))).statusCode).toBe(200);
      const state = (await loadLearnerState(t.database.db, learner.userId, now()))!;

      const overview = (await overviewOf(learner)).json();
      expect(overview.status.tiers).toEqual(await readStatusTiers(t.database.db, course.languageId));
      expect(overview.status.points).toBe(state.statistics.points);
      const left = refreshFreeLessons(state.freeLessons, 2, now().getTime()).num;
      expect(overview.freeLessonsLeft).toBe(left);
      expect((await overviewOf(learner, other)).json()).toEqual(overview);

      // An operator raises the allowance in SQL: each instance shows it once its 30 s have passed.
      await setAllowance(9);
      expect((await overviewOf(learner)).json().freeLessonsLeft).toBe(left);
      expect((await overviewOf(learner, other)).json().freeLessonsLeft).toBe(left);
      t.clock.advance(TTL_MS);
      expect((await overviewOf(learner)).json().freeLessonsLeft).toBe(left + 7);
      expect((await overviewOf(learner, other)).json().freeLessonsLeft).toBe(left + 7);
      const dashboard = (await injectCall(t.app, dashboardCall, { headers: learner.headers })).json();
      expect(dashboard.freeLessonsLeft).toBe(left + 7);
      expect(dashboard.status).toEqual((await overviewOf(learner)).json().status);
    } finally {
      await other.close();
    }
  });
});
