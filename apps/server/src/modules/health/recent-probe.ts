/** How long a health check may answer "up" from the last successful database probe. */
export const HEALTH_UP_REUSE_MS = 1_000;

export interface RecentProbe {
  /** Whether the database answers: a probe of the last HEALTH_UP_REUSE_MS if it said "up", else a new one. */
  (): Promise<boolean>;
  /** Any request that found the database away: the next health check probes again. */
  databaseAway(): void;
}

/**
 * Health checks under load (a balancer, a monitor, a bench) need not each ask the database: an "up" is
 * reused for a second. "Down" is never reused, so recovery shows on the next check; and any request that
 * meets a database error forgets the last "up", so an outage shows at once too. A probe that was under way
 * while the database was found away does not count as "up".
 */
export function recentProbe(
  probe: () => Promise<boolean>,
  reuseMs = HEALTH_UP_REUSE_MS,
  clock: () => number = () => performance.now(),
): RecentProbe {
  let upUntil = -Infinity;
  let away = 0;
  const check = async (): Promise<boolean> => {
    const startedAt = clock();
    if (startedAt < upUntil) return true;
    const mark = away;
    const up = await probe();
    if (up && mark === away) upUntil = startedAt + reuseMs;
    return up;
  };
  return Object.assign(check, {
    databaseAway() {
      away += 1;
      upUntil = -Infinity;
    },
  });
}
