/**
 * The learner's wall clock. A learner lives in an IANA time zone (`Europe/Berlin`), not at a fixed offset:
 * the offset changes twice a year where DST applies, so every day boundary is worked out from the offset in
 * force at that instant. Intl carries the zone database, so this stays pure (no I/O) and runs the same in
 * the browser and on the server.
 */

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;

/** What a learner who never sent a zone is counted in. */
export const DEFAULT_TIME_ZONE = 'UTC';

let knownZones: Set<string> | undefined;

/** True for a zone name Intl knows (its canonical list, plus `UTC`, which some runtimes leave out). */
export function isTimeZone(name: string): boolean {
  knownZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return knownZones.has(name);
}

// Building a formatter is the slow part; one per zone is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Offsets already worked out, per zone and whole second (the offset is a function of both: the formatter
 * shows whole seconds). `formatToParts` was the largest single cost of a lesson's completion (issue 15,
 * ADR 039), and a completion asks for the same few instants (now, the last save) several times, as do
 * concurrent learners in the same second. Bounded: emptied when full.
 */
const offsets = new Map<string, Map<number, number>>();
const MAX_OFFSETS_PER_ZONE = 4096;

/** Minutes east of UTC in force in `timeZone` at `epochMs` (Tokyo 540, New York −300 or −240). */
export function zoneOffsetAt(timeZone: string, epochMs: number): number {
  const second = Math.floor(epochMs / 1000);
  let known = offsets.get(timeZone);
  const offset = known?.get(second);
  if (offset !== undefined) return offset;
  const computed = computeZoneOffset(timeZone, epochMs);
  if (!known) offsets.set(timeZone, (known = new Map()));
  if (known.size >= MAX_OFFSETS_PER_ZONE) known.clear();
  known.set(second, computed);
  return computed;
}

function computeZoneOffset(timeZone: string, epochMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wallClock = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return Math.round((wallClock - wholeSecond) / MS_PER_MINUTE);
}

/** The instant as epoch ms on the learner's wall clock (as if that clock were UTC). */
function wallClockMs(epochMs: number, timeZone: string): number {
  return epochMs + zoneOffsetAt(timeZone, epochMs) * MS_PER_MINUTE;
}

/** Day number (days since 1970-01-01) of an instant on the learner's wall clock. */
export function localDayNumber(epochMs: number, timeZone: string): number {
  return Math.floor(wallClockMs(epochMs, timeZone) / MS_PER_DAY);
}

/** Minutes since local midnight (0 … 1439) of an instant on the learner's wall clock. */
export function localMinuteOfDay(epochMs: number, timeZone: string): number {
  const wall = wallClockMs(epochMs, timeZone);
  return Math.floor((wall - Math.floor(wall / MS_PER_DAY) * MS_PER_DAY) / MS_PER_MINUTE);
}

/** 0 = Monday … 6 = Sunday. Day 0 (1970-01-01) was a Thursday. */
export function weekdayIndex(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}

/** Weeks since the Monday before 1970-01-01: two days share it exactly when they share an ISO week. */
export function isoWeekNumber(dayNumber: number): number {
  return Math.floor((dayNumber + 3) / 7);
}
