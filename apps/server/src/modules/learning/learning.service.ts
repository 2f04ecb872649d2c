import { lessonAccess, refreshFreeLessons, type FreeLessons } from '@parlo/core/billing/free-lessons';
import { isSpeaking, rememberedChecks, type Exercise } from '@parlo/core/exercises/registry';
import type { CatalogueProgram } from '@parlo/core/progression/catalogue';
import {
  blitzRefusal,
  blitzTopicsFor,
  canStartLesson,
  chooseLevel,
  courseStates,
  isLessonAlreadyLearned,
  progressTransitionError,
  type SkillLevel,
} from '@parlo/core/progression/course-flow';
import {
  emptyProgramProgress,
  hasProgramStarted,
  selectProgram,
  selectedProgramProgress,
  type LearningProgress,
  type ProgramProgress,
} from '@parlo/core/progression/progress';
import {
  completeLesson,
  type CompleteLessonError,
  type PlayedLesson,
} from '@parlo/core/scoring/complete-lesson';
import type { TimedAttempt } from '@parlo/core/review/answer-records';
import type { ItemMemory } from '@parlo/core/review/memory';
import { wordsLearnedBy } from '@parlo/core/review/learned-words';
import { daysContinuousAsOf, emptyStatistics, weekActivityAsOf } from '@parlo/core/stats/statistics';
import { statusView } from '@parlo/core/stats/status';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/named-statement.ts';
import { learningEvents, lessonCompletions, users } from '../../db/schema.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import type { catalogueCache } from '../catalogue/catalogue.cache.ts';
import { loadBlitzExercises } from '../catalogue/catalogue.repository.ts';
import type { RefusalCode } from '@parlo/contract/errors';
import type { Catalogue } from '@parlo/contract/catalogue';
import { completionOutcomeSchema, type CompletionOutcome } from '@parlo/contract/learning';
import { answersToRemember } from '../review/review.service.ts';
import { forgetMemories, itemKeysOf } from '../review/review.repository.ts';
import { completionExercisesCache, type LessonContent } from './completion-exercises.cache.ts';
import { learningConfigCache } from './learning-config.cache.ts';
import { newStatusText } from '@parlo/core/reminders/reminder-texts';
import {
  findStatisticsById,
  loadLearnerForCompletion,
  loadLearnerState,
  saveCompletion,
  saveProgress,
  saveStatistics,
  type CompletionWrites,
  type LearnerState,
  type StoredCompletion,
} from './learner-state.repository.ts';
import type { LearningConfig } from './learning-config.cache.ts';

type Cache = ReturnType<typeof catalogueCache>;

/** Where a program sits in the catalogue; the API program is also the core's CatalogueProgram. */
function locateProgram(catalogue: Catalogue, programId: number) {
  for (const language of catalogue) {
    for (const pkg of language.packages) {
      const program = pkg.programs.find((candidate) => candidate.id === programId);
      if (program) return { language, pkg, program };
    }
  }
  return null;
}

type Located = NonNullable<ReturnType<typeof locateProgram>>;

/** The selected program's names and order as the dashboard lists them; rules are only said to exist. */
function dashboardCourse({ pkg, program }: Located) {
  return {
    packageId: pkg.id,
    programId: program.id,
    courseName: pkg.name,
    color: pkg.color,
    programName: program.name,
    languageCode: program.languageCode,
    programs: pkg.programs.map((item) => ({ id: item.id, name: item.name })),
    topics: program.topics.map((topic) => ({
      id: topic.id,
      name: topic.name,
      icon: topic.icon,
      type: topic.type,
      basic: topic.basic,
      hasRules: Boolean(topic.html),
      lessons: topic.lessons.map((lesson) => ({
        id: lesson.id,
        name: lesson.name,
        description: lesson.description,
        type: lesson.type,
        hasRules: Boolean(lesson.html),
      })),
    })),
  };
}

async function requireState(db: Database, userId: string, now: Date, lock = false): Promise<LearnerState> {
  const state = await loadLearnerState(db, userId, now, { lock });
  if (!state) throw errors.unauthorized();
  return state;
}

/**
 * The selected program of a learner. The catalogue is passed in, read before any transaction opens: a
 * reload inside one would need a second connection, which PGlite (one connection) never frees.
 */
