import { describe, expect, it } from 'vitest';
import {
  isTimeZone,
  isoWeekNumber,
  localDayNumber,
  localMinuteOfDay,
  weekdayIndex,
  zoneOffsetAt,
} from './time-zone.ts';

const dayOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;

describe('time zones', () => {
  it('knows Intl’s zone names and refuses anything else', () => {
    for (const name of ['UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/London', 'Pacific/Kiritimati']) {
      expect(isTimeZone(name)).toBe(true);
    }
    for (const name of ['', 'utc+9', 'Mars/Olympus', 'Europe/London ', '+09:00', 'asia/tokyo']) {
      expect(isTimeZone(name)).toBe(false);
    }
  });

  it('gives the offset in force on either side of UTC', () => {
    const winter = Date.UTC(2026, 0, 15, 12);
    const summer = Date.UTC(2026, 6, 15, 12);
    expect(zoneOffsetAt('Asia/Tokyo', winter)).toBe(540);
    expect(zoneOffsetAt('Asia/Tokyo', summer)).toBe(540);
    expect(zoneOffsetAt('America/New_York', winter)).toBe(-300);
    expect(zoneOffsetAt('America/New_York', summer)).toBe(-240);
    expect(zoneOffsetAt('Asia/Kolkata', winter)).toBe(330);
    expect(zoneOffsetAt('Pacific/Kiritimati', winter)).toBe(840);
    expect(zoneOffsetAt('Pacific/Pago_Pago', winter)).toBe(-660);
    expect(zoneOffsetAt('UTC', summer)).toBe(0);
  });

  it('puts 08:00 in Tokyo on the Tokyo day, which is the previous UTC day', () => {
    // 2026-11-24 08:00 in Tokyo is 2026-11-23 23:00 UTC.
    const eightInTokyo = Date.UTC(2026, 10, 23, 23);
    expect(localDayNumber(eightInTokyo, 'Asia/Tokyo')).toBe(dayOf('2026-11-24'));
    expect(localDayNumber(eightInTokyo, 'UTC')).toBe(dayOf('2026-11-23'));
    expect(localMinuteOfDay(eightInTokyo, 'Asia/Tokyo')).toBe(8 * 60);
  });

  it('puts 20:00 in Los Angeles on the Los Angeles day, which is the next UTC day', () => {
    const eightPmInLa = Date.UTC(2026, 10, 25, 4); // 2026-11-24 20:00 PST
    expect(localDayNumber(eightPmInLa, 'America/Los_Angeles')).toBe(dayOf('2026-11-24'));
    expect(localMinuteOfDay(eightPmInLa, 'America/Los_Angeles')).toBe(20 * 60);
  });

  it('keeps local midnight across the spring-forward day (Europe/Berlin, 2026-03-29)', () => {
    // Clocks jump from 02:00 to 03:00 CET→CEST; the day is 23 hours long.
    const lastMinuteBefore = Date.UTC(2026, 2, 28, 22, 59); // 23:59 CET on the 28th
    const midnight = Date.UTC(2026, 2, 28, 23, 0); // 00:00 CET on the 29th
    const endOfDay = Date.UTC(2026, 2, 29, 21, 59); // 23:59 CEST on the 29th
    const nextMidnight = Date.UTC(2026, 2, 29, 22, 0); // 00:00 CEST on the 30th
    expect(localDayNumber(lastMinuteBefore, 'Europe/Berlin')).toBe(dayOf('2026-03-28'));
    expect(localDayNumber(midnight, 'Europe/Berlin')).toBe(dayOf('2026-03-29'));
    expect(localDayNumber(endOfDay, 'Europe/Berlin')).toBe(dayOf('2026-03-29'));
    expect(localDayNumber(nextMidnight, 'Europe/Berlin')).toBe(dayOf('2026-03-30'));
    expect(localMinuteOfDay(Date.UTC(2026, 2, 29, 1, 0), 'Europe/Berlin')).toBe(3 * 60);
    expect(localMinuteOfDay(endOfDay, 'Europe/Berlin')).toBe(23 * 60 + 59);
  });

  it('keeps local midnight across the fall-back day (America/New_York, 2026-11-01)', () => {
    // Clocks go back from 02:00 EDT to 01:00 EST; the day is 25 hours long and 01:30 happens twice.
    const midnight = Date.UTC(2026, 10, 1, 4, 0); // 00:00 EDT
    const firstHalfPastOne = Date.UTC(2026, 10, 1, 5, 30); // 01:30 EDT
    const secondHalfPastOne = Date.UTC(2026, 10, 1, 6, 30); // 01:30 EST
    const lastMinute = Date.UTC(2026, 10, 2, 4, 59); // 23:59 EST
    expect(localDayNumber(midnight - 60_000, 'America/New_York')).toBe(dayOf('2026-10-31'));
    expect(localDayNumber(midnight, 'America/New_York')).toBe(dayOf('2026-11-01'));
    expect(localMinuteOfDay(firstHalfPastOne, 'America/New_York')).toBe(90);
    expect(localMinuteOfDay(secondHalfPastOne, 'America/New_York')).toBe(90);
    expect(localDayNumber(lastMinute, 'America/New_York')).toBe(dayOf('2026-11-01'));
    expect(localDayNumber(lastMinute + 60_000, 'America/New_York')).toBe(dayOf('2026-11-02'));
  });

  it('keeps weeks Monday first on the local calendar', () => {
    // Monday 2026-11-23 00:30 in Tokyo is still Sunday in UTC.
    const mondayInTokyo = Date.UTC(2026, 10, 22, 15, 30);
    expect(weekdayIndex(localDayNumber(mondayInTokyo, 'Asia/Tokyo'))).toBe(0);
    expect(weekdayIndex(localDayNumber(mondayInTokyo, 'UTC'))).toBe(6);
    expect(isoWeekNumber(localDayNumber(mondayInTokyo, 'Asia/Tokyo'))).toBe(
      isoWeekNumber(localDayNumber(mondayInTokyo, 'UTC')) + 1,
    );
  });

  it('answers each second on both sides of a change of offset, asked in any order and again', () => {
    // New York moved from −5 h to −4 h at 2026-03-08 07:00 UTC (02:00 local).
    const change = Date.UTC(2026, 2, 8, 7);
    const asked = [change, change - 1, change - 1000, change + 999, change - 1, change, change - 1000];
    for (const instant of asked) {
      expect(zoneOffsetAt('America/New_York', instant)).toBe(instant >= change ? -240 : -300);
    }
    // More seconds than are kept per zone: still each one's own offset.
    for (let second = -5000; second < 5000; second += 1) {
      const instant = change + second * 1000;
      expect(zoneOffsetAt('America/New_York', instant)).toBe(second >= 0 ? -240 : -300);
    }
    expect(zoneOffsetAt('America/New_York', change - 1)).toBe(-300);
    expect(zoneOffsetAt('Asia/Tokyo', change - 1)).toBe(540);
  });
});
