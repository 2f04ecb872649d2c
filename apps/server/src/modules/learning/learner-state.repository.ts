import type { FreeLessons } from '@parlo/core/billing/free-lessons';
import { learningProgressSchema, type LearningProgress } from '@parlo/core/progression/progress';
import type { Statistics } from '@parlo/core/stats/statistics';
import { defaultStatusTiers, type StatusTier } from '@parlo/core/stats/status';
import { DEFAULT_TIME_ZONE } from '@parlo/core/time/time-zone';
import type { ItemMemory } from '@parlo/core/review/memory';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { namedStatement } from '../../lib/named-statement.ts';
import type { AnswerWrites } from '../review/review.service.ts';
import { rowIsPremium } from '../billing/billing.repository.ts';
import { DEFAULT_FREE_LESSONS } from '../catalogue/catalogue.repository.ts';
import { freeLessonCounters, learningProgress, statistics, statuses } from '../../db/schema.ts';

/** Everything the learning rules need about one learner, read in one place. */
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
  /** The spoken language's status tiers (the built-in ones when none are stored). */
  statusTiers: StatusTier[];
  /** The operator's free lessons per day (config), read with the state. */
  freeLessonAllowance: number;
  /** With `completionKey`: what that key already stored, if anything. */
  completion: StoredCompletion | null;
  /** With `itemKeys`: the learner's memory of each of those items that has one. */
  memories: Map<string, ItemMemory>;
}

/** A completion stored under an idempotency key: what was played, the outcome sent, whether retired. */
export interface StoredCompletion {
  played: Record<string, unknown>;
  outcome: Record<string, unknown>;
  retired: boolean;
}

interface SubscriptionFacts {
  planId: string;
  status: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
}

/**
 * The spoken language's status tiers and the operator's free-lesson allowance, as the state statement reads
 * them. The same text is the `status_tiers` and `free_lesson_allowance` statements of the learning config
 * cache (ADR 034), so both answer the same tiers in the same order.
 */
const tiersOf = (languageId: SQL) =>
  sql`(select json_agg(json_build_object('name', tier.name, 'points', tier.points))
        from statuses tier where tier.language_id = ${languageId} and tier.enabled)`;
const allowanceText = sql`(select free_lessons from config where id = 1)`;
const configFields = sql`,
      'tiers', ${tiersOf(sql`u.spoken_language_id`)},
      'allowance', ${allowanceText}`;

/**
 * A learner's state in one statement (issue 15: it was six): statistics, progress, settings, the free-lesson
 * counter, premium's subscriptions, the status tiers, the free-lesson allowance and, when asked, the stored
 * completion of an idempotency key and the memories of some items. Written once as SQL and run by name
 * (ADR 026); one `json` column, so both engines answer the same values.
 *
 * Two texts (ADR 030): reads without a key or items (the overview, the dashboard, a lesson's start) run the
 * `plain` one, without the completion and memory subqueries. PGlite parses and plans a statement on every
 * run, so every subquery costs each of those reads even when its parameters are empty. The overview's and
 * the dashboard's read is leaner still (`leanStateText`, ADR 034 and 037).
 */
function learnerStateText(keyed: boolean) {
  const keyedFields = keyed
    ? sql`,
      'version', s.xmin::text,
      'completion', (select json_build_object('played', done.played, 'outcome', done.outcome,
          'retired', done.retired_at is not null)
        from lesson_completions done
        where done.user_id = s.user_id and done.idempotency_key = ${sql.placeholder('completionKey')}),
      'memories', (select json_agg(json_build_object('itemKey', m.item_key,
          'due', round(extract(epoch from m.due) * 1000)::float8, 'stability', m.stability,
          'difficulty', m.difficulty, 'scheduledDays', m.scheduled_days, 'learningSteps', m.learning_steps,
          'reps', m.reps, 'lapses', m.lapses, 'state', m.state,
          'lastReview', round(extract(epoch from m.last_review) * 1000)::float8))
        from item_memory m
        where m.user_id = s.user_id
          and m.item_key in (select json_array_elements_text(${sql.placeholder('itemKeys')}::json)))`
    : sql``;
  return sql`select json_build_object(
      'statisticsId', s.id, 'points', s.points, 'words', s.words, 'days', s.days,
      'daysContinuous', s.days_continuous, 'rightAnswers', s.right_answers, 'errorCount', s.error_count,
      'weekActivity', s.week_activity, 'timestamp', s."timestamp",
      'progressId', p.id, 'selected', p.selected,
      'timeZone', st.time_zone, 'uiLanguage', st.ui_language,
      'counter', case when c.user_id is null then null else json_build_object(
        'num', c.num, 'date', c."date", 'lastApiFreeLessons', c.last_api_free_lessons) end,
      'spokenLanguageId', u.spoken_language_id,
      'subscriptions', (select json_agg(json_build_object('planId', sub.plan_id, 'status', sub.status,
          'currentPeriodStart', sub.current_period_start, 'currentPeriodEnd', sub.current_period_end))
        from subscriptions sub where sub.user_id = s.user_id)${configFields}${keyedFields}
    ) as state
    from statistics s
    join learning_progress p on p.user_id = s.user_id
    join users u on u.id = s.user_id
    left join settings st on st.user_id = s.user_id
    left join free_lesson_counters c on c.user_id = s.user_id
    where s.user_id = ${sql.placeholder('userId')}
    limit 1`;
}

