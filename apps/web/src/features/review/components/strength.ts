/** How the words panel names a recall chance: strong from 90 % (FSRS' target retention), weak below 70 %. */
export type StrengthLevel = 'strong' | 'fading' | 'weak';

export function strengthLevel(strength: number): StrengthLevel {
  if (strength >= 0.9) return 'strong';
  if (strength >= 0.7) return 'fading';
  return 'weak';
}

const DAY = 86_400_000;

/** Whole days until the next review (0 = due today or overdue), counted from the learner's midnight. */
export function daysUntil(due: number, now: number): number {
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  return Math.max(0, Math.floor((due - startOfToday.getTime()) / DAY));
}
