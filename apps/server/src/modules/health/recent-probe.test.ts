import { describe, expect, it } from 'vitest';
import { recentProbe } from './recent-probe.ts';

function fakeDatabase() {
  const state = { up: true, probes: 0, now: 0 };
  const probe = async () => {
    state.probes += 1;
    return state.up;
  };
  return { state, probe };
}

describe('recentProbe', () => {
  it('reuses an "up" for its reuse time, then probes again', async () => {
    const { state, probe } = fakeDatabase();
    const check = recentProbe(probe, 1_000, () => state.now);
    expect(await check()).toBe(true);
    state.now = 999;
    expect(await check()).toBe(true);
    expect(state.probes).toBe(1);
    state.now = 1_000;
    state.up = false;
    expect(await check()).toBe(false);
    expect(state.probes).toBe(2);
  });

  it('never reuses a "down": recovery shows on the next check', async () => {
    const { state, probe } = fakeDatabase();
    const check = recentProbe(probe, 1_000, () => state.now);
    state.up = false;
    expect(await check()).toBe(false);
    expect(await check()).toBe(false);
    state.up = true;
    expect(await check()).toBe(true);
    expect(state.probes).toBe(3);
  });

  it('probes again at once after a request found the database away', async () => {
    const { state, probe } = fakeDatabase();
    const check = recentProbe(probe, 1_000, () => state.now);
    expect(await check()).toBe(true);
    state.up = false;
    check.databaseAway();
    expect(await check()).toBe(false);
    expect(state.probes).toBe(2);
  });

  it('does not keep an "up" from a probe under way when the database was found away', async () => {
    const { state } = fakeDatabase();
    let answer: (up: boolean) => void = () => {};
    const slow = () => new Promise<boolean>((resolve) => (answer = resolve));
    const check = recentProbe(slow, 1_000, () => state.now);
    const first = check();
    check.databaseAway();
    answer(true);
    expect(await first).toBe(true);
    const second = check();
    answer(false);
    expect(await second).toBe(false);
  });
});
