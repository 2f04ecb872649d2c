import {
  coursePath,
  findLesson,
  findTopic,
  orderedLessons,
  orderedTopics,
  regularLessonsOf,
} from './catalogue.ts';
import { LESSON_REGULAR, LESSON_RULES, LESSON_WORD_REVIEW, TOPIC_BLITZ, TOPIC_NORMAL } from './catalogue.ts';
import type { CatalogueProgram, CatalogueTopic, PathStep } from './catalogue.ts';
import type { ProgramKey, ProgramProgress } from './progress.ts';

/**
 * SPEC §4 "Course flow" and "Progress" as pure functions of the catalogue and the progress record.
 *
 * Order: only regular lessons (type 0) of normal topics make up the course path that progress walks.
 * Rules lessons (type 1) are reading material: readable whenever their topic is open, never played or
 * recorded. Word-review lessons (type 2) are optional extras of a topic: playable whenever their topic is
 * open, their first completion earns 'more words', and they never move the frontier.
 *
 * Blitzes: a type-2 topic is a blitz over the normal topics since the previous type-2 topic. Only the first
 * blitz not yet passed can be enabled, and only once it is reached — every regular lesson of the topics it
 * covers learned (issue 29 item 10: a blitz tests what was studied, never topics still ahead). The topics
 * after it stay locked until it is passed (SPEC §4 "Completing a part unlocks new topics"; the failed-part
 * screen is the blitz's). A type-2 topic with no normal topic before it tests nothing and is ignored.
 */

export type SkillLevel = 'basics' | 'beginning';
export type TopicState = 'complete' | 'current' | 'locked';
export type LessonState = 'complete' | 'available' | 'locked';
export type BlitzState = 'passed' | 'enabled' | 'locked';

export interface LessonRef {
  topicId: number;
  lessonId: number;
}

const refOf = (step: PathStep): LessonRef => ({ topicId: step.topic.id, lessonId: step.lesson.id });

function atStep(progress: ProgramProgress, step: PathStep | undefined): ProgramProgress {
  return step
    ? { ...progress, ...refOf(step), finished: false }
    : { ...progress, topicId: null, lessonId: null, finished: true };
}

/** Index on the course path of the frontier; the path's length once the course is finished. */
export function frontierPosition(program: CatalogueProgram, progress: ProgramProgress): number {
  const path = coursePath(program);
  if (progress.finished) return path.length;
  const atLesson = path.find((step) => step.lesson.id === progress.lessonId);
  if (atLesson) return atLesson.position;
  // The recorded lesson left the catalogue: resume at the first lesson of its topic or of a later one.
  const topics = orderedTopics(program);
  const topicIndex = topics.findIndex((topic) => topic.id === progress.topicId);
  if (topicIndex === -1) return 0;
  const laterTopics = new Set(topics.slice(topicIndex).map((topic) => topic.id));
  return path.find((step) => laterTopics.has(step.topic.id))?.position ?? path.length;
}

/** SPEC §4 level choice. 'basics' marks every basic topic done and starts at the next normal topic. */
export function chooseLevel(program: CatalogueProgram, key: ProgramKey, level: SkillLevel): ProgramProgress {
  const base: ProgramProgress = {
    ...key,
    topicId: null,
    lessonId: null,
    selected: true,
    finished: false,
    passedBlitzes: [],
    reviewedLessons: [],
  };
  const path = coursePath(program);
  if (level === 'beginning') return atStep(base, path[0]);

  const topics = orderedTopics(program);
  const lastBasic = topics.findLastIndex((topic) => topic.type === TOPIC_NORMAL && topic.basic);
  const topicIndex = (topic: CatalogueTopic) => topics.indexOf(topic);
  const start = path.find((step) => topicIndex(step.topic) > lastBasic && !step.topic.basic);
  const startIndex = start ? topicIndex(start.topic) : topics.length;
  // Blitzes over the skipped basics count as passed, or they would lock the topic the learner starts at.
  const passedBlitzes = blitzTopics(program)
    .filter((blitz) => topicIndex(blitz) < startIndex)
    .map((blitz) => blitz.id);
  return atStep({ ...base, passedBlitzes }, start);
}

