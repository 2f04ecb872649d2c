/** What `askToTakeOver` needs of a waiting service worker (the browser's `ServiceWorker`). */
export interface WaitingWorker {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}

/** How often the waiting worker is asked again, and when the page reloads anyway. */
export const TAKE_OVER_ASK_EVERY_MS = 2_000;
export const TAKE_OVER_BOUND_MS = 10_000;

/**
 * The learner chose "Reload": the waiting worker is asked to take over (src/sw.ts, section 4) and the page
 * reloads once it has. Chromium can park an activation when a page request (a lesson saved ahead) wakes the
 * old worker at that moment, leaving the new one waiting with the button spinning; so it is asked again
 * every 2 s, and after 10 s the page reloads anyway (at worst showing the prompt once more).
 */
export function askToTakeOver(
  worker: WaitingWorker,
  reload: () => void,
  timers: { setTimeout: (work: () => void, ms: number) => unknown } = globalThis,
): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    reload();
  };
  worker.addEventListener('statechange', () => {
    // Redundant: a newer version replaced it while waiting; the reload shows that one's prompt.
    if (worker.state === 'activated' || worker.state === 'redundant') finish();
  });
  let waited = 0;
  const ask = () => {
    if (done) return;
    if (waited >= TAKE_OVER_BOUND_MS) return finish();
    worker.postMessage({ type: 'SKIP_WAITING' });
    waited += TAKE_OVER_ASK_EVERY_MS;
    timers.setTimeout(ask, TAKE_OVER_ASK_EVERY_MS);
  };
  ask();
}
