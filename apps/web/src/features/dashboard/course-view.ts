import { topicLessonCount } from '@parlo/core/progression/topic-lessons';
import type { OverviewProgram } from './api/overview.ts';

/** SPEC §3 lesson types and topic types. */
const LESSON_RULES = 1;
const LESSON_WORD_REVIEW = 2;
const TOPIC_BLITZ = 2;

export type LessonKind = 'lesson' | 'rules' | 'review';

export interface LessonView {
  id: number;
  topicId: number;
  name: string;
  description: string | null;
  kind: LessonKind;
  /** The rules text when the source carried it; the dashboard's answer only says whether there is one. */
  html: string | null;
  hasRules: boolean;
  state: 'complete' | 'available' | 'locked';
}

export interface TopicView {
  id: number;
  name: string;
  icon: string | null;
  isBlitz: boolean;
  basic: boolean;
  html: string | null;
  /** The topic has a rules text of its own. */
  hasRules: boolean;
  state: 'complete' | 'current' | 'locked';
  /** Blitz topics only: whether the blitz can be played now. */
  blitz: 'passed' | 'enabled' | 'locked' | null;
  lessons: LessonView[];
  /** Lessons of the topic learned, out of all of them (core topicLessonCount: regular lessons only). */
  done: number;
  total: number;
}

export interface CourseView {
  topics: TopicView[];
  /** The lesson the learner should play next, if one is open. */
  next: { topic: TopicView; lesson: LessonView } | null;
  completedTopics: number;
  totalTopics: number;
  /** Share of the program's regular lessons completed, 0-100. */
  percent: number;
  finished: boolean;
}

function lessonKind(type: number): LessonKind {
  if (type === LESSON_RULES) return 'rules';
  if (type === LESSON_WORD_REVIEW) return 'review';
  return 'lesson';
}

/** A lesson's names as the dashboard's answer or the catalogue gives them (the catalogue adds its rules). */
interface SourceLesson {
  id: number;
  name: string;
  description: string | null;
  type: number;
  html?: string | null;
  hasRules?: boolean;
}

interface SourceTopic {
  id: number;
  name: string;
  icon: string | null;
  type: number;
  basic: boolean;
  html?: string | null;
  hasRules?: boolean;
  lessons: readonly SourceLesson[];
}

/**
 * Joins the server's states with the program's names, icons and rules (GET /api/learning/dashboard
 * carries both). The states decide which topics and lessons exist for the learner and in which order; an
 * item the names do not know yet is left out until they are read again.
 */
export function buildCourseView(
  program: OverviewProgram,
  names: { topics: readonly SourceTopic[] } | null | undefined,
): CourseView {
  const catalogueTopics = new Map((names?.topics ?? []).map((topic) => [topic.id, topic]));
  const topics: TopicView[] = [];
  for (const topicState of program.topics) {
    const topic = catalogueTopics.get(topicState.id);
    if (!topic) continue;
    const catalogueLessons = new Map(topic.lessons.map((lesson) => [lesson.id, lesson]));
    const lessons: LessonView[] = [];
    const counted: Array<{ type: number; complete: boolean }> = [];
    for (const lessonState of topicState.lessons) {
      const lesson = catalogueLessons.get(lessonState.id);
      if (!lesson) continue;
      counted.push({ type: lesson.type, complete: lessonState.state === 'complete' });
      lessons.push({
        id: lesson.id,
        topicId: topic.id,
        name: lesson.name,
        description: lesson.description ?? null,
        kind: lessonKind(lesson.type),
        html: lesson.html ?? null,
        hasRules: lesson.hasRules ?? Boolean(lesson.html),
        state: lessonState.state,
      });
    }
    // The one count of the topic's lessons, the same as /endlesson's (issue 29 item 16).
    const { done, total } = topicLessonCount(counted);
    topics.push({
      id: topic.id,
      name: topic.name,
      icon: topic.icon ?? null,
      isBlitz: topic.type === TOPIC_BLITZ,
      basic: topic.basic,
      html: topic.html ?? null,
      hasRules: topic.hasRules ?? Boolean(topic.html),
      state: topicState.state,
      blitz: topicState.blitz,
      lessons,
      done,
      total,
    });
  }

  const learning = topics.filter((topic) => !topic.isBlitz);
  const regular = learning.flatMap((topic) => topic.lessons.filter((lesson) => lesson.kind === 'lesson'));
  const regularDone = regular.filter((lesson) => lesson.state === 'complete').length;
  return {
    topics,
    next: nextLesson(topics, program.currentLessonId),
    completedTopics: learning.filter((topic) => topic.state === 'complete').length,
    totalTopics: learning.length,
    percent: program.finished
      ? 100
      : regular.length === 0
        ? 0
        : Math.round((regularDone * 100) / regular.length),
    finished: program.finished,
  };
}

/** The current lesson when it is open, else the first open regular lesson, else an open word review. */
function nextLesson(topics: TopicView[], currentLessonId: number | null): CourseView['next'] {
  const open = topics
    .filter((topic) => !topic.isBlitz && topic.state === 'current')
    .flatMap((topic) =>
      topic.lessons
        .filter((lesson) => lesson.state === 'available' && lesson.kind !== 'rules')
        .map((lesson) => ({ topic, lesson })),
    );
  return (
    open.find(({ lesson }) => lesson.id === currentLessonId) ??
    open.find(({ lesson }) => lesson.kind === 'lesson') ??
    open[0] ??
    null
  );
}

/** SPEC §3: status road progress is index × 100 / 14, kept inside 0-100 whatever the server sent. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** Monday-first training flags for this week, always seven. */
export function weekActivityDays(flags: readonly boolean[] | undefined): boolean[] {
  return Array.from({ length: 7 }, (_, index) => flags?.[index] === true);
}

/**
 * The rules to read for a topic: its own text, then its rules lessons' texts, each once. The content
 * often repeats the topic's text in its rules lesson, and the panel must not print it twice.
 */
export function topicRulesTexts(topic: {
  html?: string | null;
  lessons: ReadonlyArray<{ type: number; html?: string | null }>;
}): string[] {
  const texts = [
    topic.html,
    ...topic.lessons.filter((lesson) => lesson.type === LESSON_RULES).map((lesson) => lesson.html),
  ];
  const seen = new Set<string>();
  return texts.filter((html): html is string => {
    const key = html?.trim();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
