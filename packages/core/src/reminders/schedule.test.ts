import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDayNumber, MS_PER_DAY } from '../time/time-zone.ts';
import { leaderboardPlaceText, newStatusText, reminderMessage } from './reminder-texts.ts';
import { dueReminder, nextReminderCheck, reminderCheckAfter, type ReminderChoice } from './schedule.ts';

const everyDay = [true, true, true, true, true, true, true];
const choice = (overrides: Partial<ReminderChoice> = {}): ReminderChoice => ({
  timeZone: 'UTC',
  notificationDays: everyDay,
  notificationTime: 19 * 60,
  motivationNotification: false,
  ...overrides,
});
/** An account made long before any moment below. */
const joinedAt = Date.parse('2026-01-01T00:00:00Z');
const never = { lastTrainedAt: 0, daysContinuous: 0, joinedAt };
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('dueReminder', () => {
  it('is due from the chosen local time for an hour, not before and not hours later', () => {
    const at = (iso: string) => dueReminder(choice(), never, Date.parse(iso))?.kind ?? null;
    expect(at('2026-11-24T18:59:00Z')).toBeNull();
    expect(at('2026-11-24T19:00:00Z')).toBe('reminder');
    expect(at('2026-11-24T19:59:00Z')).toBe('reminder');
    expect(at('2026-11-24T20:00:00Z')).toBeNull();
    expect(at('2026-11-24T23:30:00Z')).toBeNull();
  });

  it('reads the time on the learner’s clock east of UTC (Tokyo 08:00 is 23:00 UTC the day before)', () => {
    const tokyo = choice({ timeZone: 'Asia/Tokyo', notificationTime: 8 * 60 });
    expect(dueReminder(tokyo, never, Date.parse('2026-11-23T22:59:00Z'))).toBeNull();
    const due = dueReminder(tokyo, never, Date.parse('2026-11-23T23:00:00Z'));
    expect(due?.day).toBe(localDayNumber(Date.parse('2026-11-24T12:00:00Z'), 'UTC'));
  });

  it('reads the time on the learner’s clock west of UTC (Los Angeles 20:00 is 04:00 UTC next day)', () => {
    const la = choice({ timeZone: 'America/Los_Angeles', notificationTime: 20 * 60 });
    expect(dueReminder(la, never, Date.parse('2026-11-25T03:59:00Z'))).toBeNull();
    const due = dueReminder(la, never, Date.parse('2026-11-25T04:00:00Z'));
    expect(due?.day).toBe(localDayNumber(Date.parse('2026-11-24T12:00:00Z'), 'UTC'));
  });

  it('keeps the local time across DST switch days', () => {
    const berlin = choice({ timeZone: 'Europe/Berlin', notificationTime: 9 * 60 });
    // Spring forward 2026-03-29: 09:00 CEST is 07:00 UTC; the day before, 09:00 CET is 08:00 UTC.
    expect(dueReminder(berlin, never, Date.parse('2026-03-28T07:59:00Z'))).toBeNull();
    expect(dueReminder(berlin, never, Date.parse('2026-03-28T08:00:00Z'))).not.toBeNull();
    expect(dueReminder(berlin, never, Date.parse('2026-03-29T06:59:00Z'))).toBeNull();
    expect(dueReminder(berlin, never, Date.parse('2026-03-29T07:00:00Z'))).not.toBeNull();
    // Fall back 2026-10-25: 09:00 CET is 08:00 UTC.
    expect(dueReminder(berlin, never, Date.parse('2026-10-25T07:59:00Z'))).toBeNull();
    expect(dueReminder(berlin, never, Date.parse('2026-10-25T08:00:00Z'))).not.toBeNull();
    // A reminder at 02:30, a time that does not exist on the spring day, comes at 03:00.
    const early = choice({ timeZone: 'Europe/Berlin', notificationTime: 2 * 60 + 30 });
    expect(dueReminder(early, never, Date.parse('2026-03-29T00:59:00Z'))).toBeNull();
    expect(dueReminder(early, never, Date.parse('2026-03-29T01:00:00Z'))).not.toBeNull();
  });

  it('goes only on the chosen days (Monday first, on the local calendar)', () => {
    const mondaysOnly = choice({
      timeZone: 'Asia/Tokyo',
      notificationDays: [true, false, false, false, false, false, false],
      notificationTime: 30,
    });
    // Monday 2026-11-23 00:30 in Tokyo = Sunday 15:30 UTC.
    expect(dueReminder(mondaysOnly, never, Date.parse('2026-11-22T15:30:00Z'))).not.toBeNull();
    expect(dueReminder(mondaysOnly, never, Date.parse('2026-11-23T15:30:00Z'))).toBeNull();
  });

  it('stays quiet once the learner trained that local day', () => {
    const tokyo = choice({ timeZone: 'Asia/Tokyo', notificationTime: 20 * 60 });
    // Trained at 08:00 Tokyo (23:00 UTC the day before); 20:00 Tokyo is 11:00 UTC.
    const trained = { lastTrainedAt: seconds('2026-11-23T23:00:00Z'), daysContinuous: 4, joinedAt };
    expect(dueReminder(tokyo, trained, Date.parse('2026-11-24T11:00:00Z'))).toBeNull();
  });

  it('sends the motivation instead when the streak ends tonight, on any day, if the learner wants it', () => {
    const trainedYesterday = { lastTrainedAt: seconds('2026-11-23T10:00:00Z'), daysContinuous: 5, joinedAt };
    const noDays = [false, false, false, false, false, false, false];
    const at = Date.parse('2026-11-24T19:00:00Z');
    expect(
      dueReminder(choice({ motivationNotification: true, notificationDays: noDays }), trainedYesterday, at),
    ).toEqual({
      kind: 'motivation',
      day: localDayNumber(at, 'UTC'),
      streak: 5,
    });
    expect(dueReminder(choice({ notificationDays: noDays }), trainedYesterday, at)).toBeNull();
    expect(dueReminder(choice(), trainedYesterday, at)).toMatchObject({ kind: 'reminder', streak: 5 });
    // Two days without a lesson: the streak is already gone, a plain reminder.
    const gone = { lastTrainedAt: seconds('2026-11-22T10:00:00Z'), daysContinuous: 5, joinedAt };
    expect(dueReminder(choice({ motivationNotification: true }), gone, at)).toMatchObject({
      kind: 'reminder',
    });
  });
});

