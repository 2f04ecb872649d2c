import { describe, expect, it } from 'vitest';
import {
  askToTakeOver,
  TAKE_OVER_ASK_EVERY_MS,
  TAKE_OVER_BOUND_MS,
  type WaitingWorker,
} from './take-over.ts';

/** A waiting worker that records what it was told, and a clock the test moves by hand. */
function setUp() {
  const messages: unknown[] = [];
  const listeners: Array<() => void> = [];
  const worker = {
    state: 'installed',
    postMessage: (message: unknown) => void messages.push(message),
    addEventListener: (_type: 'statechange', listener: () => void) => void listeners.push(listener),
  } satisfies WaitingWorker & { state: string };
  let pending: Array<{ at: number; work: () => void }> = [];
  let now = 0;
  const timers = {
    setTimeout: (work: () => void, ms: number) => void pending.push({ at: now + ms, work }),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = pending.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      pending = pending.filter((timer) => timer !== next);
      now = next.at;
      next.work();
    }
    now = until;
  };
  const becomes = (state: string) => {
    worker.state = state;
    for (const listener of listeners) listener();
  };
  let reloads = 0;
  return {
    worker,
    messages,
    timers,
    advance,
    becomes,
    reload: () => void (reloads += 1),
    reloads: () => reloads,
  };
}

describe('asking a new version to take over', () => {
  it('asks once and reloads once the new version is active', () => {
    const t = setUp();
    askToTakeOver(t.worker, t.reload, t.timers);
    expect(t.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    t.becomes('activating');
    expect(t.reloads()).toBe(0);
    t.becomes('activated');
    expect(t.reloads()).toBe(1);
    t.advance(TAKE_OVER_BOUND_MS * 2);
    expect(t.messages).toHaveLength(1);
    expect(t.reloads()).toBe(1);
  });

  it('asks again while the activation is parked, and reloads when it goes through', () => {
    const t = setUp();
    askToTakeOver(t.worker, t.reload, t.timers);
    t.advance(TAKE_OVER_ASK_EVERY_MS);
    t.advance(TAKE_OVER_ASK_EVERY_MS);
    expect(t.messages).toHaveLength(3);
    expect(t.reloads()).toBe(0);
    t.becomes('activated');
    expect(t.reloads()).toBe(1);
  });

  it('reloads anyway once the bound has passed, never twice', () => {
    const t = setUp();
    askToTakeOver(t.worker, t.reload, t.timers);
    t.advance(TAKE_OVER_BOUND_MS - 1);
    expect(t.reloads()).toBe(0);
    t.advance(1);
    expect(t.reloads()).toBe(1);
    expect(t.messages).toHaveLength(TAKE_OVER_BOUND_MS / TAKE_OVER_ASK_EVERY_MS);
    t.becomes('activated');
    expect(t.reloads()).toBe(1);
  });

  it('reloads when a newer version replaced the waiting one', () => {
    const t = setUp();
    askToTakeOver(t.worker, t.reload, t.timers);
    t.becomes('redundant');
    expect(t.reloads()).toBe(1);
  });
});