function currentProgram(catalogue: Catalogue, progress: LearningProgress) {
  const entry = selectedProgramProgress(progress);
  if (!entry) throw new AppError(409, 'NO_COURSE_SELECTED', 'Choose a course first.');
  const located = locateProgram(catalogue, entry.programId);
  if (!located)
    throw new AppError(409, 'COURSE_UNAVAILABLE', 'This course is no longer available. Choose another one.');
  return { entry, ...located };
}

function replaceEntry(progress: LearningProgress, entry: ProgramProgress): LearningProgress {
  return {
    selected: progress.selected.map((candidate) =>
      candidate.programId === entry.programId ? entry : candidate,
    ),
  };
}

export function learningService(deps: AppDeps, cache: Cache) {
  const { db } = deps;
  const exercisesCache = completionExercisesCache(db, deps.now, cache.revisions);
  const configCache = learningConfigCache(db, deps.now);

  /** The overview, and where the selected program sits in the cached catalogue (null without one). */
  async function learnerOverview(userId: string) {
    const now = deps.now();
    const { catalogue } = await cache.get();
    const state = await requireState(db, userId, now);
    const { statusTiers: tiers, freeLessonAllowance } = await configCache.get(
      state.spokenLanguageId,
      catalogue,
    );
    const freeLessons = refreshFreeLessons(state.freeLessons, freeLessonAllowance, now.getTime());
    const entry = selectedProgramProgress(state.progress);
    const located = entry ? locateProgram(catalogue, entry.programId) : null;
    const program = entry && located ? courseView(located.program, entry) : null;
    const view = statusView(tiers, state.statistics.points);
    const overview = {
      program,
      statistics: {
        ...state.statistics,
        weekActivity: weekActivityAsOf(state.statistics, now.getTime(), state.timeZone),
        daysContinuous: daysContinuousAsOf(state.statistics, now.getTime(), state.timeZone),
      },
      status: {
        name: view.status?.name ?? null,
        index: view.index,
        points: state.statistics.points,
        nextPoints: view.nextPoints,
        toNextStatus: view.toNextStatus,
        roadProgress: view.roadProgress,
        tiers: tiers.map((tier) => ({ name: tier.name, points: tier.points })),
      },
      premium: state.premium,
      freeLessonsLeft: state.premium ? null : freeLessons.num,
    };
    return { overview, located: program ? located : null };
  }

  return {
    /** SPEC §2 /select-course and /select-program: choose what to learn; other programs keep their progress. */
    async selectCourse(userId: string, input: { packageId: number; programId: number }) {
      const located = locateProgram((await cache.get()).catalogue, input.programId);
      if (!located || located.pkg.id !== input.packageId) throw errors.notFound('Course');
      if (located.pkg.soon)
        throw new AppError(409, 'COURSE_SOON', 'This course is coming soon and cannot be chosen yet.');
      const now = deps.now();
      return db.transaction(async (tx) => {
        const state = await requireState(tx, userId, now, true);
        const progress = selectProgram(state.progress, {
          packageId: located.pkg.id,
          languageId: located.language.id,
          programId: located.program.id,
        });
        await saveProgress(tx, userId, progress, now);
        await tx
          .update(users)
          .set({ learnedPackageId: located.pkg.id, spokenLanguageId: located.language.id, updatedAt: now })
          .where(eq(users.id, userId));
        return progress;
      });
    },

    /**
     * SPEC §2 /select-level. Only a program not started yet can take a level: on a started one it would
     * move the learner past lessons or lose them.
     */
    async chooseLevel(userId: string, input: { programId: number; level: SkillLevel }) {
      const now = deps.now();
      const { catalogue } = await cache.get();
      return db.transaction(async (tx) => {
        const state = await requireState(tx, userId, now, true);
        const { entry, program, pkg, language } = currentProgram(catalogue, state.progress);
        if (entry.programId !== input.programId)
          throw new AppError(409, 'PROGRAM_NOT_SELECTED', 'Select this program first.');
        if (hasProgramStarted(entry))
          throw new AppError(409, 'LEVEL_ALREADY_CHOSEN', 'This course has already started.');
        const chosen = chooseLevel(
          program,
          { packageId: pkg.id, languageId: language.id, programId: program.id },
          input.level,
        );
        const progress = replaceEntry(state.progress, chosen);
        await saveProgress(tx, userId, progress, now);
        await tx.update(users).set({ skillLevel: input.level, updatedAt: now }).where(eq(users.id, userId));
        return progress;
      });
    },

    /** What the dashboard shows: topic and lesson states, blitzes, statistics, status, free lessons. */
    async overview(userId: string) {
      return (await learnerOverview(userId)).overview;
    },

    /**
     * The dashboard's first screen in one answer: the overview plus the selected program's names and order
     * from the cached catalogue (never re-queried), so the browser need not read the whole catalogue.
     */
    async dashboard(userId: string) {
      const { overview, located } = await learnerOverview(userId);
      return { ...overview, course: located ? dashboardCourse(located) : null };
    },

    /** Before the player opens: may this lesson be played, and does it need a free lesson that is left? */
    async startLesson(userId: string, lessonId: number, secretAccess: boolean) {
      const now = deps.now();
      const { catalogue } = await cache.get();
      const state = await requireState(db, userId, now);
      const { entry, program } = currentProgram(catalogue, state.progress);
      if (!canStartLesson(program, entry, lessonId)) throw lessonLocked();
      const { freeLessonAllowance } = await configCache.get(state.spokenLanguageId, catalogue);
      const freeLessons = refreshFreeLessons(state.freeLessons, freeLessonAllowance, now.getTime());
      // Repeating a learned lesson costs nothing, so it never hits the limit.
      const learned = isLessonAlreadyLearned(program, entry, lessonId);
      const access = learned
        ? 'allowed'
        : lessonAccess({ premium: state.premium, secretAccess, freeLessons });
      return { access, freeLessonsLeft: state.premium ? null : freeLessons.num };
    },

    /** The exercises of a blitz: the blitz exercises of the normal topics it covers. */
    async blitzExercises(userId: string, blitzTopicId: number) {
      const state = await requireState(db, userId, deps.now());
      const { entry, program } = currentProgram((await cache.get()).catalogue, state.progress);
      const refusal = blitzRefusal(program, entry, blitzTopicId);
      // Issue 29 item 10: a blitz tests topics studied, so it opens once they are all learned.
      if (refusal === 'not-reached') {
        throw new AppError(409, 'BLITZ_NOT_REACHED', 'Finish the topics this blitz covers first.');
      }
      if (refusal !== null) throw new AppError(409, 'BLITZ_LOCKED', 'This blitz is not open yet.');
      const lessonIds = blitzTopicsFor(program, blitzTopicId).flatMap((topic) =>
        topic.lessons.map((lesson) => lesson.id),
      );
      return loadBlitzExercises(db, lessonIds);
    },

    /**
     * SPEC §4 lesson completion, computed on the server from the answers the learner gave. Idempotent per
     * key: a replay gets the stored outcome. Made under the learner's lock, so a learner's completions
     * apply one after the other (replays, double clicks, two devices) and never double-count.
     */
    async complete(
      userId: string,
      played: PlayedLesson,
      input: { idempotencyKey: string; attempts: TimedAttempt[]; omittedExerciseIds: number[] },
      secretAccess: boolean,
    ): Promise<CompletionOutcome> {
      const now = deps.now();
      const { catalogue } = await cache.get();
      // A lesson's exercises and items are content: read from this instance's cache before the
      // transaction opens. Inside it only named statements run (`inTransaction`): a blitz's exercises,
      // which depend on the learner's program, are read outside once it is known, and the transaction
      // tried again.
      const lesson = played.kind === 'lesson' ? await exercisesCache.get(played.lessonId, catalogue) : null;
      const completing = { userId, played, input, secretAccess, now, catalogue };
      let blitz: { program: CatalogueProgram; content: LessonContent } | null = null;

      for (let attempt = 0; attempt < 3; attempt++) {
        const done = await inTransaction<Attempted>(db, async (run) => {
          const known = lesson ?? blitz?.content;
          const itemKeys = known ? [...new Set(known.itemKeys.values())] : [];
          const read = await loadLearnerForCompletion(run, userId, now, input.idempotencyKey, itemKeys);
          if (!read) throw errors.unauthorized();
          const { state, stored, memories } = read;
          if (stored) return { outcome: replayedCompletion(stored, played) };

          const { program } = currentProgram(catalogue, state.progress);
          const content = lesson ?? (blitz?.program === program ? blitz.content : null);
          if (!content) return { missing: program };
          const config = await configCache.get(state.spokenLanguageId, catalogue, run);
          const { outcome, writes } = settleCompletion(state, config, content, memories, completing);
          if (writes !== null) await saveCompletion(run, writes);
          return { outcome };
        });
        if ('outcome' in done) return done.outcome;
        if (played.kind !== 'blitz') break;
        blitz = { program: done.missing, content: await blitzContent(db, done.missing, played) };
      }
      throw new Error('a blitz completion whose program kept changing');
    },

    /**
     * SPEC §4 'reset progress': every course's progress and every statistics counter back to zero, and the
     * learner chooses a course again. The day's free-lesson counter is kept (a reset must not buy more
     * lessons), and so are the stored completions, retired: replaying an old one counts nothing and answers 409.
     */
    /**
     * SPEC §7 statistics/{id}: answers the learner's own statistics as stored. Points, days and answers
     * change only when the server accepts a lesson; a client's numbers are ignored.
     */
    async statistics(userId: string, id: number) {
      const row = await findStatisticsById(db, id);
      if (!row) throw errors.notFound('Statistics');
      if (row.userId !== userId) throw errors.forbidden();
      const { id: _id, userId: _userId, ...stored } = row;
      return stored;
    },

    async resetProgress(userId: string) {
      const now = deps.now();
      await db.transaction(async (tx) => {
        const state = await requireState(tx, userId, now, true);
        await saveStatistics(tx, userId, {
          ...emptyStatistics(),
          timestamp: Math.floor(now.getTime() / 1000),
        });
        await saveProgress(tx, userId, { selected: [] }, now);
        // Words learned are counted from the memory (issue 29 item 11): with the counter at zero, so is
        // the memory, or "My words" would keep words the statistics no longer count.
        await forgetMemories(tx, userId);
        await tx.update(users).set({ learnedPackageId: null, updatedAt: now }).where(eq(users.id, userId));
        // Old keys stay (so their replays still count nothing) but are retired: their outcomes describe
        // points and lessons that no longer exist.
        await tx
          .update(lessonCompletions)
          .set({ retiredAt: now })
          .where(and(eq(lessonCompletions.userId, userId), isNull(lessonCompletions.retiredAt)));
        await tx.insert(learningEvents).values({
          userId,
          kind: 'progress-reset',
          payload: { pointsBefore: state.statistics.points, programs: state.progress.selected.length },
        });
      });
    },

    /**
     * SPEC §7 learningProgress/{id}/replace. The client may change which program is selected; lessons,
     * blitzes and reviews are earned only by completing them here, and none is ever given back or lost.
     */
    async replaceProgress(userId: string, progressId: number, requested: LearningProgress) {
      const now = deps.now();
      const { catalogue } = await cache.get();
      return db.transaction(async (tx) => {
        const state = await requireState(tx, userId, now, true);
        if (state.progressId !== progressId) throw errors.forbidden();
        const stored = new Map(state.progress.selected.map((entry) => [entry.programId, entry]));
        if (requested.selected.filter((entry) => entry.selected).length > 1) {
          throw new AppError(400, 'PROGRESS_INVALID', 'Only one program can be selected.');
        }
        const merged: ProgramProgress[] = [];
        for (const entry of requested.selected) {
          const located = locateProgram(catalogue, entry.programId);
          if (
            !located ||
            located.pkg.id !== entry.packageId ||
            located.language.id !== entry.languageId ||
            located.pkg.soon
          ) {
            throw new AppError(400, 'PROGRESS_INVALID', 'The progress names a course that cannot be chosen.');
          }
          const before = stored.get(entry.programId) ?? emptyProgramProgress(entry);
          const problem = progressTransitionError(located.program, before, entry);
          const movedBack =
            problem === null &&
            (entry.lessonId !== before.lessonId ||
              entry.finished !== before.finished ||
              entry.topicId !== before.topicId);
          if (problem || movedBack) {
            throw new AppError(409, 'PROGRESS_NOT_EARNED', 'Progress changes only by completing lessons.');
          }
          merged.push({ ...before, selected: entry.selected });
        }
        // Programs the request left out keep their progress: a stale client must not erase it.
        for (const [programId, entry] of stored) {
          if (!merged.some((candidate) => candidate.programId === programId)) {
            merged.push({
              ...entry,
              selected: merged.some((candidate) => candidate.selected) ? false : entry.selected,
            });
          }
        }
        const progress = { selected: merged };
        await saveProgress(tx, userId, progress, now);
        return progress;
      });
    },
  };
}