describe('dueReminder for a new account', () => {
  const at = Date.parse('2026-11-24T19:30:00Z');
  const joined = (iso: string) => ({ ...never, joinedAt: Date.parse(iso) });

  it('says nothing for a reminder minute that began before the account was made', () => {
    // Signed up at 19:15 with the default 19:00: not "Time for today's lesson" on the first page.
    expect(dueReminder(choice(), joined('2026-11-24T19:15:00Z'), at)).toBeNull();
    // Tomorrow's 19:00 is after the sign-up.
    expect(dueReminder(choice(), joined('2026-11-24T19:15:00Z'), at + MS_PER_DAY)).toMatchObject({
      kind: 'reminder',
    });
  });

  it('reminds of a minute that began with or after the sign-up (the learner chose it after joining)', () => {
    expect(dueReminder(choice(), joined('2026-11-24T18:50:00Z'), at)).toMatchObject({ kind: 'reminder' });
    // Joined within the reminder minute itself: the minute has not passed yet.
    const now = Date.parse('2026-11-24T19:00:40Z');
    expect(dueReminder(choice(), joined('2026-11-24T19:00:20Z'), now)).toMatchObject({ kind: 'reminder' });
  });

  it('reads the sign-up on the learner’s clock: 19:15 UTC is 04:15 the next day in Tokyo', () => {
    const tokyo = choice({ timeZone: 'Asia/Tokyo' });
    // 19:00 Tokyo on 2026-11-25 is 10:00 UTC, hours after a sign-up at 04:15 Tokyo that day.
    const due = dueReminder(tokyo, joined('2026-11-24T19:15:00Z'), Date.parse('2026-11-25T10:00:00Z'));
    expect(due).toMatchObject({ kind: 'reminder' });
    // The same sign-up counted in UTC would have been after 19:00 and heard nothing that day.
    expect(dueReminder(choice(), joined('2026-11-24T19:15:00Z'), at)).toBeNull();
  });

  it('says nothing for an account made after the moment checked', () => {
    expect(dueReminder(choice(), joined('2026-11-25T08:00:00Z'), at)).toBeNull();
  });
});

describe('reminderMessage', () => {
  it('speaks the learner’s interface language, English when unknown', () => {
    expect(reminderMessage('de', 'reminder', 0).body).toMatch(/Lektion/);
    expect(reminderMessage('xx', 'reminder', 0).body).toMatch(/lesson/);
  });
  it('uses the three Russian plural forms', () => {
    expect(reminderMessage('ru', 'motivation', 1).body).toContain('1 день');
    expect(reminderMessage('ru', 'motivation', 3).body).toContain('3 дня');
    expect(reminderMessage('ru', 'motivation', 5).body).toContain('5 дней');
    expect(reminderMessage('ru', 'motivation', 11).body).toContain('11 дней');
    expect(reminderMessage('ru', 'motivation', 21).body).toContain('21 день');
    expect(reminderMessage('ru', 'motivation', 24).body).toContain('24 дня');
  });
  it('has every text in every interface language', () => {
    for (const lang of ['en', 'ar', 'de', 'es', 'fr', 'it', 'pt', 'ru', 'zh', 'tr']) {
      for (const n of [1, 2, 3, 5, 11, 100]) {
        const { body } = reminderMessage(lang, 'motivation', n);
        expect(body).not.toContain('{n}');
        expect(body.length).toBeGreaterThan(10);
      }
    }
  });
});

