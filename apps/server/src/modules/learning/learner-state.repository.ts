import type { FreeLessons } from '@parlo/core/billing/free-lessons';
import { learningProgressSchema, type LearningProgress } from '@parlo/core/progression/progress';
import type { Statistics } from '@parlo/core/stats/statistics';
import { defaultStatusTiers, type StatusTier } from '@parlo/core/stats/status';
import { DEFAULT_TIME_ZONE } from '@parlo/core/time/time-zone';
import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  insertRowsFromJson,
  jsonRow,
  namedStatement,
  placeholdersFor,
  runnerOf,
  type RunNamed,
  queryText,
  rowOf,
  rowsAsJson,
  selectedAs,
} from '../../lib/named-statement.ts';
import {
  config,
  freeLessonCounters,
  learningEvents,
  learningProgress,
  lessonCompletions,
  notifications,
  settings,
  statistics,
  statuses,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { rowIsPremium } from '../billing/billing.repository.ts';
import { DEFAULT_FREE_LESSONS } from '../catalogue/catalogue.repository.ts';
import {
  historyInsert,
  historyJson,
  memoriesJson,
  memoriesOf,
  memoriesRead,
  memoriesUpsert,
} from '../review/review.repository.ts';
import type { ItemMemory } from '@parlo/core/review/memory';
import type { AnswerWrites } from '../review/review.service.ts';

/** Everything the learning rules need about one learner, as the tables hold it. */
export interface LearnerState {
  userId: string;
  statisticsId: number;
  progressId: number;
  statistics: Statistics;
  progress: LearningProgress;
  freeLessons: FreeLessons | undefined;
  timeZone: string;
  /** The interface language (the bell's texts), 'en' until settings are stored. */
  uiLanguage: string;
  premium: boolean;
  spokenLanguageId: number | null;
}

const statisticsColumns = getTableColumns(statistics);
const progressColumns = { id: learningProgress.id };
const userColumns = { spokenLanguageId: users.spokenLanguageId };
const settingsColumns = { timeZone: settings.timeZone, uiLanguage: settings.uiLanguage };
const counterColumns = {
  num: freeLessonCounters.num,
  date: freeLessonCounters.date,
  lastApiFreeLessons: freeLessonCounters.lastApiFreeLessons,
};
const subscriptionColumns = {
  planId: subscriptions.planId,
  status: subscriptions.status,
  currentPeriodStart: subscriptions.currentPeriodStart,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
};
const completionColumns = {
  played: lessonCompletions.played,
  outcome: lessonCompletions.outcome,
  retiredAt: lessonCompletions.retiredAt,
};
const byUser = eq(statistics.userId, sql.placeholder('userId'));

/*
 * The learner's statements are drizzle queries built once and run as named statements
 * (lib/named-statement.ts): PGlite parses and plans every statement it is sent, which cost these hot ones
 * more than running them (ADR 049, 051). Their rows come back as the driver gives them; `rowOf` maps each
 * prefix's columns back to the schema's types.
 */

/** One row per subscription (one without any): the learner's statistics, progress, settings and counter. */
function stateQuery(extra: Record<string, SQL.Aliased> = {}) {
  return queryText
    .select(
      jsonRow({
        ...selectedAs('s_', statisticsColumns),
        ...selectedAs('p_', progressColumns),
        // As text, which `progressOf` parses once per distinct text.
        p_selected: sql<string>`${learningProgress.selected}::text`.as('p_selected'),
        ...selectedAs('u_', userColumns),
        ...selectedAs('t_', settingsColumns),
        ...selectedAs('c_', counterColumns),
        ...selectedAs('b_', subscriptionColumns),
        ...extra,
      }),
    )
    .from(statistics)
    .innerJoin(learningProgress, eq(learningProgress.userId, statistics.userId))
    .innerJoin(users, eq(users.id, statistics.userId))
    .leftJoin(settings, eq(settings.userId, statistics.userId))
    .leftJoin(freeLessonCounters, eq(freeLessonCounters.userId, statistics.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, statistics.userId))
    .$dynamic();
}
const readState = namedStatement<{ row: Record<string, unknown> }>(
  'learner_state',
  stateQuery().where(byUser).getSQL(),
);
/** A completion's: the same, with what its idempotency key already stored (nothing, for a new key). */
const readStateWithKey = namedStatement<{ row: Record<string, unknown> }>(
  'learner_state_with_key',
  stateQuery(selectedAs('k_', completionColumns))
    .leftJoin(
      lessonCompletions,
      and(
        eq(lessonCompletions.userId, statistics.userId),
        eq(lessonCompletions.idempotencyKey, sql.placeholder('idempotencyKey')),
      ),
    )
    .where(byUser)
    .getSQL(),
);

const lockLearner = namedStatement(
  'learner_lock',
  queryText.select({ id: statistics.id }).from(statistics).where(byUser).for('update').getSQL(),
);

/**
 * Reads a learner's state: one query over their statistics, progress, user, settings, free-lesson counter
 * and subscriptions (one row per subscription). With `lock`, inside a transaction, the statistics row is
 * first locked (`for update`) until the transaction ends: every change to a learner's points and progress
 * takes this lock first, so concurrent completions (replays, double clicks, two devices) apply one after
 * the other and never double-count. The lock is its own statement because a statement that waited for a
 * lock still reads the other tables as they were when it started; the read after it sees what the
 * transaction it waited for committed.
 */
export async function loadLearnerState(
  db: Database,
  userId: string,
  now: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<LearnerState | null> {
  if (lock && (await lockLearner(db, { userId })).length === 0) return null;
  return learnerOf(await readState(db, { userId }), userId, now)?.state ?? null;
}

/**
 * A completion's read, inside its transaction (`inTransaction`): the learner locked as `loadLearnerState`
 * with `lock` does, then their state with what `idempotencyKey` already stored, and their memories of
 * `itemKeys` — three statements sent together, each reading after the lock.
 */
export async function loadLearnerForCompletion(
  run: RunNamed,
  userId: string,
  now: Date,
  idempotencyKey: string,
  itemKeys: readonly string[],
): Promise<(Learner & { memories: Map<string, ItemMemory> }) | null> {
  const [locked, rows, memories] = await run.all(
    [lockLearner, { userId }],
    [readStateWithKey, { userId, idempotencyKey }],
    memoriesRead(userId, itemKeys),
  );
  const learner = locked.length === 0 ? null : learnerOf(rows, userId, now);
  return learner && { ...learner, memories: memoriesOf(memories) };
}

interface Learner {
  state: LearnerState;
  stored: StoredCompletion | null;
}

/** The learner in the rows of `readState` or `readStateWithKey` (one per subscription), null without any. */
function learnerOf(
  found: Array<{ row: Record<string, unknown> }>,
  userId: string,
  now: Date,
): Learner | null {
  const rows = found.map(({ row }) => row);
  const first = rows[0];
  const stats = first && rowOf('s_', statisticsColumns, first);
  const progress = first && rowOf('p_', progressColumns, first);
  if (!first || !stats || !progress) return null;
  const { id: statisticsId, userId: _userId, ...stored } = stats;
  const settingsRow = rowOf('t_', settingsColumns, first);
  const completion = rowOf('k_', completionColumns, first);
  const state: LearnerState = {
    userId,
    statisticsId,
    progressId: progress.id,
    statistics: stored,
    progress: progressOf(String(first.p_selected)),
    freeLessons: rowOf('c_', counterColumns, first) ?? undefined,
    timeZone: settingsRow?.timeZone ?? DEFAULT_TIME_ZONE,
    uiLanguage: settingsRow?.uiLanguage ?? 'en',
    // The one place the server decides premium (no free-lesson limit, no ads): core's isPremium, through
    // the billing repository's rule.
    premium: rows.some((row) => {
      const subscription = rowOf('b_', subscriptionColumns, row);
      return subscription !== null && rowIsPremium(subscription, now);
    }),
    spokenLanguageId: rowOf('u_', userColumns, first)?.spokenLanguageId ?? null,
  };
  return {
    state,
    stored: completion && {
      played: completion.played,
      outcome: completion.outcome,
      retired: completion.retiredAt !== null,
    },
  };
}

/**
 * A learner's progress from its stored text, parsed by the schema once per distinct text (ADR 037): most
 * learners stand at one of a few places of a course, so most reads bring a text seen a moment ago, and
 * validating it again was the largest part of reading the row in JS. This keeps a pure function's answers,
 * not a learner. Entries written before a field existed get its default here. The answers are frozen, since
 * requests share them; at most `MAX_PROGRESS_TEXTS` are kept.
 */
const progressByText = new Map<string, LearningProgress>();
const MAX_PROGRESS_TEXTS = 1024;

function progressOf(text: string): LearningProgress {
  let progress = progressByText.get(text);
  if (!progress) {
    if (progressByText.size >= MAX_PROGRESS_TEXTS) progressByText.clear();
    progress = deepFreeze(learningProgressSchema.parse({ selected: JSON.parse(text) as unknown }));
    progressByText.set(text, progress);
  }
  return progress;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const readTiers = namedStatement(
  'status_tiers',
  queryText
    .select({ name: statuses.name, points: statuses.points })
    .from(statuses)
    .where(and(eq(statuses.languageId, sql.placeholder('languageId')), eq(statuses.enabled, true)))
    .orderBy(asc(statuses.points), asc(statuses.id))
    .getSQL(),
);
const readAllowance = namedStatement(
  'free_lesson_allowance',
  queryText
    .select(selectedAs('', { freeLessons: config.freeLessons }))
    .from(config)
    .where(eq(config.id, 1))
    .getSQL(),
);

/** A spoken language's enabled status tiers, lowest first (the built-in ones when none are stored). */
export async function readStatusTiers(
  db: Database | RunNamed,
  languageId: number | null,
): Promise<StatusTier[]> {
  if (languageId !== null) {
    const rows = await runnerOf(db)(readTiers, { languageId });
    if (rows.length > 0) return rows.map((row) => ({ name: String(row.name), points: Number(row.points) }));
  }
  return [...defaultStatusTiers];
}

/** The operator's free lessons per day (config), the default until one is stored. */
export async function readFreeLessonAllowance(db: Database | RunNamed): Promise<number> {
  const [row] = await runnerOf(db)(readAllowance, {});
  return row ? Number(row.freeLessons) : DEFAULT_FREE_LESSONS;
}

/** A completion stored under an idempotency key: what was played, the outcome sent, whether retired. */
export interface StoredCompletion {
  played: Record<string, unknown>;
  outcome: Record<string, unknown>;
  retired: boolean;
}

/** One statistics row by its id (SPEC §7 statistics/{id}), null when there is none. */
export async function findStatisticsById(db: Database, id: number) {
  const [row] = await db.select().from(statistics).where(eq(statistics.id, id)).limit(1);
  return row ?? null;
}

const { id: _id, userId: _user, ...statisticsFields } = statisticsColumns;
// Core's statistics are these columns: a field core adds without a column does not compile here.
const statisticsValues: Record<keyof Statistics, SQL> = placeholdersFor(statisticsFields);
const writeStatistics = namedStatement(
  'statistics_save',
  queryText.update(statistics).set(statisticsValues).where(byUser).getSQL(),
);

export async function saveStatistics(db: Database, userId: string, stats: Statistics): Promise<void> {
  await writeStatistics(db, { ...stats, userId });
}

const progressFields = { selected: learningProgress.selected, timestamp: learningProgress.timestamp };
const writeProgress = namedStatement(
  'progress_save',
  queryText
    .update(learningProgress)
    .set(placeholdersFor(progressFields))
    .where(eq(learningProgress.userId, sql.placeholder('userId')))
    .getSQL(),
);

export async function saveProgress(
  db: Database,
  userId: string,
  progress: LearningProgress,
  now: Date,
): Promise<void> {
  await writeProgress(db, {
    userId,
    selected: progress.selected,
    timestamp: Math.floor(now.getTime() / 1000),
  });
}

const eventColumns = {
  userId: learningEvents.userId,
  kind: learningEvents.kind,
  payload: learningEvents.payload,
};
const noticeColumns = {
  userId: notifications.userId,
  content: notifications.content,
  timestamp: notifications.timestamp,
};
const keyColumns = {
  userId: lessonCompletions.userId,
  idempotencyKey: lessonCompletions.idempotencyKey,
  played: lessonCompletions.played,
  outcome: lessonCompletions.outcome,
};
const step = (name: string, query: SQL) => queryText.$with(name, {}).as(query);

/**
 * A completion's writes, one query per concern: the free-lesson counter, the statistics, the progress (when
 * committed), the events, the answers' history and memories, the bell's notification and the key. They
 * are sent as one named statement (each concern a data-modifying CTE, run once, all or nothing with the
 * statement) because on PGlite every statement costs a round trip through its protocol, and a dozen of
 * them made completions run at half their speed (ADR 051). It runs in the transaction that holds the
 * learner's lock; nothing in it is guarded.
 */
const writeCompletion = namedStatement(
  'completion_write',
  queryText
    .with(
      step(
        'counter',
        insertRowsFromJson(
          freeLessonCounters,
          { userId: freeLessonCounters.userId, ...counterColumns },
          {
            rows: 'counter',
            onConflict: { target: [freeLessonCounters.userId], update: counterColumns },
          },
        ),
      ),
      step(
        'statistics',
        queryText
          .update(statistics)
          .set(placeholdersFor(statisticsFields, 'statistics_'))
          .where(byUser)
          .getSQL(),
      ),
      step(
        'progress',
        queryText
          .update(learningProgress)
          .set(placeholdersFor(progressFields, 'progress_'))
          .where(
            and(
              eq(learningProgress.userId, sql.placeholder('userId')),
              sql`${sql.placeholder('committed')}::boolean`,
            ),
          )
          .getSQL(),
      ),
      step('events', insertRowsFromJson(learningEvents, eventColumns, { rows: 'events' })),
      step('history', historyInsert('history')),
      step('memories', memoriesUpsert('memories')),
      step('notices', insertRowsFromJson(notifications, noticeColumns, { rows: 'notices' })),
    )
    .insert(lessonCompletions)
    .values(placeholdersFor(keyColumns))
    .getSQL(),
);

/** Everything one accepted completion writes, the answers' history and memory (modules/review) included. */
export interface CompletionWrites {
  userId: string;
  now: Date;
  /** The free-lesson counter, null when the completion left it as it was. */
  freeLessons: FreeLessons | null;
  /**
   * The statistics after this completion: the new ones when the lesson was learned, else the ones read
   * with the learned-word count (a repeat's answers may put new words in the memory, issue 29 item 11).
   */
  statistics: Statistics;
  /** The new progress when the lesson was learned, else null. */
  progress: LearningProgress | null;
  events: Array<{ kind: string; payload: Record<string, unknown> }>;
  /** The bell's text of a new status (issue 13), null without one. */
  notification: string | null;
  completion: { idempotencyKey: string; played: Record<string, unknown>; outcome: Record<string, unknown> };
  answers: AnswerWrites;
}

/**
 * Writes one completion inside the transaction that locked the learner (`loadLearnerForCompletion`) and
 * found its key unused: all of it or, with the transaction, nothing.
 */
export async function saveCompletion(run: RunNamed, writes: CompletionWrites): Promise<void> {
  const { userId, now } = writes;
  const seconds = Math.floor(now.getTime() / 1000);
  const prefixed = (prefix: string, values: object) =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}${key}`, value]));
  await run.last(writeCompletion, {
    userId,
    counter: rowsAsJson(
      { userId: freeLessonCounters.userId, ...counterColumns },
      writes.freeLessons ? [{ userId, ...writes.freeLessons }] : [],
    ),
    ...prefixed('statistics_', writes.statistics),
    committed: writes.progress !== null,
    ...prefixed('progress_', { selected: writes.progress?.selected ?? [], timestamp: seconds }),
    events: rowsAsJson(
      eventColumns,
      writes.events.map((event) => ({ userId, ...event })),
    ),
    history: historyJson(writes.answers.history),
    memories: memoriesJson(userId, writes.answers.memories, now),
    notices: rowsAsJson(
      noticeColumns,
      writes.notification === null ? [] : [{ userId, content: writes.notification, timestamp: seconds }],
    ),
    ...writes.completion,
  });
}