function lessonLocked() {
  return new AppError(409, 'LESSON_LOCKED', 'This lesson is not open yet.');
}

/** A completion's transaction: its outcome, or what it needs read first (`complete`). */
type Attempted = { outcome: CompletionOutcome } | { missing: CatalogueProgram };

interface Completing {
  userId: string;
  played: PlayedLesson;
  input: { idempotencyKey: string; attempts: TimedAttempt[]; omittedExerciseIds: number[] };
  secretAccess: boolean;
  now: Date;
  catalogue: Catalogue;
}

/**
 * What a completion answers and writes, from the learner as read: the core's rules, the answers' memory,
 * the events and the idempotency record. Throws the rules' refusal (409) and writes nothing; answers no
 * writes (null) when the free-lesson limit refuses it.
 */
function settleCompletion(
  state: LearnerState,
  config: LearningConfig,
  content: LessonContent,
  memories: ReadonlyMap<string, ItemMemory>,
  { userId, played, input, secretAccess, now, catalogue }: Completing,
) {
  const { entry, program } = currentProgram(catalogue, state.progress);
  const served = servedExercises(content.exercises, input.omittedExerciseIds);
  // The rules and the answers' memory replay the same attempts: each is checked once (ADR 039).
  const check = rememberedChecks();
  const source = played.kind === 'blitz' ? `blitz:${played.blitzTopicId}` : `lesson:${played.lessonId}`;
  // Issue 16: every checked answer feeds the word's memory, whether or not the lesson earned points;
  // a word is learned once the memory holds it (issue 29 item 11), so the memory also counts the words.
  const answers = answersToRemember(
    {
      userId,
      source,
      completionKey: input.idempotencyKey,
      exercises: served,
      attempts: input.attempts,
      now,
      check,
    },
    content.itemKeys,
    memories,
  );
  const result = completeLesson({
    program,
    played,
    exercises: served,
    attempts: input.attempts,
    progress: entry,
    statistics: state.statistics,
    statusTiers: config.statusTiers,
    freeLessons: state.freeLessons,
    configuredFreeLessons: config.freeLessonAllowance,
    premium: state.premium,
    secretAccess,
    now: now.getTime(),
    timeZone: state.timeZone,
    check,
    wordsLearned: wordsLearnedBy(memories, answers.memories),
  });
  if (!result.ok) {
    const refusal = completionRefusals[result.error];
    throw new AppError(409, refusal.code, refusal.message);
  }

  const outcome: CompletionOutcome = {
    committed: result.committed,
    rightAnswers: result.rightAnswers,
    errorCount: result.errorCount,
    wordsLearned: result.wordsLearned,
    points: result.points,
    pointsTotal: result.pointsTotal,
    events: result.events,
    newStatus: result.newStatus ? { name: result.newStatus.name, points: result.newStatus.points } : null,
    route: result.route,
    openedTopicIds: result.openedTopicIds,
    statistics: result.statistics,
    freeLessonsLeft: state.premium ? null : result.freeLessons.num,
  };
  // Issue 29 item 12: a completion refused by the free-lesson limit changes nothing — no answers, no
  // memory, no events, and no stored outcome, so the same key (an offline completion replayed at the
  // limit) counts in full once a lesson is free again.
  if (result.route.path === '/limit') return { outcome, writes: null };
  const writes: CompletionWrites = {
    userId,
    now,
    freeLessons: sameCounter(state.freeLessons, result.freeLessons) ? null : result.freeLessons,
    statistics: result.committed
      ? result.statistics
      : { ...state.statistics, words: result.statistics.words },
    progress: result.committed ? replaceEntry(state.progress, result.progress) : null,
    // Issue 13: a new status is news for the bell on every device.
    notification:
      result.committed && result.newStatus ? newStatusText(state.uiLanguage, result.newStatus.name) : null,
    events: [
      {
        kind: played.kind === 'blitz' ? 'blitz-played' : 'lesson-played',
        payload: { played, ...summary(outcome) },
      },
      ...result.events.map((kind) => ({ kind, payload: { played } })),
    ],
    completion: {
      idempotencyKey: input.idempotencyKey,
      played,
      outcome: outcome as unknown as Record<string, unknown>,
    },
    answers,
  };
  return { outcome, writes };
}

