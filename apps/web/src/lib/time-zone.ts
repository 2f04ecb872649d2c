import { isTimeZone } from '@parlo/core/time/time-zone';

/** The browser's IANA zone, or null when it reports none Parlo can use (old engines, odd locales). */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
}

/** The zone to send: the browser's when it differs from the stored one (first sign-in, or travel). */
export function timeZoneToSend(browserZone: string | null, storedZone: string): string | null {
  return browserZone && browserZone !== storedZone ? browserZone : null;
}
