import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currentStatus,
  defaultStatusTiers,
  newStatusReached,
  pointsToNextStatus,
  STATUS_TIER_COUNT,
  statusIndex,
  statusRoadProgress,
  statusView,
} from './status.ts';

describe('status tiers', () => {
  it('seeds 15 tiers with rising thresholds from 0', () => {
    expect(defaultStatusTiers).toHaveLength(STATUS_TIER_COUNT);
    expect(defaultStatusTiers[0]?.points).toBe(0);
    defaultStatusTiers.slice(1).forEach((tier, index) => {
      expect(tier.points).toBeGreaterThan(defaultStatusTiers[index]?.points ?? Infinity);
    });
  });
  it.each([
    [0, 'Newcomer', 10],
    [9, 'Newcomer', 1],
    [10, 'Beginner', 20],
    [4999, 'Master', 1],
    [5000, 'Legend', null],
    [99999, 'Legend', null],
  ])('%i points -> %s, %s to next', (points, name, toNext) => {
    expect(currentStatus(defaultStatusTiers, points)?.name).toBe(name);
    expect(pointsToNextStatus(defaultStatusTiers, points)).toBe(toNext);
  });
  it('sorts thresholds given in any order', () => {
    const shuffled = [...defaultStatusTiers].reverse();
    expect(currentStatus(shuffled, 65)?.name).toBe('Learner');
  });
  it('computes road progress as index × 100 / 14', () => {
    expect(statusRoadProgress(defaultStatusTiers, 0)).toBe(0);
    expect(statusRoadProgress(defaultStatusTiers, 60)).toBeCloseTo(300 / 14);
    expect(statusRoadProgress(defaultStatusTiers, 5000)).toBe(100);
  });
  it('reports a tier reached by a gain', () => {
    expect(newStatusReached(defaultStatusTiers, 8, 12)?.name).toBe('Beginner');
    expect(newStatusReached(defaultStatusTiers, 10, 12)).toBeUndefined();
    expect(newStatusReached(defaultStatusTiers, 0, 600)?.name).toBe('Skilled');
  });
  it('handles tiers that start above 0 points', () => {
    const tiers = [{ name: 'First', points: 5 }];
    expect(statusIndex(tiers, 0)).toBe(-1);
    expect(currentStatus(tiers, 0)).toBeUndefined();
    expect(pointsToNextStatus(tiers, 0)).toBe(5);
    expect(statusRoadProgress(tiers, 0)).toBe(100);
  });
  it('gives the dashboard view', () => {
    expect(statusView(defaultStatusTiers, 12)).toEqual({
      status: { name: 'Beginner', points: 10 },
      index: 1,
      nextPoints: 30,
      toNextStatus: 18,
      roadProgress: 100 / 14,
    });
  });
  // ADR 037: statusView sorts once (and not at all when the tiers are in order); it must answer exactly
  // what the one-question functions answer, for tiers in any order, with ties, and for any points.
  it('gives the view the one-question functions give, for tiers in any order', () => {
    const tier = fc.record({ name: fc.string({ maxLength: 3 }), points: fc.integer({ min: -5, max: 60 }) });
    fc.assert(
      fc.property(fc.array(tier, { maxLength: 8 }), fc.integer({ min: -10, max: 70 }), (tiers, points) => {
        const toNextStatus = pointsToNextStatus(tiers, points);
        const view = statusView(tiers, points);
        expect(view).toEqual({
          status: currentStatus(tiers, points),
          index: statusIndex(tiers, points),
          nextPoints: toNextStatus === null ? null : points + toNextStatus,
          toNextStatus,
          roadProgress: statusRoadProgress(tiers, points),
        });
        // The very tier object, as currentStatus answers it (ties keep their stored order).
        expect(view.status).toBe(currentStatus(tiers, points));
      }),
      { numRuns: 500 },
    );
  });
  it('leaves the tiers it is given as they are', () => {
    const shuffled = [...defaultStatusTiers].reverse();
    statusView(shuffled, 65);
    expect(shuffled).toEqual([...defaultStatusTiers].reverse());
    expect(statusView(shuffled, 65).status?.name).toBe('Learner');
  });
});