function sameCounter(before: FreeLessons | undefined, after: FreeLessons): boolean {
  return (
    before?.num === after.num &&
    before.date === after.date &&
    before.lastApiFreeLessons === after.lastApiFreeLessons
  );
}

/** SPEC §8: why a completion is refused, by core's reason (a new reason does not compile until listed). */
const completionRefusals: Record<CompleteLessonError, { code: RefusalCode; message: string }> = {
  'unknown-exercise': {
    code: 'COMPLETION_UNKNOWN_EXERCISE',
    message: 'An answer names an exercise that is not part of this lesson.',
  },
  'already-answered': { code: 'COMPLETION_ALREADY_ANSWERED', message: 'An exercise was answered twice.' },
  'invalid-answer': { code: 'COMPLETION_INVALID_ANSWER', message: 'An answer does not fit its exercise.' },
  'lesson-not-finished': {
    code: 'COMPLETION_LESSON_NOT_FINISHED',
    message: 'Not every exercise of the lesson was answered.',
  },
  'answer-after-end': {
    code: 'COMPLETION_ANSWER_AFTER_END',
    message: 'Answers arrived after the blitz had ended.',
  },
  'lesson-locked': { code: 'COMPLETION_LESSON_LOCKED', message: 'This lesson is not open yet.' },
  'blitz-locked': { code: 'COMPLETION_BLITZ_LOCKED', message: 'This blitz is not open yet.' },
  'blitz-not-reached': {
    code: 'COMPLETION_BLITZ_NOT_REACHED',
    message: 'Finish the topics this blitz covers first.',
  },
  'foreign-exercise': { code: 'COMPLETION_FOREIGN_EXERCISE', message: 'An exercise does not belong here.' },
};

