import { refreshFreeLessons } from '@parlo/core/billing/free-lessons';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dashboard as dashboardCall, overview } from '@parlo/contract/learning';
import type { Database } from '../src/db/client.ts';
import { config, languages, statuses, users } from '../src/db/schema.ts';
import { loadLearnerState } from '../src/modules/learning/learner-state.repository.ts';
import { learningConfigCache } from '../src/modules/learning/learning-config.cache.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, secondInstance, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { namedExecutions } from './support/statements.ts';

// ADR 034: the overview and the dashboard take the status tiers and the free-lesson allowance from a
// per-instance cache instead of the learner's state statement. These tests hold the cache to the full
// statement's values (order included), to ADR 016's 30 s bound, to a catalogue change, and to not keeping
// a failed read; and the overview and dashboard to the answers they gave before.

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
  it('answers the tiers (values and order) and the allowance the full state statement reads', async () => {
    const cache = learningConfigCache(t.database.db, now);
    const unordered = await languageWithUnorderedTiers();
    const onCourse = await learnerOnCourse();
    const withoutCourse = await registerLearner(t.app);
    const onUnordered = await registerLearner(t.app);
    await t.database.db
      .update(users)
      .set({ spokenLanguageId: unordered })
      .where(eq(users.id, onUnordered.userId));
    await setAllowance(5);
    const catalogue = {};

    for (const learner of [onCourse, withoutCourse, onUnordered]) {
      const full = await loadLearnerState(t.database.db, learner.userId, now());
      const lean = await loadLearnerState(t.database.db, learner.userId, now(), {
        config: (spokenLanguageId) => cache.get(spokenLanguageId, catalogue),
      });
      // The whole state, not only tiers and allowance: the leaner statement must lose nothing else.
      expect(lean).toEqual(full);
      expect(full!.freeLessonAllowance).toBe(5);
    }
    const onUnorderedState = await loadLearnerState(t.database.db, onUnordered.userId, now());
    expect(onUnorderedState!.statusTiers).toEqual([
      { name: 'Third', points: 300 },
      { name: 'First', points: 0 },
      { name: 'Second', points: 100 },
    ]);
    // Without a spoken language (no course chosen yet) both answer the built-in tiers.
    expect((await cache.get(null, catalogue)).statusTiers).toEqual(
      (await loadLearnerState(t.database.db, withoutCourse.userId, now()))!.statusTiers,
    );
  });

  it('serves a value read within the last 30 s, and reads it again after', async () => {
    const cache = learningConfigCache(t.database.db, now);
    const language = await languageWithUnorderedTiers();
    const catalogue = {};
    await setAllowance(4);
    const first = await cache.get(language, catalogue);
    expect(first.freeLessonAllowance).toBe(4);
    expect(first.statusTiers.map((tier) => tier.name)).toEqual(['Third', 'First', 'Second']);

    await setAllowance(7);
    await renameTier(language, 'First', 'Beginner');
    t.clock.advance(TTL_MS - 1);
    expect(await cache.get(language, catalogue)).toEqual(first);
    t.clock.advance(1);
    const after = await cache.get(language, catalogue);
    expect(after.freeLessonAllowance).toBe(7);
    expect(after.statusTiers.map((tier) => tier.name)).toEqual(['Third', 'Beginner', 'Second']);
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
    expect(after.statusTiers.map((tier) => tier.name)).toEqual(['Third', 'First', 'Improver']);
  });

  it('keeps no failed read: the next request reads again', async () => {
    let away = false;
    // The database as the cache sees it: away while `away` is set (an outage), the real one otherwise.
    const flaky = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (away && property === 'execute') throw new Error('database away');
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
      expect(overview.status.tiers).toEqual(state.statusTiers);
      expect(overview.status.points).toBe(state.statistics.points);
      const left = refreshFreeLessons(state.freeLessons, state.freeLessonAllowance, now().getTime()).num;
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

  it('runs only the lean state statement once the cache is warm, and the two config reads when cold', async () => {
    const learner = await learnerOnCourse();
    t.clock.advance(TTL_MS);
    const cold = await learningExecutions(() => overviewOf(learner));
    expect(cold.sort()).toEqual(['free_lesson_allowance', 'learner_state_plain', 'status_tiers']);
    expect(await learningExecutions(() => overviewOf(learner))).toEqual(['learner_state_plain']);
    // A lesson's start still reads tiers and allowance with the state.
    const drive = learningDriver(t.app, course, learner, { secret: SECRET });
    expect(await learningExecutions(() => drive.start(course.topics[0]!.lessons[1]!.id))).toEqual([
      'learner_state_plain_config',
    ]);
  });
});

/**
 * The hot learning statements run during `work`. The session read (`active_session`, ADR 036)
 * is left out: it follows the session's 5 s hold, which the clock's 30 s steps run out, not this cache.
 */
async function learningExecutions(work: () => Promise<unknown>): Promise<string[]> {
  return (await namedExecutions(work)).filter((name) => name !== 'active_session');
}