/**
 * SPEC §4: the next regular lesson of the topic, else the first regular lesson of the next topic that has
 * one; null when the course has no regular lesson left. Works from any lesson, including rules and
 * word-review lessons. Throws for a lesson that is not in the program.
 */
export function nextLessonAfter(program: CatalogueProgram, lessonId: number): LessonRef | null {
  const location = findLesson(program, lessonId);
  if (!location) throw new RangeError(`lesson ${lessonId} is not in program ${program.id}`);
  const topics = orderedTopics(program);
  const lessonIndex = orderedLessons(location.topic).indexOf(location.lesson);
  const next = coursePath(program).find((step) => {
    const stepTopicIndex = topics.indexOf(step.topic);
    if (stepTopicIndex !== location.topicIndex) return stepTopicIndex > location.topicIndex;
    return orderedLessons(step.topic).indexOf(step.lesson) > lessonIndex;
  });
  return next ? refOf(next) : null;
}

/**
 * SPEC §4: a lesson is already learned when its position is not beyond the furthest recorded. With the
 * frontier record that means strictly before the frontier (or anywhere once finished). A word review is
 * learned once completed; rules are never learned.
 */
export function isLessonAlreadyLearned(
  program: CatalogueProgram,
  progress: ProgramProgress,
  lessonId: number,
): boolean {
  const location = findLesson(program, lessonId);
  if (!location) return false;
  if (location.lesson.type === LESSON_WORD_REVIEW) return progress.reviewedLessons.includes(lessonId);
  const step = coursePath(program).find((candidate) => candidate.lesson.id === lessonId);
  return step !== undefined && step.position < frontierPosition(program, progress);
}

/** SPEC §4: learning this lesson finishes its topic when it is the topic's last regular lesson. */
export function isTopicLearnedBy(program: CatalogueProgram, lessonId: number): boolean {
  const location = findLesson(program, lessonId);
  if (!location || location.topic.type !== TOPIC_NORMAL) return false;
  return regularLessonsOf(location.topic).at(-1)?.id === lessonId;
}

/** SPEC §4: the normal topics before the given topic, back to the previous type-2 topic, in course order. */
export function blitzTopicsFor(program: CatalogueProgram, topicId: number): CatalogueTopic[] {
  const topics = orderedTopics(program);
  const index = topics.findIndex((topic) => topic.id === topicId);
  if (index === -1) return [];
  const previousBlitz = topics.slice(0, index).findLastIndex((topic) => topic.type === TOPIC_BLITZ);
  return topics.slice(previousBlitz + 1, index).filter((topic) => topic.type === TOPIC_NORMAL);
}

/** The blitzes of the program in order: type-2 topics that cover at least one normal topic. */
export function blitzTopics(program: CatalogueProgram): CatalogueTopic[] {
  let blitzes = blitzesOfTopics.get(program.topics);
  if (!blitzes) {
    blitzes = Object.freeze(
      orderedTopics(program).filter(
        (topic) => topic.type === TOPIC_BLITZ && blitzTopicsFor(program, topic.id).length > 0,
      ),
    );
    blitzesOfTopics.set(program.topics, blitzes);
  }
  return blitzes as CatalogueTopic[];
}

/**
 * A program's blitzes, kept per topics array like the sorted views of catalogue.ts (never changed once
 * built): a lesson's completion asks for them in every `canStartLesson` (issue 15, ADR 039).
 */
const blitzesOfTopics = new WeakMap<CatalogueTopic[], readonly CatalogueTopic[]>();

/**
 * SPEC §4: only the first blitz not yet passed is enabled, and only once reached (isBlitzReached); the
 * dashboard's blitz button and the server's guard both read this.
 */
