import { z } from 'zod';

/**
 * A learner's progress in one program: one entry of LearningProgress.selected (SPEC §3), stored as JSON.
 *
 * `topicId`/`lessonId` mark the frontier: the regular lesson the learner is to learn next. Every regular
 * lesson before it is learned; the frontier itself is not. This is the spec's "furthest recorded" position
 * (see isLessonAlreadyLearned), kept as the next lesson rather than the last completed one so that the
 * dashboard's current topic and lesson read straight from the record, and so that 'start from the
 * beginning' needs no sentinel. Both are null once the course is finished (then `finished` is true) and
 * before a level is chosen.
 */
export const programProgressSchema = z.object({
  packageId: z.number().int(),
  languageId: z.number().int(),
  programId: z.number().int(),
  topicId: z.number().int().nullable(),
  lessonId: z.number().int().nullable(),
  /** The program shown on the dashboard; exactly one entry is selected. */
  selected: z.boolean(),
  finished: z.boolean(),
  /** Blitz topics (type 2) passed; they unlock the topics after them. */
  passedBlitzes: z.array(z.number().int()).default([]),
  /** Word-review lessons completed at least once: only the first completion earns 'more words'. */
  reviewedLessons: z.array(z.number().int()).default([]),
});
export type ProgramProgress = z.output<typeof programProgressSchema>;

/**
 * A program is started once a lesson was reached, a blitz passed or the program finished: its level is
 * chosen for good, and coming back to it goes straight to the dashboard, not to level and reminders.
 */
export function hasProgramStarted(
  entry: Pick<ProgramProgress, 'lessonId' | 'finished'> & { passedBlitzes?: readonly number[] },
): boolean {
  return entry.lessonId !== null || entry.finished || (entry.passedBlitzes?.length ?? 0) > 0;
}

export const learningProgressSchema = z.object({
  selected: z.array(programProgressSchema),
});
export type LearningProgress = z.output<typeof learningProgressSchema>;

export interface ProgramKey {
  packageId: number;
  languageId: number;
  programId: number;
}

export function emptyProgramProgress(key: ProgramKey): ProgramProgress {
  return {
    ...key,
    topicId: null,
    lessonId: null,
    selected: true,
    finished: false,
    passedBlitzes: [],
    reviewedLessons: [],
  };
}

export function selectedProgramProgress(progress: LearningProgress): ProgramProgress | undefined {
  return progress.selected.find((entry) => entry.selected);
}

/**
 * Selects a program (SPEC §2 /select-program), keeping the progress of every other program so that
 * switching back resumes where the learner was.
 */
export function selectProgram(progress: LearningProgress, key: ProgramKey): LearningProgress {
  const known = progress.selected.some((entry) => entry.programId === key.programId);
  const entries = known ? progress.selected : [...progress.selected, emptyProgramProgress(key)];
  return { selected: entries.map((entry) => ({ ...entry, selected: entry.programId === key.programId })) };
}

export function replaceProgramProgress(
  progress: LearningProgress,
  updated: ProgramProgress,
): LearningProgress {
  return {
    selected: progress.selected.map((entry) => (entry.programId === updated.programId ? updated : entry)),
  };
}