/**
 * The overview's and the dashboard's read (ADR 034, 037): the same learner as the plain text, without
 * tiers and allowance, and with no subquery at all. PGlite runs PostgreSQL in the request's own thread, so
 * the subscriptions' correlated `json_agg` subquery (an aggregate per read) cost every overview about a
 * sixth of this statement; a left join costs less. So there is one row per subscription (one row without
 * any), the counter's and the subscription's columns flat (null when there is none; their columns are
 * `not null`), and the progress as text in its own column, which `progressOf` parses once per distinct text.
 */
function leanStateText() {
  return sql`select json_build_object(
      'statisticsId', s.id, 'points', s.points, 'words', s.words, 'days', s.days,
      'daysContinuous', s.days_continuous, 'rightAnswers', s.right_answers, 'errorCount', s.error_count,
      'weekActivity', s.week_activity, 'timestamp', s."timestamp",
      'progressId', p.id, 'timeZone', st.time_zone, 'uiLanguage', st.ui_language,
      'num', c.num, 'date', c."date", 'lastApiFreeLessons', c.last_api_free_lessons,
      'spokenLanguageId', u.spoken_language_id,
      'planId', sub.plan_id, 'status', sub.status,
      'currentPeriodStart', sub.current_period_start, 'currentPeriodEnd', sub.current_period_end
    ) as state, p.selected::text as selected
    from statistics s
    join learning_progress p on p.user_id = s.user_id
    join users u on u.id = s.user_id
    left join settings st on st.user_id = s.user_id
    left join free_lesson_counters c on c.user_id = s.user_id
    left join subscriptions sub on sub.user_id = s.user_id
    where s.user_id = ${sql.placeholder('userId')}`;
}

const readLearnerState = namedStatement<{ state: StateRow }>('learner_state', learnerStateText(true));
/**
 * The plain reads (ADR 030). The overview and the dashboard take the status tiers and the allowance from the
 * instance's learning config cache (ADR 034) and run the lean text (`leanStateText`); the other plain reads (a lesson's
 * start, a blitz's exercises, ads) keep them under another name.
 */
const readLeanLearnerState = namedStatement<{ state: LeanStateRow; selected: string }>(
  'learner_state_plain',
  leanStateText(),
);
const readPlainLearnerStateWithConfig = namedStatement<{ state: StateRow }>(
  'learner_state_plain_config',
  learnerStateText(false),
);

/** What the learning config cache keeps: the same values the state statement reads (ADR 034). */
export interface LearningConfig {
  statusTiers: StatusTier[];
  freeLessonAllowance: number;
}

const readTiers = namedStatement<{ tiers: StatusTier[] | null }>(
  'status_tiers',
  sql`select ${tiersOf(sql`${sql.placeholder('languageId')}::integer`)} as tiers`,
);
const readAllowance = namedStatement<{ allowance: number | null }>(
  'free_lesson_allowance',
  sql`select ${allowanceText} as allowance`,
);

/** A spoken language's status tiers as the state statement reads them (the built-in ones when none). */
export async function readStatusTiers(db: Database, languageId: number | null): Promise<StatusTier[]> {
  const tiers = languageId === null ? null : ((await readTiers(db, { languageId }))[0]?.tiers ?? null);
  return tiersOrDefault(tiers);
}

/** The operator's free lessons per day (config) as the state statement reads it. */
export async function readFreeLessonAllowance(db: Database): Promise<number> {
  return (await readAllowance(db, {}))[0]?.allowance ?? DEFAULT_FREE_LESSONS;
}