export function blitzStates(program: CatalogueProgram, progress: ProgramProgress): Map<number, BlitzState> {
  const states = new Map<number, BlitzState>();
  const gate = firstUnpassedBlitz(program, progress);
  for (const blitz of blitzTopics(program)) {
    if (progress.passedBlitzes.includes(blitz.id)) states.set(blitz.id, 'passed');
    else if (blitz === gate && isBlitzReached(program, progress, blitz.id)) states.set(blitz.id, 'enabled');
    else states.set(blitz.id, 'locked');
  }
  return states;
}

/** The first blitz not passed: it gates every topic after it, reached or not. */
function firstUnpassedBlitz(
  program: CatalogueProgram,
  progress: ProgramProgress,
): CatalogueTopic | undefined {
  return blitzTopics(program).find((blitz) => !progress.passedBlitzes.includes(blitz.id));
}

export function enabledBlitz(
  program: CatalogueProgram,
  progress: ProgramProgress,
): CatalogueTopic | undefined {
  const states = blitzStates(program, progress);
  return blitzTopics(program).find((blitz) => states.get(blitz.id) === 'enabled');
}

/**
 * A blitz is reached when the learner has learned every regular lesson of the topics it covers: the
 * frontier stands in a topic after it, or the course is finished.
 */
export function isBlitzReached(
  program: CatalogueProgram,
  progress: ProgramProgress,
  blitzTopicId: number,
): boolean {
  const index = orderedTopics(program).findIndex((topic) => topic.id === blitzTopicId);
  return index !== -1 && frontierTopicIndex(program, progress) > index;
}

/** Index (in course order) of the first topic behind an unpassed blitz; topics from there on are locked. */
function lockedFromIndex(program: CatalogueProgram, progress: ProgramProgress): number {
  const gate = firstUnpassedBlitz(program, progress);
  return gate ? orderedTopics(program).indexOf(gate) + 1 : Number.POSITIVE_INFINITY;
}

function frontierTopicIndex(program: CatalogueProgram, progress: ProgramProgress): number {
  const topics = orderedTopics(program);
  const step = coursePath(program)[frontierPosition(program, progress)];
  return step ? topics.indexOf(step.topic) : topics.length;
}

/**
 * SPEC §4 topic states. Normal topics: complete before the frontier's topic, current at it, locked after
 * it or behind an unpassed blitz. Blitz topics: complete when passed, current when enabled.
 */
export function topicStates(program: CatalogueProgram, progress: ProgramProgress): Map<number, TopicState> {
  const frontierIndex = frontierTopicIndex(program, progress);
  const lockedFrom = lockedFromIndex(program, progress);
  const blitzes = blitzStates(program, progress);
  const states = new Map<number, TopicState>();
  for (const [index, topic] of orderedTopics(program).entries()) {
    if (topic.type === TOPIC_BLITZ) {
      const blitz = blitzes.get(topic.id);
      states.set(topic.id, blitz === 'passed' ? 'complete' : blitz === 'enabled' ? 'current' : 'locked');
    } else if (index < frontierIndex) {
      states.set(topic.id, 'complete');
    } else {
      states.set(topic.id, index === frontierIndex && index < lockedFrom ? 'current' : 'locked');
    }
  }
  return states;
}

/**
 * SPEC §4 lesson states within a topic. Regular lessons: complete before the frontier, available at it,
 * locked after. Word reviews: complete once done, otherwise available while the topic is open. Rules:
 * available (to read) while the topic is open.
 */
export function lessonStates(
  program: CatalogueProgram,
  progress: ProgramProgress,
  topicId: number,
): Map<number, LessonState> {
  const topic = findTopic(program, topicId);
  if (!topic) return new Map();
  return lessonStatesOf(topic, {
    topicOpen: topicStates(program, progress).get(topicId) !== 'locked',
    blitz: blitzStates(program, progress).get(topic.id),
    frontier: frontierPosition(program, progress),
    positions: pathPositions(program),
    progress,
  });
}

/** Each regular lesson's position on the course path (the first, should a lesson appear twice). */
function pathPositions(program: CatalogueProgram): Map<number, number> {
  const positions = new Map<number, number>();
  for (const step of coursePath(program)) {
    if (!positions.has(step.lesson.id)) positions.set(step.lesson.id, step.position);
  }
  return positions;
}

