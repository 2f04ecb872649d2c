/**
 * SPEC §4/§9 blitz rules. The spec says both "3 allowed mistakes, each wrong answer reduces by 1; below 1
 * goes to /unsuccessful" and "/successful if error count is 4 or less". Read as three lives, the live rule
 * ends the run on the third mistake, long before the end-of-run check could see a fourth: a finished run
 * always has at most 2 mistakes, so "4 or less" always holds for it. We keep both rules and apply them in
 * that order; the one that decides in practice is the counter the learner sees ("mistakes left: 3, 2, 1"),
 * so the server never fails a run the player showed as alive, nor passes one it showed as lost.
 */
export const BLITZ_ALLOWED_MISTAKES = 3;
export const BLITZ_MAX_ERRORS_TO_PASS = 4;

/** The count shown in the incorrect panel; never negative. */
export function blitzMistakesLeft(mistakes: number): number {
  return Math.max(0, BLITZ_ALLOWED_MISTAKES - mistakes);
}

/** Live rule: the run is lost as soon as the mistakes left drop below 1. */
export function isBlitzLost(mistakes: number): boolean {
  return BLITZ_ALLOWED_MISTAKES - mistakes < 1;
}

/** End-of-run rule, together with the live one. */
export function isBlitzPassed(mistakes: number): boolean {
  return !isBlitzLost(mistakes) && mistakes <= BLITZ_MAX_ERRORS_TO_PASS;
}

export const PROGRESS_BAR_START_PERCENT = 5;

/**
 * SPEC §4 progress bar: 5 + 95 / total × correctly answered, in percent, from 5 to 100. Counts outside
 * 0..total are clamped; with no exercises the bar stays at its start.
 */
export function blitzProgressPercent(total: number, correctlyAnswered: number): number {
  if (total <= 0) return PROGRESS_BAR_START_PERCENT;
  const answered = Math.min(total, Math.max(0, correctlyAnswered));
  // Multiplying before dividing keeps a full bar at exactly 100.
  return PROGRESS_BAR_START_PERCENT + ((100 - PROGRESS_BAR_START_PERCENT) * answered) / total;
}
