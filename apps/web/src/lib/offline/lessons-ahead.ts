/**
 * Issue 17: which lessons to keep ready for offline play — the learner's current lesson and the one
 * after it in the program (possibly in the next topic).
 */
export interface ProgramLessons {
  currentLessonId: number | null;
  topics: readonly { lessons: readonly { id: number; state: 'complete' | 'available' | 'locked' }[] }[];
}

export function lessonsAhead(program: ProgramLessons | null | undefined, count = 2): number[] {
  if (!program) return [];
  const lessons = program.topics.flatMap((topic) => topic.lessons);
  let start = lessons.findIndex((lesson) => lesson.id === program.currentLessonId);
  if (start < 0) start = lessons.findIndex((lesson) => lesson.state !== 'complete');
  if (start < 0) return [];
  return lessons.slice(start, start + count).map((lesson) => lesson.id);
}

/** Fields of an exercise that name pictures ('type4_images', 'type15_image', …). */
const PICTURE_FIELD = /^type\d+_images?$/;

/** Every picture value of an exercise, whatever its type (strings or lists of strings). */
export function pictureValuesOf(exercise: object): string[] {
  return Object.entries(exercise).flatMap(([field, value]) => {
    if (!PICTURE_FIELD.test(field)) return [];
    const values: unknown[] = Array.isArray(value) ? value : [value];
    return values.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  });
}