function tiersOrDefault(tiers: StatusTier[] | null | undefined): StatusTier[] {
  return tiers && tiers.length > 0 ? tiers : [...defaultStatusTiers];
}

interface StateRow extends Statistics {
  statisticsId: number;
  progressId: number;
  selected: unknown;
  timeZone: string | null;
  uiLanguage: string | null;
  counter: FreeLessons | null;
  spokenLanguageId: number | null;
  subscriptions: SubscriptionFacts[] | null;
  tiers: StatusTier[] | null;
  allowance: number | null;
  /** Absent from the plain statement. */
  version?: string;
  completion?: StoredCompletion | null;
  memories?: Array<ItemMemory & { itemKey: string }> | null;
}

/** One row of the lean read: a subscription's facts (all null without one) beside the learner's. */
interface LeanStateRow extends Statistics {
  statisticsId: number;
  /** The free-lesson counter's columns, null without a counter. */
  num: number | null;
  date: number | null;
  lastApiFreeLessons: number | null;
  progressId: number;
  timeZone: string | null;
  uiLanguage: string | null;
  spokenLanguageId: number | null;
  planId: string | null;
  status: string | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
}

/**
 * The lock is its own statement: a statement that waited for a lock still reads with the snapshot it
 * started with, so the state (and a completion stored by the transaction we waited for) is read next.
 *
 * It locks by updating the row to itself (ADR 033): PostgreSQL writes a new version of the row, so its
 * `xmin` changes with every transaction that locked the learner, whatever else it wrote. A completion
 * read without the lock writes only if the row still has the `xmin` it read (`saveCompletion`).
 */
const lockLearner = namedStatement<{ id: number }>(
  'learner_lock',
  sql`update statistics set id = id where user_id = ${sql.placeholder('userId')} returning id`,
);

/** What a read of the learner's state takes besides the learner. */
interface LearnerReadOptions {
  lock?: boolean;
  completionKey?: string;
  itemKeys?: readonly string[];
  /**
   * The status tiers and allowance from this instance's cache (ADR 034), for a read without a key or
   * items; the state statement then leaves them out.
   */
  config?: (spokenLanguageId: number | null) => Promise<LearningConfig>;
}

/**
 * Reads a learner's state. With `lock`, the statistics row is locked until the transaction ends: every
 * change to a learner's points and progress takes this lock first, so concurrent completions (replays,
 * double clicks, two devices) are applied one after the other and never double-count. `completionKey`
 * adds what that key stored; `itemKeys` the learner's memories of those items.
 */
export async function loadLearnerState(
  db: Database,
  userId: string,
  now: Date,
  { lock = false, completionKey, itemKeys, config }: LearnerReadOptions = {},
): Promise<LearnerState | null> {
  if (config && completionKey === undefined && itemKeys === undefined) {
    return readLeanLearner(db, userId, now, lock, config);
  }
  return (await readLearner(db, userId, now, { lock, completionKey, itemKeys }))?.state ?? null;
}

/**
 * A completion's read (ADR 033): the learner's state with this key's stored completion and the items'
 * memories, and the version of the learner it was read at, which `saveCompletion` checks. Without `lock`
 * it runs alone, outside any transaction.
 */
export async function loadLearnerForCompletion(
  db: Database,
  userId: string,
  now: Date,
  options: { lock: boolean; completionKey: string; itemKeys: readonly string[] },
): Promise<{ state: LearnerState; version: string } | null> {
  const read = await readLearner(db, userId, now, options);
  if (!read?.version) return null;
  return { state: read.state, version: read.version };
}

async function readLearner(
  db: Database,
  userId: string,
  now: Date,
  { lock = false, completionKey, itemKeys }: Omit<LearnerReadOptions, 'config'>,
): Promise<{ state: LearnerState; version: string | undefined } | null> {
  if (lock) {
    const locked = await lockLearner(db, { userId });
    if (locked.length === 0) return null;
  }
  const keyed = completionKey !== undefined || itemKeys !== undefined;
  const [found] = keyed
    ? await readLearnerState(db, {
        userId,
        completionKey: completionKey ?? null,
        itemKeys: JSON.stringify(itemKeys ?? []),
      })
    : await readPlainLearnerStateWithConfig(db, { userId });
  if (!found) return null;
  const row = found.state;
  const state: LearnerState = {
    ...learnerOf(userId, row, now, row.subscriptions ?? []),
    // Entries written before a field existed get its default here.
    progress: learningProgressSchema.parse({ selected: row.selected }),
    freeLessons: row.counter ?? undefined,
    statusTiers: tiersOrDefault(row.tiers),
    freeLessonAllowance: row.allowance ?? DEFAULT_FREE_LESSONS,
    completion: row.completion ?? null,
    memories: new Map((row.memories ?? []).map(({ itemKey, ...memory }) => [itemKey, memory as ItemMemory])),
  };
  return { state, version: row.version };
}