interface TopicContext {
  topicOpen: boolean;
  blitz: BlitzState | undefined;
  frontier: number;
  positions: ReadonlyMap<number, number>;
  progress: ProgramProgress;
}

function lessonStatesOf(topic: CatalogueTopic, context: TopicContext): Map<number, LessonState> {
  const states = new Map<number, LessonState>();
  const { topicOpen, blitz, frontier, positions, progress } = context;
  if (topic.type === TOPIC_BLITZ) {
    // A blitz topic is played as a whole (canStartBlitz), so its lessons share the blitz's state.
    const state: LessonState = blitz === 'passed' ? 'complete' : blitz === 'enabled' ? 'available' : 'locked';
    for (const lesson of topic.lessons) states.set(lesson.id, state);
    return states;
  }
  for (const lesson of orderedLessons(topic)) {
    if (lesson.type === LESSON_REGULAR) {
      const position = positions.get(lesson.id) ?? Number.POSITIVE_INFINITY;
      states.set(
        lesson.id,
        position < frontier ? 'complete' : position === frontier && topicOpen ? 'available' : 'locked',
      );
    } else if (lesson.type === LESSON_WORD_REVIEW && progress.reviewedLessons.includes(lesson.id)) {
      states.set(lesson.id, 'complete');
    } else {
      states.set(lesson.id, topicOpen ? 'available' : 'locked');
    }
  }
  return states;
}

/** Every state the dashboard shows for a program. */
export interface CourseStates {
  topics: Map<number, TopicState>;
  blitzes: Map<number, BlitzState>;
  /** Per topic id, its lessons' states (as lessonStates gives them). */
  lessons: Map<number, Map<number, LessonState>>;
}

/**
 * Topic, blitz and lesson states of the whole program, computed once (issue 15: the overview asked
 * lessonStates per topic, which recomputed the topic and blitz states and re-walked the course each time).
 * Equal to topicStates, blitzStates and lessonStates for every topic.
 */
export function courseStates(program: CatalogueProgram, progress: ProgramProgress): CourseStates {
  const topics = topicStates(program, progress);
  const blitzes = blitzStates(program, progress);
  const frontier = frontierPosition(program, progress);
  const positions = pathPositions(program);
  const lessons = new Map<number, Map<number, LessonState>>();
  for (const topic of program.topics) {
    if (lessons.has(topic.id)) continue;
    // findTopic answers the first topic with an id: so does this.
    const first = findTopic(program, topic.id) ?? topic;
    lessons.set(
      topic.id,
      lessonStatesOf(first, {
        topicOpen: topics.get(topic.id) !== 'locked',
        blitz: blitzes.get(first.id),
        frontier,
        positions,
        progress,
      }),
    );
  }
  return { topics, blitzes, lessons };
}

/**
 * Guard for the server (and the player): the learner may play a regular lesson up to the frontier in an
 * unlocked topic, or a word review of an open topic. Rules lessons have nothing to play.
 */
export function canStartLesson(
  program: CatalogueProgram,
  progress: ProgramProgress,
  lessonId: number,
): boolean {
  const location = findLesson(program, lessonId);
  if (!location || location.topic.type !== TOPIC_NORMAL || location.lesson.type === LESSON_RULES)
    return false;
  if (location.topicIndex >= lockedFromIndex(program, progress)) return false;
  if (location.lesson.type === LESSON_WORD_REVIEW) {
    return topicStates(program, progress).get(location.topic.id) !== 'locked';
  }
  const step = coursePath(program).find((candidate) => candidate.lesson.id === lessonId);
  return step !== undefined && step.position <= frontierPosition(program, progress);
}

export function canStartBlitz(
  program: CatalogueProgram,
  progress: ProgramProgress,
  blitzTopicId: number,
): boolean {
  return blitzStates(program, progress).get(blitzTopicId) === 'enabled';
}

/**
 * Why a blitz cannot be played now, or null when it can: not a blitz of the program, already passed, an
 * earlier blitz still to pass, or its topics not all learned yet ('not-reached').
 */
