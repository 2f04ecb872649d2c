import { describe, expect, it } from 'vitest';
import { formatTime, maskTime, normaliseWeek, parseTime, toggleDay, weekdayNames } from './reminders.ts';

describe('maskTime', () => {
  it('builds HH:MM as the digits are typed', () => {
    const typed = ['1', '19', '193', '1930', '19301'];
    expect(typed.map(maskTime)).toEqual(['1', '19', '19:3', '19:30', '19:30']);
  });

  it('gives an hour that can only be one digit its leading zero', () => {
    expect(maskTime('7')).toBe('07');
    expect(maskTime('2')).toBe('2');
    expect(maskTime('730')).toBe('07:30');
  });

  it('keeps a typed colon and pads a one-digit hour before it', () => {
    expect(maskTime('19:')).toBe('19:');
    expect(maskTime('7:3')).toBe('07:3');
    expect(maskTime('7.30')).toBe('07:30');
    expect(maskTime(':15')).toBe('00:15');
  });

  it('is stable, so deleting a character is never undone', () => {
    for (const text of ['', '0', '07', '07:', '07:3', '19', '19:', '19:30', '2', '23:5']) {
      expect(maskTime(text), text).toBe(text);
    }
  });

  it('drops letters and reads Arabic-Indic digits', () => {
    expect(maskTime('ab1c9:3x0')).toBe('19:30');
    expect(maskTime('٠٨:٤٥')).toBe('08:45');
  });
});

describe('parseTime and formatTime', () => {
  it('turn HH:MM into minutes since midnight and back', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('07:30')).toBe(450);
    expect(parseTime('7:30')).toBe(450);
    expect(parseTime(' 23:59 ')).toBe(1439);
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(450)).toBe('07:30');
    expect(formatTime(1439)).toBe('23:59');
    for (let minutes = 0; minutes < 1440; minutes += 7) expect(parseTime(formatTime(minutes))).toBe(minutes);
  });

  it('refuse what is not a time of day', () => {
    for (const text of ['', '19', '19:', '19:3', '24:00', '12:60', '1930', 'ab:cd']) {
      expect(parseTime(text), text).toBeNull();
    }
  });

  it('wrap values outside the day instead of showing nonsense', () => {
    expect(formatTime(1440)).toBe('00:00');
    expect(formatTime(-30)).toBe('23:30');
  });
});

describe('week days', () => {
  it('are named Monday first in the interface language', () => {
    expect(weekdayNames('en', 'short')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('de', 'long')[0]).toBe('Montag');
    expect(weekdayNames('ru', 'long')[6]).toBe('воскресенье');
  });

  it('are always seven flags, and toggle one at a time', () => {
    expect(normaliseWeek([true, false])).toEqual([true, false, false, false, false, false, false]);
    expect(normaliseWeek(undefined, true)).toHaveLength(7);
    expect(toggleDay([true, true, true, true, true, true, true], 6)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