/** What every read of the state takes alike from its row. */
function learnerOf(
  userId: string,
  row: Statistics &
    Pick<LeanStateRow, 'statisticsId' | 'progressId' | 'timeZone' | 'uiLanguage' | 'spokenLanguageId'>,
  now: Date,
  subscriptions: readonly SubscriptionFacts[],
) {
  return {
    userId,
    statisticsId: row.statisticsId,
    progressId: row.progressId,
    statistics: {
      points: row.points,
      words: row.words,
      days: row.days,
      daysContinuous: row.daysContinuous,
      rightAnswers: row.rightAnswers,
      errorCount: row.errorCount,
      weekActivity: row.weekActivity,
      timestamp: row.timestamp,
    },
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    uiLanguage: row.uiLanguage ?? 'en',
    // The one place the server decides premium (no free-lesson limit, no ads): core's isPremium, through
    // the billing repository's rule.
    premium: subscriptions.some((subscription) => rowIsPremium(subscription, now)),
    spokenLanguageId: row.spokenLanguageId,
  };
}

/**
 * The overview's and the dashboard's read (ADR 034, 037): the lean statement, its rows (one per
 * subscription) folded into one state, tiers and allowance from the instance's cache.
 */
async function readLeanLearner(
  db: Database,
  userId: string,
  now: Date,
  lock: boolean,
  config: NonNullable<LearnerReadOptions['config']>,
): Promise<LearnerState | null> {
  if (lock && (await lockLearner(db, { userId })).length === 0) return null;
  const rows = await readLeanLearnerState(db, { userId });
  const first = rows[0];
  if (!first) return null;
  const row = first.state;
  const subscriptions: SubscriptionFacts[] = [];
  for (const { state } of rows) {
    if (state.planId === null) continue;
    subscriptions.push({
      planId: state.planId,
      status: state.status ?? '',
      currentPeriodStart: state.currentPeriodStart ?? 0,
      currentPeriodEnd: state.currentPeriodEnd ?? 0,
    });
  }
  const cached = await config(row.spokenLanguageId);
  return {
    ...learnerOf(userId, row, now, subscriptions),
    progress: progressOf(first.selected),
    freeLessons:
      row.num === null || row.date === null || row.lastApiFreeLessons === null
        ? undefined
        : { num: row.num, date: row.date, lastApiFreeLessons: row.lastApiFreeLessons },
    statusTiers: cached.statusTiers,
    freeLessonAllowance: cached.freeLessonAllowance,
    completion: null,
    memories: new Map(),
  };
}

/**
 * A learner's progress from its stored text, parsed by the contract's schema once per distinct text
 * (ADR 037): most learners stand at one of a few places of a course, so most overviews bring a text seen
 * a moment ago, and validating it again was the largest part of reading the row in JS. This keeps a pure
 * function's answers, not a learner: the text is the one just read, and the same text parses to the same
 * progress. The answers are frozen, since requests share them; at most `MAX_PROGRESS_TEXTS` are kept.
 */
const progressByText = new Map<string, LearningProgress>();
const MAX_PROGRESS_TEXTS = 1024;

