import { epochDay } from '@parlo/core/billing/free-lessons';
import { MS_PER_DAY } from '@parlo/core/time/time-zone';
import type { CompletionRequest } from '@parlo/contract/learning';

/**
 * Issue 17: lesson and blitz completions finished without a connection wait here, in the order they were
 * finished, until they can be sent. The server stays the authority: it re-checks every answer and
 * recomputes the points when a completion arrives, and its idempotency key makes a second send harmless.
 */

/** What was played: the same two calls the player sends online. */
export type QueuedRun = { kind: 'lesson'; lessonId: number } | { kind: 'blitz'; topicId: number };

export interface QueuedCompletion {
  /** The run's idempotency key: the record's key here and the server's guard against counting twice. */
  key: string;
  /** Whose run it is: only that learner's session may send it. */
  userId: string;
  /** When it was finished (ms): the sending order. */
  finishedAt: number;
  run: QueuedRun;
  body: CompletionRequest & { idempotencyKey: string };
  /** 'refused': the server said no for good; kept (and explained) until the learner has read why. */
  state: 'waiting' | 'refused';
  refusal?: { code: string; message: string };
  /**
   * Issue 29 item 12: a waiting run the daily free-lesson limit turned away is sent again from this
   * instant (ms), when the next day's free lessons begin; `refusal` says why it waits.
   */
  heldUntil?: number;
}

/** The refusal code of a run that arrived after the day's free lessons were used up. */
export const FREE_LESSON_LIMIT_REACHED = 'FREE_LESSON_LIMIT_REACHED';

/** What becomes of a run the server refused: kept for another day, or refused for good. */
export type RefusalDecision = { kind: 'hold'; until: number } | { kind: 'refuse' };

/**
 * The daily limit only says "not today": the server wrote nothing (issue 29 item 12), so the same run
 * counts in full once a free lesson is back — at the next (UTC, SPEC §4) day. Any other refusal is about
 * the run itself (bad data, a locked lesson, a reset progress) and stays final.
 */
export function decideRefusal(code: string, now: number): RefusalDecision {
  if (code !== FREE_LESSON_LIMIT_REACHED) return { kind: 'refuse' };
  return { kind: 'hold', until: (epochDay(now) + 1) * MS_PER_DAY };
}

/** A held run whose day has not come yet. */
export function isHeldAt(entry: QueuedCompletion, now: number): boolean {
  return entry.heldUntil !== undefined && now < entry.heldUntil;
}

/** The storage under the queue (IndexedDB in the app, an in-memory fake in tests). */
export interface CompletionStore {
  all(): Promise<QueuedCompletion[]>;
  put(entry: QueuedCompletion): Promise<void>;
  remove(key: string): Promise<void>;
}

/** How a send can end, as far as the queue cares. */
export type SendOutcome =
  | { kind: 'sent' }
  /** The server answered and will never accept it (limit reached, lesson locked, progress reset…). */
  | { kind: 'refused'; code: string; message: string }
  /** No answer, a server outage or an expired session: try again later, in the same order. */
  | { kind: 'retry' };

export interface FlushResult {
  sent: number;
  refused: number;
  /** Entries of this learner still waiting to be sent as soon as possible (a retry stopped the round). */
  waiting: number;
  /** Entries kept for the next day by the free-lesson limit, and those queued behind them. */
  held: number;
}

/** The learner's entries in sending order (finishing time, then key for a stable order). */
export function inSendingOrder(entries: readonly QueuedCompletion[]): QueuedCompletion[] {
  return [...entries].sort((a, b) => a.finishedAt - b.finishedAt || a.key.localeCompare(b.key));
}

/**
 * Sends the learner's waiting completions oldest first. A retryable failure stops the round, so a later
 * run never overtakes an earlier one (points, progress and the free-lesson count depend on the order);
 * a refusal is recorded with its reason and the round goes on. A run the daily limit turned away stays
 * waiting until the next day (`decideRefusal`), and the runs after it wait behind it.
 */
export async function flushCompletions(
  store: CompletionStore,
  userId: string,
  send: (entry: QueuedCompletion) => Promise<SendOutcome>,
  now: () => number = Date.now,
): Promise<FlushResult> {
  const waiting = inSendingOrder(
    (await store.all()).filter((entry) => entry.userId === userId && entry.state === 'waiting'),
  );
  const result: FlushResult = { sent: 0, refused: 0, waiting: waiting.length, held: 0 };
  const holdTheRest = (from: number) => {
    result.held = waiting.length - from;
    result.waiting -= result.held;
  };
  for (const [index, entry] of waiting.entries()) {
    if (isHeldAt(entry, now())) {
      holdTheRest(index);
      break;
    }
    const outcome = await send(entry);
    if (outcome.kind === 'retry') break;
    if (outcome.kind === 'sent') {
      await store.remove(entry.key);
      result.sent += 1;
      result.waiting -= 1;
      continue;
    }
    const refusal = { code: outcome.code, message: outcome.message };
    const decision = decideRefusal(outcome.code, now());
    if (decision.kind === 'hold') {
      await store.put({ ...entry, state: 'waiting', refusal, heldUntil: decision.until });
      holdTheRest(index);
      break;
    }
    const { heldUntil: _wasHeld, ...run } = entry;
    await store.put({ ...run, state: 'refused', refusal });
    result.refused += 1;
    result.waiting -= 1;
  }
  return result;
}

/**
 * Which failures are final. 4xx answers are the server's considered "no", except an expired session
 * (401: sign in again and it goes), a timeout (408) and rate limiting (429).
 */
export function outcomeOfFailure(status: number, code: string, message: string): SendOutcome {
  if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) {
    return { kind: 'refused', code, message };
  }
  return { kind: 'retry' };
}
