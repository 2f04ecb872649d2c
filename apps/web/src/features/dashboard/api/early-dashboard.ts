import type { Dashboard } from '@parlo/contract/dashboard';
import { dashboardRoute } from '@parlo/contract/routes';
import { callLazily } from '../../../lib/api-client.ts';

// An answer older than this is not what the learner expects to see: the first fetch asks again.
const FRESH_FOR_MS = 10_000;

let early: { answer: Promise<Dashboard>; sentAt: number } | undefined;

/**
 * Sends GET /api/learning/dashboard from the app's entry, before the dashboard's code has loaded and
 * React has mounted (ADR 031): the screen's largest paint no longer waits for code, then mount, then this
 * request in series. The contract (and zod) still parse the answer, loaded when it arrives. A refusal
 * (a guest on /dashboard) is dropped: the guard sends them to /login and the answer is never used.
 */
export function sendDashboardEarly(): void {
  const answer = callLazily(
    dashboardRoute,
    async () => (await import('@parlo/contract/dashboard')).dashboard,
  );
  const sent = { answer, sentAt: Date.now() };
  early = sent;
  answer.catch(() => {
    if (early === sent) early = undefined;
  });
}

/** The early answer for the dashboard query's first fetch, once; later fetches ask the server again. */
export function takeEarlyDashboard(): Promise<Dashboard> | undefined {
  const sent = early;
  early = undefined;
  return sent && Date.now() - sent.sentAt < FRESH_FOR_MS ? sent.answer : undefined;
}
