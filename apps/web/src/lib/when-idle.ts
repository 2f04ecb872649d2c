/**
 * Runs `task` when the browser is next idle (2 s at most; soon after, where it cannot tell); cancel()
 * drops it. For work a screen's first paint and handlers must not wait behind (issue 15, the dashboard's
 * total blocking time; ADR 035, 042).
 */
export function whenIdle(task: () => void): { cancel(): void } {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return { cancel: () => window.cancelIdleCallback(handle) };
  }
  const handle = window.setTimeout(task, 1);
  return { cancel: () => window.clearTimeout(handle) };
}
