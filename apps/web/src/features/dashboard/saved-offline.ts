import type { OverviewProgram } from './api/overview.ts';

/**
 * Lessons finished offline wait on the device until the server has them (issue 17); until then the
 * dashboard shows them done, as the server will, so 'Up next' moves on instead of offering the lesson
 * just played. The lesson after each one in its topic opens (the one the server would open; it is kept
 * ready offline too). The server stays the authority: its answer after the sync replaces all of this.
 */
export function withLessonsSavedOffline(
  program: OverviewProgram,
  savedLessonIds: ReadonlySet<number>,
): OverviewProgram {
  if (savedLessonIds.size === 0) return program;
  let currentLessonId = program.currentLessonId;
  const topics = program.topics.map((topic) => {
    if (!topic.lessons.some((lesson) => savedLessonIds.has(lesson.id))) return topic;
    const lessons = topic.lessons.map((lesson) =>
      savedLessonIds.has(lesson.id) ? { ...lesson, state: 'complete' as const } : lesson,
    );
    lessons.forEach((lesson, index) => {
      if (!savedLessonIds.has(lesson.id)) return;
      // The next regular lesson is the first locked one after it (rules and word reviews are open).
      const next = lessons.findIndex((later, at) => at > index && later.state === 'locked');
      const opened = lessons[next];
      if (opened) lessons[next] = { ...opened, state: 'available' };
      if (currentLessonId === lesson.id) currentLessonId = opened?.id ?? null;
    });
    return { ...topic, lessons };
  });
  return { ...program, currentLessonId, topics };
}