export type BlitzRefusal = 'unknown' | 'passed' | 'earlier-blitz' | 'not-reached';

export function blitzRefusal(
  program: CatalogueProgram,
  progress: ProgramProgress,
  blitzTopicId: number,
): BlitzRefusal | null {
  const state = blitzStates(program, progress).get(blitzTopicId);
  if (state === undefined) return 'unknown';
  if (state === 'enabled') return null;
  if (state === 'passed') return 'passed';
  return firstUnpassedBlitz(program, progress)?.id === blitzTopicId ? 'not-reached' : 'earlier-blitz';
}

/**
 * The topics a step opened: locked before, playable after (a lesson's next topic, the blitz a topic's last
 * lesson reaches, the topic after a passed blitz). What the end screens may truthfully announce.
 */
export function topicsOpenedBy(
  program: CatalogueProgram,
  before: ProgramProgress,
  after: ProgramProgress,
): number[] {
  if (before === after) return [];
  const was = topicStates(program, before);
  const now = topicStates(program, after);
  return orderedTopics(program)
    .filter((topic) => was.get(topic.id) === 'locked' && now.get(topic.id) !== 'locked')
    .map((topic) => topic.id);
}

/**
 * Progress after the learner completes a lesson: learning the frontier lesson moves the frontier to
 * nextLessonAfter (finishing the course when none is left); a first word review is remembered; anything
 * else (a repeat) changes nothing.
 */
export function advanceProgress(
  program: CatalogueProgram,
  progress: ProgramProgress,
  lessonId: number,
): ProgramProgress {
  const location = findLesson(program, lessonId);
  if (!location) return progress;
  if (location.lesson.type === LESSON_WORD_REVIEW) {
    return progress.reviewedLessons.includes(lessonId)
      ? progress
      : { ...progress, reviewedLessons: [...progress.reviewedLessons, lessonId] };
  }
  const path = coursePath(program);
  const position = frontierPosition(program, progress);
  if (progress.finished || path[position]?.lesson.id !== lessonId) return progress;
  return atStep(progress, path[position + 1]);
}

export function recordBlitzPassed(progress: ProgramProgress, blitzTopicId: number): ProgramProgress {
  return progress.passedBlitzes.includes(blitzTopicId)
    ? progress
    : { ...progress, passedBlitzes: [...progress.passedBlitzes, blitzTopicId] };
}

export type ProgressTransitionError =
  | 'program-mismatch'
  | 'unknown-lesson'
  | 'moved-ahead'
  | 'finished-ahead'
  | 'blitz-not-passed'
  | 'review-not-done';

/**
 * Checks a progress record the client asks to store (POST learningProgress/{id}/replace) against the one
 * stored. Only completing lessons and blitzes (on the server) moves progress forward, so a replacement may
 * keep or move back the frontier (reset, 'start from the beginning') but never gain lessons, blitzes or
 * reviews, and must point at a regular lesson of the program.
 */
export function progressTransitionError(
  program: CatalogueProgram,
  before: ProgramProgress,
  after: ProgramProgress,
): ProgressTransitionError | null {
  if (
    after.programId !== program.id ||
    before.programId !== after.programId ||
    before.packageId !== after.packageId ||
    before.languageId !== after.languageId
  ) {
    return 'program-mismatch';
  }
  const path = coursePath(program);
  if (after.lessonId !== null) {
    const step = path.find((candidate) => candidate.lesson.id === after.lessonId);
    if (!step || (after.topicId !== null && step.topic.id !== after.topicId)) return 'unknown-lesson';
  }
  if (after.finished && !before.finished) return 'finished-ahead';
  if (frontierPosition(program, after) > frontierPosition(program, before)) return 'moved-ahead';
  if (after.passedBlitzes.some((id) => !before.passedBlitzes.includes(id))) return 'blitz-not-passed';
  if (after.reviewedLessons.some((id) => !before.reviewedLessons.includes(id))) return 'review-not-done';
  return null;
}
