import { describe, expect, it } from 'vitest';
import { clientAddress, dueRange, openLoopSchedule, percentile } from './schedule.ts';

describe('open-loop schedule', () => {
  it('spaces requests evenly at the offered rate, from time zero', () => {
    const schedule = openLoopSchedule(300, 2);
    expect(schedule).toHaveLength(600);
    expect(schedule[0]).toBe(0);
    expect(schedule[1]).toBeCloseTo(1000 / 300);
    expect(schedule[599]).toBeCloseTo((599 * 1000) / 300);
  });

  it('offers nothing for a zero rate or duration', () => {
    expect(openLoopSchedule(0, 5)).toEqual([]);
    expect(openLoopSchedule(300, 0)).toEqual([]);
  });

  it('sends every request that is due, even when the sender fell behind (no coordinated omission)', () => {
    const schedule = openLoopSchedule(100, 1); // one every 10 ms
    expect(dueRange(schedule, 0, 0)).toEqual([0, 1]);
    expect(dueRange(schedule, 1, 9.9)).toEqual([1, 1]);
    // The sender wakes 95 ms late: the 9 requests due meanwhile all go now.
    expect(dueRange(schedule, 1, 95)).toEqual([1, 10]);
    expect(dueRange(schedule, 10, 10_000)).toEqual([10, 100]);
  });
});

describe('percentile', () => {
  it('is the nearest-rank percentile of unsorted samples', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 99)).toBe(10);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile([], 50)).toBeNull();
  });
});

describe('client addresses', () => {
  it('spreads requests over the given number of distinct addresses', () => {
    const addresses = new Set(Array.from({ length: 5000 }, (_, index) => clientAddress(index, 1000)));
    expect(addresses.size).toBe(1000);
    expect(clientAddress(0, 1000)).toBe('10.0.0.1');
    expect(clientAddress(1000, 1000)).toBe('10.0.0.1');
    expect(clientAddress(255, 1000)).toBe('10.0.1.0');
  });
});
