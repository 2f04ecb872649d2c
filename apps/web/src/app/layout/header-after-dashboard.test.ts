import { afterEach, describe, expect, it, vi } from 'vitest';

// The module keeps one load's state: each test imports a fresh copy.
async function freshModule() {
  vi.resetModules();
  return import('./header-after-dashboard.ts');
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe("the signed-in header's code after the dashboard's greeting (ADR 035)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not held on a load that does not open on the dashboard', async () => {
    const header = await freshModule();
    expect(header.headerHeld()).toBe(false);
    expect(await settled(header.headerMayLoad())).toBe(true);
  });

  it('waits for the greeting when held, then may load', async () => {
    const header = await freshModule();
    header.holdHeaderForDashboard();
    expect(header.headerHeld()).toBe(true);
    expect(await settled(header.headerMayLoad())).toBe(false);
    header.releaseHeader();
    expect(header.headerHeld()).toBe(false);
    expect(await settled(header.headerMayLoad())).toBe(true);
  });

  it('waits no longer than 3 s when the dashboard never paints', async () => {
    vi.useFakeTimers();
    const header = await freshModule();
    header.holdHeaderForDashboard();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(await settled(header.headerMayLoad())).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(header.headerMayLoad())).toBe(true);
  });
});
