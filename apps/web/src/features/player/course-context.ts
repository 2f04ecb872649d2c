import type { LessonPlace, PlayableLesson } from '@parlo/contract/catalogue';
import type { Exercise } from '@parlo/core/exercises/registry';
import type { ExercisePath, NamedRef } from './feedback-text.ts';

export type { PlayableLesson };
export type LessonTopic = PlayableLesson['topic'];
export type TopicLesson = LessonTopic['lessons'][number];

/** Everything around one lesson or topic that the player shows or reports, from the lesson call (ADR 027). */
export interface CourseContext {
  language: NamedRef;
  coursePackage: NamedRef;
  program: NamedRef & { languageCode: string };
  topic: NamedRef;
  lesson?: NamedRef;
  /** The info icon's text, when the topic has one. */
  rulesHtml?: string;
}

export const LESSON_TYPE_REGULAR = 0;
export const LESSON_TYPE_RULES = 1;

/** The info icon's text: the topic's rules lesson, else the topic's own rules (SPEC §2). */
export function rulesHtmlOf(topic: LessonTopic): string | undefined {
  const rules = topic.lessons.find((lesson) => lesson.type === LESSON_TYPE_RULES && lesson.html);
  return rules?.html ?? topic.html ?? undefined;
}

export function regularLessonsOf(topic: LessonTopic): TopicLesson[] {
  return topic.lessons.filter((lesson) => lesson.type === LESSON_TYPE_REGULAR);
}

const named = ({ id, name }: NamedRef): NamedRef => ({ id, name });

/**
 * The context of a lesson, or of a topic of its program (a blitz names its topic; the lesson call read
 * for it is one of the blitz's lessons): names always, the rules only for the lesson's own topic.
 */
export function courseContextOf(
  playable: PlayableLesson,
  where: { lessonId: number } | { topicId: number },
): CourseContext {
  const around = {
    language: named(playable.language),
    coursePackage: named(playable.coursePackage),
    program: { ...named(playable.program), languageCode: playable.program.languageCode },
  };
  if ('topicId' in where && where.topicId !== playable.topic.id) {
    const topic = playable.program.topics.find((item) => item.id === where.topicId);
    return { ...around, topic: topic ? named(topic) : { id: where.topicId, name: '' } };
  }
  const lesson =
    'lessonId' in where ? playable.topic.lessons.find((item) => item.id === where.lessonId) : undefined;
  const rulesHtml = rulesHtmlOf(playable.topic);
  return {
    ...around,
    topic: named(playable.topic),
    ...(lesson ? { lesson: named(lesson) } : {}),
    ...(rulesHtml ? { rulesHtml } : {}),
  };
}

/** SPEC §7 feedback: the path from the spoken language down to the exercise, as far as it is known. */
export function exercisePath(exercise: Exercise, place: LessonPlace | undefined): ExercisePath {
  if (!place) return { exercise: { id: exercise.id, type: exercise.type } };
  const lesson = place.topic.lessons.find((item) => item.id === exercise.lessonId);
  return {
    language: named(place.language),
    coursePackage: named(place.coursePackage),
    program: named(place.program),
    // An exercise of another topic (a blitz draws on several) names what the lesson call knows: the program.
    ...(lesson ? { topic: named(place.topic), lesson: named(lesson) } : {}),
    exercise: { id: exercise.id, type: exercise.type },
  };
}