/**
 * The stored outcome of this key, parsed through the response contract (a schema change must not turn
 * replays into 500s unnoticed). A key belongs to one learner and one lesson or blitz: reused for
 * something else, or kept from before a progress reset, it is refused rather than replayed.
 */
function replayedCompletion(stored: StoredCompletion, played: PlayedLesson): CompletionOutcome {
  if (stored.retired || !samePlayed(stored.played, played)) {
    throw new AppError(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      stored.retired
        ? 'This completion belongs to progress that was reset; play the lesson again.'
        : 'This idempotency key was already used for another lesson or blitz.',
    );
  }
  return completionOutcomeSchema.parse(stored.outcome);
}

function samePlayed(stored: Record<string, unknown>, played: PlayedLesson): boolean {
  return played.kind === 'lesson'
    ? stored.kind === 'lesson' && stored.lessonId === played.lessonId
    : stored.kind === 'blitz' && stored.blitzTopicId === played.blitzTopicId;
}

/** A blitz's exercises and items: the blitz exercises of the normal topics it covers. */
async function blitzContent(
  db: Database,
  program: CatalogueProgram,
  played: Extract<PlayedLesson, { kind: 'blitz' }>,
): Promise<LessonContent> {
  const exercises = await loadBlitzExercises(
    db,
    blitzTopicsFor(program, played.blitzTopicId).flatMap((topic) => topic.lessons.map((lesson) => lesson.id)),
  );
  const itemKeys = await itemKeysOf(
    db,
    exercises.map((exercise) => exercise.id),
  );
  return { exercises, itemKeys };
}

