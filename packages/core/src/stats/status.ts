/**
 * SPEC §3/§4 status tiers: 15 per spoken language, each reached at a points threshold.
 */

export interface StatusTier {
  name: string;
  points: number;
}

/**
 * Seed tiers (English names; other languages translate them). Thresholds rise faster than a lesson's
 * points so that early tiers come quickly and later ones take weeks.
 */
export const defaultStatusTiers: readonly StatusTier[] = [
  { name: 'Newcomer', points: 0 },
  { name: 'Beginner', points: 10 },
  { name: 'Explorer', points: 30 },
  { name: 'Learner', points: 60 },
  { name: 'Apprentice', points: 100 },
  { name: 'Speaker', points: 160 },
  { name: 'Conversationalist', points: 250 },
  { name: 'Adept', points: 400 },
  { name: 'Skilled', points: 600 },
  { name: 'Advanced', points: 900 },
  { name: 'Proficient', points: 1300 },
  { name: 'Fluent', points: 1800 },
  { name: 'Expert', points: 2500 },
  { name: 'Master', points: 3500 },
  { name: 'Legend', points: 5000 },
];

export const STATUS_TIER_COUNT = 15;

export function sortedTiers<T extends StatusTier>(tiers: readonly T[]): T[] {
  return [...tiers].sort((a, b) => a.points - b.points);
}

/** Index in threshold order of the highest tier reached; -1 when none is (no tier at 0 points). */
export function statusIndex(tiers: readonly StatusTier[], points: number): number {
  return sortedTiers(tiers).findLastIndex((tier) => tier.points <= points);
}

export function currentStatus<T extends StatusTier>(tiers: readonly T[], points: number): T | undefined {
  return sortedTiers(tiers)[statusIndex(tiers, points)];
}

/** Points still missing for the next tier; null at the top tier. */
export function pointsToNextStatus(tiers: readonly StatusTier[], points: number): number | null {
  const next = sortedTiers(tiers)[statusIndex(tiers, points) + 1];
  return next ? next.points - points : null;
}

/** SPEC §3 road progress in percent: index × 100 / 14 for 15 tiers. */
export function statusRoadProgress(tiers: readonly StatusTier[], points: number): number {
  const last = tiers.length - 1;
  if (last <= 0) return 100;
  return (Math.max(0, statusIndex(tiers, points)) * 100) / last;
}

/** The tier newly reached by going from `before` to `after` points, if the learner moved up. */
export function newStatusReached<T extends StatusTier>(
  tiers: readonly T[],
  before: number,
  after: number,
): T | undefined {
  return statusIndex(tiers, after) > statusIndex(tiers, before) ? currentStatus(tiers, after) : undefined;
}

export interface StatusView<T extends StatusTier> {
  status: T | undefined;
  index: number;
  /** Threshold of the next tier (SPEC §3 nextPoints); null at the top. */
  nextPoints: number | null;
  toNextStatus: number | null;
  roadProgress: number;
}

/**
 * The status of `points` in one pass: the tiers are put in threshold order once (the overview asks for
 * this on every request; calling the functions above one by one sorted them four times), and tiers
 * already in that order, as stored tiers usually are, are not copied at all.
 */
export function statusView<T extends StatusTier>(tiers: readonly T[], points: number): StatusView<T> {
  const ordered = inThresholdOrder(tiers) ? tiers : sortedTiers(tiers);
  const index = ordered.findLastIndex((tier) => tier.points <= points);
  const next = ordered[index + 1];
  const toNextStatus = next ? next.points - points : null;
  const last = tiers.length - 1;
  return {
    status: ordered[index],
    index,
    nextPoints: next ? next.points : null,
    toNextStatus,
    roadProgress: last <= 0 ? 100 : (Math.max(0, index) * 100) / last,
  };
}

function inThresholdOrder(tiers: readonly StatusTier[]): boolean {
  for (let i = 1; i < tiers.length; i++) {
    if (tiers[i - 1]!.points > tiers[i]!.points) return false;
  }
  return true;
}