export function progressOf(text: string): LearningProgress {
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

/** One statistics row by its id (SPEC §7 statistics/{id}), null when there is none. */
export async function findStatisticsById(db: Database, id: number) {
  const [row] = await db.select().from(statistics).where(eq(statistics.id, id)).limit(1);
  return row ?? null;
}

export async function saveStatistics(db: Database, userId: string, stats: Statistics): Promise<void> {
  await db.update(statistics).set(stats).where(eq(statistics.userId, userId));
}

export async function saveProgress(
  db: Database,
  userId: string,
  progress: LearningProgress,
  now: Date,
): Promise<void> {
  await db
    .update(learningProgress)
    .set({ selected: progress.selected, timestamp: Math.floor(now.getTime() / 1000) })
    .where(eq(learningProgress.userId, userId));
}

export async function saveFreeLessons(db: Database, userId: string, counter: FreeLessons): Promise<void> {
  await db
    .insert(freeLessonCounters)
    .values({ userId, ...counter })
    .onConflictDoUpdate({ target: freeLessonCounters.userId, set: counter });
}

/** The spoken language's tiers, or the built-in ones when none are stored for it. */
export async function statusTiersFor(db: Database, languageId: number | null): Promise<StatusTier[]> {
  if (languageId !== null) {
    const rows = await db
      .select({ name: statuses.name, points: statuses.points })
      .from(statuses)
      .where(and(eq(statuses.languageId, languageId), eq(statuses.enabled, true)));
    if (rows.length > 0) return rows;
  }
  return [...defaultStatusTiers];
}

/** Everything one accepted completion writes, the answers' history and memory (modules/review) included. */
export interface CompletionWrites {
  userId: string;
  now: Date;
  /** The learner's version its state was read at (`loadLearnerForCompletion`): nothing is written otherwise. */
  version: string;
  freeLessons: FreeLessons;
  /** Present when the lesson was learned: the new statistics and progress. */
  committed: { statistics: Statistics; progress: LearningProgress } | null;
  /**
   * The learned-word count after this completion, written even when nothing else is committed: a repeat's
   * answers may put new words in the memory, and the count is the memory's (issue 29 item 11).
   */
  words: number;
  events: Array<{ kind: string; payload: Record<string, unknown> }>;
  /** The bell's text of a new status (issue 13), null without one. */
  notification: string | null;
  completion: { idempotencyKey: string; played: Record<string, unknown>; outcome: Record<string, unknown> };
  answers: AnswerWrites;
}

/**
 * A completion's writes in one statement (issue 15): the free-lesson counter, statistics and progress (when
 * committed), the learning events, the answers' history and memories, a new status's notification (issue
 * 13) and the idempotency record, as
 * data-modifying CTEs over JSON parameters. The text never changes, so it is built once and run by name
 * (ADR 026); PostgreSQL runs every CTE once, all or nothing with the statement.
 *
 * Guarded by the learner's version (ADR 033): `learner` updates the statistics row — to the new statistics
 * when committed, to itself otherwise — only while its `xmin` is the one the state was read at, and every
 * other write happens only if it did. Every transaction that changes a learner's data updates that row
 * first (the lock, `learner_lock`), and an update that waited for another one re-checks the row it finds:
 * so this writes nothing, and answers no row, when anything of the learner changed since the read.
 */
const writeCompletion = namedStatement<{ written: number }>(
  'completion_write',
  sql`with learner as (
      update statistics s set
        points = case when r.committed then r.points else s.points end,
        words = coalesce(r.words, s.words),
        days = case when r.committed then r.days else s.days end,
        days_continuous = case when r.committed then r.days_continuous else s.days_continuous end,
        right_answers = case when r.committed then r.right_answers else s.right_answers end,
        error_count = case when r.committed then r.error_count else s.error_count end,
        week_activity = case when r.committed then r.week_activity else s.week_activity end,
        "timestamp" = case when r.committed then r."timestamp" else s."timestamp" end
      from (select ${sql.placeholder('committed')}::boolean as committed, n.*
        from json_populate_record(null::statistics, ${sql.placeholder('statistics')}::json) n) r
      where s.user_id = ${sql.placeholder('userId')} and s.xmin::text = ${sql.placeholder('version')}::text
      returning 1
    ), counter as (
      insert into free_lesson_counters (user_id, num, "date", last_api_free_lessons)
      select ${sql.placeholder('userId')}, r.num, r."date", r.last_api_free_lessons
      from json_populate_record(null::free_lesson_counters, ${sql.placeholder('counter')}::json) r
      where exists (select from learner)
      on conflict (user_id) do update set num = excluded.num, "date" = excluded."date",
        last_api_free_lessons = excluded.last_api_free_lessons
      returning 1
    ), progress as (
      update learning_progress set selected = ${sql.placeholder('selected')}::jsonb,
        "timestamp" = ${sql.placeholder('progressTimestamp')}::bigint
      where user_id = ${sql.placeholder('userId')} and ${sql.placeholder('committed')}::boolean
        and exists (select from learner)
      returning 1
    ), events as (
      insert into learning_events (user_id, kind, payload)
      select ${sql.placeholder('userId')}, e.value->>'kind', (e.value->'payload')::jsonb
      from json_array_elements(${sql.placeholder('events')}::json) with ordinality as e(value, n)
      where exists (select from learner)
      order by e.n
      returning 1
    ), history as (
      insert into answer_history (user_id, item_key, exercise_id, exercise_type, result, response_ms,
        answered_at, source, completion_key, "position")
      select ${sql.placeholder('userId')}, h.item_key, h.exercise_id, h.exercise_type, h.result, h.response_ms,
        h.answered_at, h.source, h.completion_key, h."position"
      from json_populate_recordset(null::answer_history, ${sql.placeholder('history')}::json) h
      where exists (select from learner)
      on conflict do nothing
      returning 1
    ), memories as (
      insert into item_memory (user_id, item_key, due, stability, difficulty, scheduled_days, learning_steps,
        reps, lapses, state, last_review, updated_at)
      select ${sql.placeholder('userId')}, m.item_key, m.due, m.stability, m.difficulty, m.scheduled_days,
        m.learning_steps, m.reps, m.lapses, m.state, m.last_review, m.updated_at
      from json_populate_recordset(null::item_memory, ${sql.placeholder('memories')}::json) m
      where exists (select from learner)
      on conflict (user_id, item_key) do update set due = excluded.due, stability = excluded.stability,
        difficulty = excluded.difficulty, scheduled_days = excluded.scheduled_days,
        learning_steps = excluded.learning_steps, reps = excluded.reps, lapses = excluded.lapses,
        state = excluded.state, last_review = excluded.last_review, updated_at = excluded.updated_at
      returning 1
    ), notice as (
      insert into notifications (user_id, content, "timestamp")
      select ${sql.placeholder('userId')}, n.content, ${sql.placeholder('nowSeconds')}::bigint
      from (select ${sql.placeholder('notification')}::text as content) n
      where n.content is not null and exists (select from learner)
      returning 1
    )
    insert into lesson_completions (user_id, idempotency_key, played, outcome)
    select ${sql.placeholder('userId')}, ${sql.placeholder('idempotencyKey')},
      ${sql.placeholder('played')}::jsonb, ${sql.placeholder('outcome')}::jsonb
    where exists (select from learner)
    returning 1 as written`,
);

/** Writes a completion; false, having written nothing, when the learner changed since its version. */
export async function saveCompletion(db: Database, writes: CompletionWrites): Promise<boolean> {
  const { userId, now, committed } = writes;
  const updatedAt = now.toISOString();
  const written = await writeCompletion(db, {
    userId,
    version: writes.version,
    counter: JSON.stringify({
      num: writes.freeLessons.num,
      date: writes.freeLessons.date,
      last_api_free_lessons: writes.freeLessons.lastApiFreeLessons,
    }),
    committed: committed !== null,
    statistics: JSON.stringify(
      committed
        ? {
            points: committed.statistics.points,
            words: committed.statistics.words,
            days: committed.statistics.days,
            days_continuous: committed.statistics.daysContinuous,
            right_answers: committed.statistics.rightAnswers,
            error_count: committed.statistics.errorCount,
            week_activity: committed.statistics.weekActivity,
            timestamp: committed.statistics.timestamp,
          }
        : { words: writes.words },
    ),
    selected: JSON.stringify(committed?.progress.selected ?? []),
    progressTimestamp: Math.floor(now.getTime() / 1000),
    events: JSON.stringify(writes.events),
    notification: writes.notification,
    nowSeconds: Math.floor(now.getTime() / 1000),
    history: JSON.stringify(
      writes.answers.history.map((row) => ({
        item_key: row.itemKey,
        exercise_id: row.exerciseId,
        exercise_type: row.exerciseType,
        result: row.result,
        response_ms: row.responseMs,
        answered_at: row.answeredAt.toISOString(),
        source: row.source,
        completion_key: row.completionKey,
        position: row.position,
      })),
    ),
    memories: JSON.stringify(
      [...writes.answers.memories].map(([itemKey, memory]) => ({
        item_key: itemKey,
        due: new Date(memory.due).toISOString(),
        stability: memory.stability,
        difficulty: memory.difficulty,
        scheduled_days: memory.scheduledDays,
        learning_steps: memory.learningSteps,
        reps: memory.reps,
        lapses: memory.lapses,
        state: memory.state,
        last_review: memory.lastReview === null ? null : new Date(memory.lastReview).toISOString(),
        updated_at: updatedAt,
      })),
    ),
    idempotencyKey: writes.completion.idempotencyKey,
    played: JSON.stringify(writes.completion.played),
    outcome: JSON.stringify(writes.completion.outcome),
  });
  return written.length === 1;
}