/** The exercises the player served; only speaking exercises may be left out (no microphone). */
function servedExercises(all: readonly Exercise[], omitted: number[]): Exercise[] {
  const omittable = new Set(
    all.filter((exercise) => isSpeaking(exercise.type)).map((exercise) => exercise.id),
  );
  if (omitted.some((id) => !omittable.has(id))) {
    throw new AppError(409, 'COMPLETION_INVALID_OMISSION', 'Only speaking exercises can be left out.');
  }
  return all.filter((exercise) => !omitted.includes(exercise.id));
}

function summary(outcome: {
  committed: boolean;
  pointsTotal: number;
  rightAnswers: number;
  errorCount: number;
}) {
  return {
    committed: outcome.committed,
    pointsTotal: outcome.pointsTotal,
    rightAnswers: outcome.rightAnswers,
    errorCount: outcome.errorCount,
  };
}

type CatalogueProgramView = Catalogue[number]['packages'][number]['programs'][number];

/** The dashboard's view of one program: topic and lesson states and blitz availability. */
function courseView(program: CatalogueProgramView, entry: ProgramProgress) {
  const states = courseStates(program, entry);
  return {
    programId: program.id,
    packageId: entry.packageId,
    currentTopicId: entry.topicId,
    currentLessonId: entry.lessonId,
    finished: entry.finished,
    topics: program.topics.map((topic) => {
      const lessons = states.lessons.get(topic.id);
      return {
        id: topic.id,
        state: states.topics.get(topic.id) ?? 'locked',
        blitz: topic.type === 2 ? (states.blitzes.get(topic.id) ?? 'locked') : null,
        lessons: topic.lessons.map((lesson) => ({
          id: lesson.id,
          state: lessons?.get(lesson.id) ?? 'locked',
        })),
      };
    }),
  };
}
