/** SPEC §3/§5: reminder time is stored as minutes since midnight and typed as HH:MM through a mask. */

const MINUTES_PER_DAY = 24 * 60;

// Learners on Arabic or Persian keyboards type their own digits; the stored time is the same.
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}

/**
 * Keeps what was typed in the HH:MM shape while typing: digits only, a colon after the hours, at most
 * two digits on each side. An hour that can only have one digit (3-9) gets its leading zero at once.
 * Every result masks to itself, so deleting characters is never undone.
 */
export function maskTime(raw: string): string {
  const text = asciiDigits(raw);
  const colon = text.search(/[:.h\s]/);
  if (colon >= 0) {
    const hours = text.slice(0, colon).replace(/\D/g, '').slice(-2);
    const minutes = text
      .slice(colon + 1)
      .replace(/\D/g, '')
      .slice(0, 2);
    if (hours === '') return minutes === '' ? '' : `00:${minutes}`;
    return `${hours.padStart(2, '0')}:${minutes}`;
  }
  let digits = text.replace(/\D/g, '');
  if (digits === '') return '';
  if (Number(digits[0]) > 2) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length === 1) return digits;
  // No colon is added at two digits, or deleting it would bring it straight back.
  if (digits.length === 2) return digits;
  return `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** '07:30' → 450; anything that is not a whole time of day → null. */
export function parseTime(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(asciiDigits(text.trim()));
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** 450 → '07:30'. Out-of-range values wrap around the day, so the field never shows nonsense. */
export function formatTime(minutesSinceMidnight: number): string {
  const value = ((Math.trunc(minutesSinceMidnight) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hours = Math.floor(value / 60);
  const minutes = value % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** SPEC §9: the week starts on Monday. 1 January 2024 was a Monday. */
const A_MONDAY = Date.UTC(2024, 0, 1);

// Making an Intl formatter costs milliseconds (its locale data is looked up); the status panel draws the
// week on every render of the dashboard, so each language's names are made once (issue 15, ADR 035).
const namesMade = new Map<string, readonly string[]>();

/** The seven weekday names in the given language, Monday first. */
export function weekdayNames(locale: string, width: 'narrow' | 'short' | 'long' = 'short'): string[] {
  const key = `${locale} ${width}`;
  let names = namesMade.get(key);
  if (!names) {
    const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
    names = Array.from({ length: 7 }, (_, index) => format.format(new Date(A_MONDAY + index * 86_400_000)));
    namesMade.set(key, names);
  }
  return [...names];
}

/** Seven flags, Monday first, whatever length the stored list had. */
export function normaliseWeek(flags: readonly boolean[] | null | undefined, fill = false): boolean[] {
  return Array.from({ length: 7 }, (_, index) => flags?.[index] ?? fill);
}

export function toggleDay(flags: readonly boolean[], index: number): boolean[] {
  return normaliseWeek(flags).map((on, day) => (day === index ? !on : on));
}
