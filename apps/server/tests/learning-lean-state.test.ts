import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freeLessonCounters,
  learningProgress,
  settings,
  statistics,
  subscriptions,
} from '../src/db/schema.ts';
import {
  loadLearnerState,
  progressOf,
  type LearnerState,
} from '../src/modules/learning/learner-state.repository.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, type SignedIn, type TestApp } from './helper.ts';

// ADR 037: the overview's and the dashboard's read (`learner_state_plain`) joins the subscriptions instead
// of aggregating them in a subquery (one row per subscription), returns the counter flat and the progress
// as text, parsed once per distinct text. These tests hold it to the full plain read on both engines:
// whatever a learner has (no subscription, several, premium or not, a counter or none, progress
// written before a field existed), the state is the same, and the overview answers the same.

const SECRET = 'lean-state-secret';
let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: SECRET } });
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const nowSeconds = () => Math.floor(t.clock.now.getTime() / 1000);

async function learnerOnCourse(): Promise<SignedIn> {
  const learner = await registerLearner(t.app);
  const drive = learningDriver(t.app, course, learner, { secret: SECRET });
  expect((await drive.selectCourse()).statusCode).toBe(200);
  expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
  return learner;
}

/** The full plain read (tiers and allowance from SQL) and the lean one given those same values. */
async function bothReads(userId: string): Promise<{ full: LearnerState; lean: LearnerState }> {
  const full = await loadLearnerState(t.database.db, userId, t.clock.now);
  expect(full).not.toBeNull();
  const lean = await loadLearnerState(t.database.db, userId, t.clock.now, {
    config: async () => ({
      statusTiers: full!.statusTiers,
      freeLessonAllowance: full!.freeLessonAllowance,
    }),
  });
  return { full: full!, lean: lean! };
}

async function subscribe(userId: string, status: string, endsInSeconds: number, planId = '1_month') {
  await t.database.db.insert(subscriptions).values({
    userId,
    planId,
    status,
    currentPeriodStart: nowSeconds() - 3600,
    currentPeriodEnd: nowSeconds() + endsInSeconds,
    provider: 'sandbox',
  });
}

describe("the overview's lean state read", () => {
  it('reads what the full read reads, without a counter or a subscription', async () => {
    const learner = await learnerOnCourse();
    const { full, lean } = await bothReads(learner.userId);
    expect(full.freeLessons).toBeUndefined();
    expect(full.premium).toBe(false);
    expect(lean).toEqual(full);
  });

  it('reads one learner, premium as the full read decides, however many subscriptions they have', async () => {
    const premium = await learnerOnCourse();
    await subscribe(premium.userId, 'expired', -86_400);
    await subscribe(premium.userId, 'active', 86_400, '1_year');
    await subscribe(premium.userId, 'canceled', -3600, '3_month');
    const lapsed = await learnerOnCourse();
    await subscribe(lapsed.userId, 'expired', -86_400);
    await subscribe(lapsed.userId, 'canceled', -3600);
    await subscribe(lapsed.userId, 'unpaid', 86_400);

    const premiumReads = await bothReads(premium.userId);
    expect(premiumReads.full.premium).toBe(true);
    expect(premiumReads.lean).toEqual(premiumReads.full);
    const lapsedReads = await bothReads(lapsed.userId);
    expect(lapsedReads.full.premium).toBe(false);
    expect(lapsedReads.lean).toEqual(lapsedReads.full);
    // The dashboard's freeLessonsLeft follows premium: null only for the premium learner.
    const overview = async (learner: SignedIn) =>
      (await t.app.inject({ method: 'GET', url: '/api/learning/overview', headers: learner.headers })).json<{
        premium: boolean;
        freeLessonsLeft: number | null;
      }>();
    expect(await overview(premium)).toMatchObject({ premium: true, freeLessonsLeft: null });
    expect((await overview(lapsed)).premium).toBe(false);
  });

  it('reads the counter, statistics, time zone and progress after lessons, as the full read does', async () => {
    const learner = await learnerOnCourse();
    const drive = learningDriver(t.app, course, learner, { secret: SECRET });
    const lesson = course.topics[0]!.lessons[1]!;
    const completed = await drive.complete(lesson.id, rightAttempts(lesson.exercises));
    expect(completed.statusCode, completed.body).toBe(200);
    await t.database.db
      .update(settings)
      .set({ timeZone: 'Asia/Tokyo', uiLanguage: 'de' })
      .where(eq(settings.userId, learner.userId));
    const { full, lean } = await bothReads(learner.userId);
    expect(full.freeLessons).toBeDefined();
    expect(full.statistics.points).toBeGreaterThan(0);
    expect(full.timeZone).toBe('Asia/Tokyo');
    expect(lean).toEqual(full);

    // The counter gone (a new learner of another day, say): both answer none.
    await t.database.db.delete(freeLessonCounters).where(eq(freeLessonCounters.userId, learner.userId));
    const again = await bothReads(learner.userId);
    expect(again.full.freeLessons).toBeUndefined();
    expect(again.lean).toEqual(again.full);
  });

  it('gives progress written before a field existed its defaults, as the full read does', async () => {
    const learner = await learnerOnCourse();
    // An entry as stored before passedBlitzes and reviewedLessons existed.
    await t.database.db
      .update(learningProgress)
      .set({
        selected: sql`(select jsonb_agg(entry - 'passedBlitzes' - 'reviewedLessons')
          from jsonb_array_elements(${learningProgress.selected}) entry)`,
      })
      .where(eq(learningProgress.userId, learner.userId));
    const { full, lean } = await bothReads(learner.userId);
    expect(full.progress.selected[0]).toMatchObject({ passedBlitzes: [], reviewedLessons: [] });
    expect(lean).toEqual(full);
  });

  it('answers nothing for a learner it does not know', async () => {
    const lean = await loadLearnerState(t.database.db, '00000000-0000-4000-8000-000000000000', t.clock.now, {
      config: async () => ({ statusTiers: [], freeLessonAllowance: 2 }),
    });
    expect(lean).toBeNull();
  });

  it('shows the next request the points a change wrote (nothing about the learner is kept)', async () => {
    const learner = await learnerOnCourse();
    const overview = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/learning/overview', headers: learner.headers })).json<{
        statistics: { points: number };
        status: { points: number };
      }>();
    expect((await overview()).statistics.points).toBe(0);
    await t.database.db.update(statistics).set({ points: 65 }).where(eq(statistics.userId, learner.userId));
    expect(await overview()).toMatchObject({ statistics: { points: 65 }, status: { points: 65 } });
  });
});

