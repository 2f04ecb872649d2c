import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOutline, lessonExercises as lessonExercisesCall } from '@parlo/contract/catalogue';
import {
  contentRevision,
  exercises,
  languages,
  lessons,
  packages,
  programs,
  statuses,
  topics,
  users,
} from '../src/db/schema.ts';
import { readContentRevision } from '../src/modules/catalogue/catalogue.repository.ts';
import { contentRevisionReader } from '../src/modules/catalogue/content-revision.ts';
import { completionExercisesCache } from '../src/modules/learning/completion-exercises.cache.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { countStatements } from './support/statements.ts';

// ADR 047: the caches built from content (the catalogue, a lesson's exercises, a completion's exercises)
// ask the content's revision when their 30 s bound is over, and read the content again only when it moved.
// These tests hold the trigger to every catalogue table and only those, and the caches to ADR 016's bound:
// a change shows within 30 s, an unchanged catalogue costs one small statement.

const TTL_MS = 30_000;
let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  t = await createTestApp();
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const revision = () => readContentRevision(t.database.db);
const outline = () => injectCall(t.app, catalogueOutline, { params: { languageId: course.languageId } });
const lessonExercises = async (lessonId: number) =>
  injectCall(t.app, lessonExercisesCall, {
    params: { lessonId },
    headers: (learner ??= await registerLearner(t.app)).headers,
  });
let learner: Awaited<ReturnType<typeof registerLearner>> | undefined;
/** Statements other than the session and rate-limit reads every request may make. */
const ownStatements = (sent: string[]) =>
  sent.filter((text) => !/sessions|active_session|rate_limit_hits/.test(text));

describe('the content revision', () => {
  it('moves with every statement that writes a catalogue table, and with no other', async () => {
    const db = t.database.db;
    const lesson = course.topics[0]!.lessons[1]!;
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['languages', () => db.update(languages).set({ order: 98 }).where(eq(languages.id, course.languageId))],
      ['packages', () => db.update(packages).set({ order: 5 }).where(eq(packages.id, course.packageId))],
      ['programs', () => db.update(programs).set({ order: 5 }).where(eq(programs.id, course.programId))],
      ['topics', () => db.update(topics).set({ order: 5 }).where(eq(topics.id, course.topics[0]!.id))],
      ['lessons', () => db.update(lessons).set({ name: 'Renamed' }).where(eq(lessons.id, lesson.id))],
      [
        'exercises',
        () => db.update(exercises).set({ order: 7 }).where(eq(exercises.id, lesson.exercises[0]!.id)),
      ],
      [
        'statuses (insert)',
        () => db.insert(statuses).values({ languageId: course.languageId, name: 'X', points: 1 }),
      ],
      ['statuses (delete)', () => db.delete(statuses).where(eq(statuses.name, 'X'))],
    ];
    for (const [table, write] of writes) {
      const before = await revision();
      await write();
      expect(await revision(), table).toBeGreaterThan(before);
    }

    const before = await revision();
    const learner = await registerLearner(t.app);
    await db.update(users).set({ name: 'Someone else' }).where(eq(users.id, learner.userId));
    expect(await revision()).toBe(before);
    // One row, whatever was written.
    expect(await db.select().from(contentRevision)).toHaveLength(1);
  });

  it('lets the catalogue be served unread while unchanged, and shows a change within 30 s', async () => {
    const first = await outline();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag;

    // Past the bound and unchanged: one small statement, the same bytes.
    t.clock.advance(TTL_MS + 1_000);
    let again: Awaited<ReturnType<typeof outline>> | undefined;
    const sent = ownStatements(await countStatements(async () => (again = await outline())));
    expect(sent, sent.join('\n')).toHaveLength(1);
    expect(sent[0]).toMatch(/content_revision/);
    expect(again?.headers.etag).toBe(etag);
    expect(again?.body).toBe(first.body);

    // A change by any writer (here an operator in SQL) shows after the bound, not before.
    const topic = course.topics[1]!;
    await t.database.db.execute(sql`update topics set name = 'Im Café' where id = ${topic.id}`);
    t.clock.advance(TTL_MS - 1_000);
    expect((await outline()).headers.etag).toBe(etag);
    t.clock.advance(2_000);
    const changed = await outline();
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('Im Café');
  });

  it('keeps a lesson’s exercises while unchanged, and builds them again after a change', async () => {
    const lesson = course.topics[0]!.lessons[1]!;
    const first = await lessonExercises(lesson.id);
    expect(first.statusCode).toBe(200);

    t.clock.advance(TTL_MS + 1_000);
    const sent = ownStatements(await countStatements(() => lessonExercises(lesson.id)));
    expect(sent, sent.join('\n')).toHaveLength(1);
    expect(sent[0]).toMatch(/content_revision/);

    const exerciseId = lesson.exercises[0]!.id;
    await t.database.db.update(exercises).set({ enabled: false }).where(eq(exercises.id, exerciseId));
    t.clock.advance(TTL_MS + 1_000);
    const changed = await lessonExercises(lesson.id);
    expect(changed.data.map((exercise) => exercise.id)).not.toContain(exerciseId);
    expect(first.data.map((exercise) => exercise.id)).toContain(exerciseId);
    await t.database.db.update(exercises).set({ enabled: true }).where(eq(exercises.id, exerciseId));
  });

  it('keeps a completion’s exercises while unchanged, reads them again after a change', async () => {
    const now = () => t.clock.now;
    const cache = completionExercisesCache(t.database.db, now, contentRevisionReader(t.database.db, now));
    const catalogue = {};
    const lesson = course.topics[0]!.lessons[1]!;
    const first = await cache.get(lesson.id, catalogue);

    t.clock.advance(TTL_MS + 1_000);
    let kept: Awaited<ReturnType<typeof cache.get>> | undefined;
    const sent = await countStatements(async () => (kept = await cache.get(lesson.id, catalogue)));
    expect(sent, sent.join('\n')).toHaveLength(1);
    expect(kept).toBe(first);

    await t.database.db.update(exercises).set({ order: 42 }).where(eq(exercises.id, lesson.exercises[0]!.id));
    t.clock.advance(TTL_MS + 1_000);
    const changed = await cache.get(lesson.id, catalogue);
    expect(changed).not.toBe(first);
    expect(changed.exercises.find((exercise) => exercise.id === lesson.exercises[0]!.id)?.order).toBe(42);
  });
});