describe('the bell’s other news', () => {
  it('names the new status and the leaderboard place in the learner’s language', () => {
    expect(newStatusText('de', 'Entdecker')).toBe('Neuer Status: Entdecker! Gut gemacht.');
    expect(leaderboardPlaceText('ru', 3)).toBe('Во вчерашнем рейтинге вы заняли 3-е место.');
    expect(leaderboardPlaceText('xx', 1)).toContain('place 1');
  });
});

describe('nextReminderCheck and reminderCheckAfter', () => {
  const MINUTE = 60_000;
  const zones = [
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'America/Santiago',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Asia/Tokyo',
    'America/St_Johns',
    'Pacific/Chatham',
  ];
  /** Changes of offset in 2026 in the zones above, and plain days: the searches start near them. */
  const anchors = [
    '2026-03-29T01:00:00Z',
    '2026-10-25T01:00:00Z',
    '2026-03-08T07:00:00Z',
    '2026-11-01T06:00:00Z',
    '2026-04-04T15:00:00Z',
    '2026-09-05T16:00:00Z',
    '2026-10-03T15:00:00Z',
    '2026-04-05T02:00:00Z',
    '2026-09-27T14:00:00Z',
    '2026-06-15T12:00:00Z',
  ].map(Date.parse);
  const inHour = (zone: string, time: number, at: number) =>
    dueReminder(
      choice({ timeZone: zone, notificationTime: time }),
      { lastTrainedAt: 0, daysContinuous: 0, joinedAt: 0 },
      at,
    ) !== null;
  /** The plain answer: minute by minute from `from` to the first one whose reminder would be due. */
  const firstDueMinute = (zone: string, time: number, from: number, skip: (at: number) => boolean) => {
    for (let at = Math.floor(from / MINUTE) * MINUTE; ; at += MINUTE) {
      if (!skip(at) && inHour(zone, time, at)) return at;
    }
  };
  const cases = fc.record({
    zone: fc.constantFrom(...zones),
    // Half the times sit in the early-morning hours where clocks change.
    time: fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 60, max: 240 })),
    anchor: fc.constantFrom(...anchors),
    shift: fc.integer({ min: -48 * 60, max: 48 * 60 }),
    seconds: fc.integer({ min: 0, max: 59 }),
  });

  it('finds the first minute a reminder can be due, as a minute-by-minute search does (DST included)', () => {
    fc.assert(
      fc.property(cases, ({ zone, time, anchor, shift, seconds }) => {
        const from = anchor + shift * MINUTE + seconds * 1000;
        const found = nextReminderCheck({ timeZone: zone, notificationTime: time }, from);
        expect(new Date(found).toISOString()).toBe(
          new Date(firstDueMinute(zone, time, from, () => false)).toISOString(),
        );
      }),
      { numRuns: 150, seed: 30 },
    );
  });

  it('after a look, skips only the rest of the hour just looked at, never a later day’s', () => {
    fc.assert(
      fc.property(cases, ({ zone, time, anchor, shift, seconds }) => {
        const now = anchor + shift * MINUTE + seconds * 1000;
        const next = reminderCheckAfter({ timeZone: zone, notificationTime: time }, now);
        const today = localDayNumber(now, zone);
        const lookedAtHour = inHour(zone, time, now);
        // The first due minute after now that does not belong to the hour just looked at.
        const expected = firstDueMinute(
          zone,
          time,
          now + MINUTE,
          (at) => lookedAtHour && localDayNumber(at, zone) === today,
        );
        expect(next).toBeGreaterThan(now);
        expect(next).toBeLessThanOrEqual(expected);
        if (next !== expected) expect(localDayNumber(next, zone)).toBe(today);
      }),
      { numRuns: 150, seed: 31 },
    );
  });

  it('gives the chosen minute on the learner’s clock', () => {
    const tokyo = { timeZone: 'Asia/Tokyo', notificationTime: 8 * 60 };
    expect(nextReminderCheck(tokyo, Date.parse('2026-11-23T12:00:30Z'))).toBe(
      Date.parse('2026-11-23T23:00:00Z'),
    );
    // Inside the hour: this minute; after a look at 08:10, tomorrow's 08:00.
    expect(nextReminderCheck(tokyo, Date.parse('2026-11-23T23:10:30Z'))).toBe(
      Date.parse('2026-11-23T23:10:00Z'),
    );
    expect(reminderCheckAfter(tokyo, Date.parse('2026-11-23T23:10:30Z'))).toBe(
      Date.parse('2026-11-24T23:00:00Z'),
    );
    // Berlin's clocks jump from 02:00 to 03:00 on 2026-03-29: a 02:30 reminder's hour opens at 03:00.
    const berlin = { timeZone: 'Europe/Berlin', notificationTime: 2 * 60 + 30 };
    expect(nextReminderCheck(berlin, Date.parse('2026-03-28T12:00:00Z'))).toBe(
      Date.parse('2026-03-29T01:00:00Z'),
    );
  });
});
