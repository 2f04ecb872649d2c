/**
 * How any screen opens the lesson player: `navigate(paths.exercise, { state: playerState })`. The player
 * asks the server whether the lesson may start (free-lesson limit, locked lessons) and loads its
 * exercises itself, so callers pass only what to play. SPEC §2: without this state (and without secret
 * access) /exercise goes to /.
 */
export type PlayerState =
  | {
      kind: 'lesson';
      lessonId: number;
      topicId: number;
      /** Opened as a repeat of a lesson already learned: its answers earn no points (SPEC §9). */
      repeat?: boolean;
    }
  | { kind: 'blitz'; blitzTopicId: number };

export function isPlayerState(value: unknown): value is PlayerState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  if (state.kind === 'lesson') return Number.isInteger(state.lessonId) && Number.isInteger(state.topicId);
  if (state.kind === 'blitz') return Number.isInteger(state.blitzTopicId);
  return false;
}
