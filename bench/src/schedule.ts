/** Pure parts of the open-loop (fixed-rate) run: when each request is due, and latency percentiles. */

/** Send times (ms after the start) of `count` requests offered at `perSecond`, evenly spaced. */
export function openLoopSchedule(perSecond: number, seconds: number): number[] {
  if (perSecond <= 0 || seconds <= 0) return [];
  const count = Math.floor(perSecond * seconds);
  const gap = 1000 / perSecond;
  return Array.from({ length: count }, (_, index) => index * gap);
}

/** The requests due by `elapsedMs` that have not been sent yet: indexes [from, to). */
export function dueRange(schedule: number[], from: number, elapsedMs: number): [number, number] {
  let to = from;
  while (to < schedule.length && (schedule[to] ?? Infinity) <= elapsedMs) to += 1;
  return [from, to];
}

/** Nearest-rank percentile of unsorted samples; null when there are none. */
export function percentile(samples: number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? null;
}

/** Client address number `index` of `count` as an IPv4 in 10.0.0.0/8 (X-Forwarded-For). */
export function clientAddress(index: number, count: number): string {
  const n = (((index % count) + count) % count) + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