describe("the overview's program view", () => {
  it("is each learner's own: learners sharing a place share a view, a completion moves the learner's", async () => {
    type Program = { currentLessonId: number | null; topics: Array<{ lessons: Array<{ state: string }> }> };
    const programOf = async (learner: SignedIn) =>
      (await t.app.inject({ method: 'GET', url: '/api/learning/overview', headers: learner.headers })).json<{
        program: Program;
      }>().program;
    const moving = await learnerOnCourse();
    const staying = await learnerOnCourse();
    const before = await programOf(moving);
    expect(await programOf(staying)).toEqual(before);

    const lesson = course.topics[0]!.lessons[1]!;
    const drive = learningDriver(t.app, course, moving, { secret: SECRET });
    expect((await drive.complete(lesson.id, rightAttempts(lesson.exercises))).statusCode).toBe(200);
    const after = await programOf(moving);
    expect(after.currentLessonId).not.toBe(before.currentLessonId);
    expect(after.topics).not.toEqual(before.topics);
    expect(await programOf(staying)).toEqual(before);
    expect(await programOf(moving)).toEqual(after);
  });
});

describe('progressOf (the progress text parsed once per distinct text)', () => {
  const entry = {
    packageId: 1,
    languageId: 1,
    programId: 7,
    topicId: 3,
    lessonId: 9,
    selected: true,
    finished: false,
  };

  it('parses through the schema (defaults filled), and answers the same text with the same progress', () => {
    const text = JSON.stringify([entry]);
    const progress = progressOf(text);
    expect(progress).toEqual({ selected: [{ ...entry, passedBlitzes: [], reviewedLessons: [] }] });
    expect(progressOf(` ${text}`)).toEqual(progress);
    expect(progressOf(text)).toBe(progress);
  });

  it('freezes what requests share', () => {
    const progress = progressOf(JSON.stringify([{ ...entry, programId: 8 }]));
    expect(Object.isFrozen(progress)).toBe(true);
    expect(Object.isFrozen(progress.selected[0]!.passedBlitzes)).toBe(true);
    expect(() => progress.selected[0]!.passedBlitzes.push(1)).toThrow(TypeError);
  });

  it('refuses a text the schema refuses, every time (nothing kept)', () => {
    const text = JSON.stringify([{ ...entry, programId: 'seven' }]);
    expect(() => progressOf(text)).toThrow();
    expect(() => progressOf(text)).toThrow();
  });

  it('stays right past the number of texts it keeps', () => {
    for (let programId = 100; programId < 2200; programId++) {
      expect(progressOf(JSON.stringify([{ ...entry, programId }])).selected[0]!.programId).toBe(programId);
    }
  });
});
