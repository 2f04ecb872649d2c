import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompletionOutcome } from '@parlo/contract/learning';
import { emptyStatistics } from '@parlo/core/stats/statistics';
import {
  decideRefusal,
  FREE_LESSON_LIMIT_REACHED,
  flushCompletions,
  inSendingOrder,
  outcomeOfFailure,
  type CompletionStore,
  type QueuedCompletion,
  type SendOutcome,
} from './completion-queue.ts';
import { forgetCompletionsOf, indexedDbCompletionStore } from './completion-store.ts';
import { sendQueuedCompletion } from './send-completion.ts';

function entry(key: string, finishedAt: number, userId = 'learner-1'): QueuedCompletion {
  return {
    key,
    userId,
    finishedAt,
    run: { kind: 'lesson', lessonId: 7 },
    body: { idempotencyKey: key, attempts: [], omittedExerciseIds: [] },
    state: 'waiting',
  };
}

/** The real IndexedDB store (fake-indexeddb), emptied between tests. */
const store: CompletionStore = indexedDbCompletionStore;
afterEach(async () => {
  for (const queued of await store.all()) await store.remove(queued.key);
  vi.unstubAllGlobals();
});

function sender(outcomes: Record<string, SendOutcome>) {
  const sent: string[] = [];
  const send = async (queued: QueuedCompletion) => {
    sent.push(queued.key);
    return outcomes[queued.key] ?? { kind: 'sent' as const };
  };
  return { sent, send };
}

describe('the offline completion queue', () => {
  it('sends the oldest first and removes what the server accepted', async () => {
    await store.put(entry('c', 3000));
    await store.put(entry('a', 1000));
    await store.put(entry('b', 2000));
    const { sent, send } = sender({});
    expect(await flushCompletions(store, 'learner-1', send)).toEqual({
      sent: 3,
      refused: 0,
      waiting: 0,
      held: 0,
    });
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(await store.all()).toEqual([]);
  });

  it('stops at the first retryable failure, so a later run never overtakes an earlier one', async () => {
    for (const [key, at] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      await store.put(entry(key, at));
    const { sent, send } = sender({ b: { kind: 'retry' } });
    expect(await flushCompletions(store, 'learner-1', send)).toEqual({
      sent: 1,
      refused: 0,
      waiting: 2,
      held: 0,
    });
    expect(sent).toEqual(['a', 'b']);
    expect((await store.all()).map((queued) => queued.key).sort()).toEqual(['b', 'c']);

    // The next round (back online) sends the rest, still in order.
    const retry = sender({});
    await flushCompletions(store, 'learner-1', retry.send);
    expect(retry.sent).toEqual(['b', 'c']);
    expect(await store.all()).toEqual([]);
  });

  it('keeps a refused run with its reason, goes on with the next and never sends it again', async () => {
    await store.put(entry('a', 1));
    await store.put(entry('b', 2));
    const refusal = { kind: 'refused', code: 'COMPLETION_LESSON_LOCKED', message: 'locked' } as const;
    const { sent, send } = sender({ a: refusal });
    expect(await flushCompletions(store, 'learner-1', send)).toEqual({
      sent: 1,
      refused: 1,
      waiting: 0,
      held: 0,
    });
    expect(sent).toEqual(['a', 'b']);
    const [kept] = await store.all();
    expect(kept).toMatchObject({
      key: 'a',
      state: 'refused',
      refusal: { code: 'COMPLETION_LESSON_LOCKED', message: 'locked' },
    });

    const again = sender({});
    await flushCompletions(store, 'learner-1', again.send);
    expect(again.sent).toEqual([]);
  });

  it('holds a run the daily limit turned away, with the runs after it, and sends them the next day', async () => {
    const noon = Date.UTC(2026, 10, 28, 12);
    const nextDay = Date.UTC(2026, 10, 29);
    await store.put(entry('a', 1));
    await store.put(entry('b', 2));
    const limit = { kind: 'refused', code: FREE_LESSON_LIMIT_REACHED, message: 'limit' } as const;
    const today = sender({ a: limit });
    expect(await flushCompletions(store, 'learner-1', today.send, () => noon)).toEqual({
      sent: 0,
      refused: 0,
      waiting: 0,
      held: 2,
    });
    // 'b' would meet the same limit, and must not overtake 'a'.
    expect(today.sent).toEqual(['a']);
    expect(inSendingOrder(await store.all())).toMatchObject([
      { key: 'a', state: 'waiting', heldUntil: nextDay, refusal: { code: FREE_LESSON_LIMIT_REACHED } },
      { key: 'b', state: 'waiting' },
    ]);

    // Later the same day: nothing is sent (the server would refuse it again).
    const later = sender({});
    await flushCompletions(store, 'learner-1', later.send, () => nextDay - 1);
    expect(later.sent).toEqual([]);

    // The next day both go, in order, and count.
    const tomorrow = sender({});
    expect(await flushCompletions(store, 'learner-1', tomorrow.send, () => nextDay + 60_000)).toEqual({
      sent: 2,
      refused: 0,
      waiting: 0,
      held: 0,
    });
    expect(tomorrow.sent).toEqual(['a', 'b']);
    expect(await store.all()).toEqual([]);
  });

  it("sends only the signed-in learner's runs, and logout forgets only theirs", async () => {
    await store.put(entry('mine', 1, 'learner-1'));
    await store.put(entry('theirs', 2, 'learner-2'));
    const { sent, send } = sender({ mine: { kind: 'retry' } });
    await flushCompletions(store, 'learner-1', send);
    expect(sent).toEqual(['mine']);
    await forgetCompletionsOf('learner-1');
    expect((await store.all()).map((queued) => queued.key)).toEqual(['theirs']);
  });

  it('treats 4xx answers as final, except an expired session, a timeout and rate limiting', () => {
    expect(outcomeOfFailure(409, 'COMPLETION_LESSON_LOCKED', 'locked')).toEqual({
      kind: 'refused',
      code: 'COMPLETION_LESSON_LOCKED',
      message: 'locked',
    });
    expect(outcomeOfFailure(400, 'VALIDATION', 'bad').kind).toBe('refused');
    for (const status of [401, 408, 429, 500, 503])
      expect(outcomeOfFailure(status, 'X', '').kind).toBe('retry');
  });
});

describe('what a refusal does to a queued run', () => {
  it('holds a run refused by the daily limit until the next (UTC) day begins', () => {
    expect(decideRefusal(FREE_LESSON_LIMIT_REACHED, Date.UTC(2026, 10, 28, 23, 59))).toEqual({
      kind: 'hold',
      until: Date.UTC(2026, 10, 29),
    });
    expect(decideRefusal(FREE_LESSON_LIMIT_REACHED, Date.UTC(2026, 10, 29))).toEqual({
      kind: 'hold',
      until: Date.UTC(2026, 10, 30),
    });
  });

  it('refuses for good what is wrong with the run itself', () => {
    for (const code of ['COMPLETION_LESSON_LOCKED', 'COMPLETION_INVALID_ANSWER', 'VALIDATION_FAILED']) {
      expect(decideRefusal(code, Date.UTC(2026, 10, 28, 12))).toEqual({ kind: 'refuse' });
    }
  });
});

describe('sending a queued run', () => {
  const queued = entry('key-1', 1);

  it('retries later when there is no network', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await sendQueuedCompletion(queued)).toEqual({ kind: 'retry' });
  });

  it("records the server's refusal with its code", async () => {
    const body = { error: { code: 'COMPLETION_LESSON_LOCKED', message: 'This lesson is not open yet.' } };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 409 })));
    expect(await sendQueuedCompletion(queued)).toEqual({
      kind: 'refused',
      code: 'COMPLETION_LESSON_LOCKED',
      message: 'This lesson is not open yet.',
    });
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/lessons/7/complete');
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({ idempotencyKey: 'key-1' });
  });

  it('keeps a run the server answered with the limit, and sends it again the next day', async () => {
    const limited: CompletionOutcome = {
      committed: false,
      rightAnswers: 4,
      errorCount: 0,
      wordsLearned: 0,
      points: { correctAnswers: 0, moreWords: 0, topicFinished: 0, blitzPassed: 0, courseFinished: 0 },
      pointsTotal: 0,
      events: [],
      newStatus: null,
      route: { path: '/limit' },
      openedTopicIds: [],
      statistics: emptyStatistics(),
      freeLessonsLeft: 0,
    };
    const counted: CompletionOutcome = { ...limited, committed: true, route: { path: '/dashboard' } };
    const answers = [limited, counted];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: 200 })),
    );
    const noon = Date.UTC(2026, 10, 28, 12);
    await store.put(queued);
    expect(await flushCompletions(store, 'learner-1', sendQueuedCompletion, () => noon)).toMatchObject({
      sent: 0,
      held: 1,
    });
    expect(await store.all()).toMatchObject([
      { key: 'key-1', state: 'waiting', heldUntil: Date.UTC(2026, 10, 29) },
    ]);
    await flushCompletions(store, 'learner-1', sendQueuedCompletion, () => noon + 60_000);
    expect(fetch).toHaveBeenCalledTimes(1);

    const nextDay = Date.UTC(2026, 10, 29, 0, 1);
    expect(await flushCompletions(store, 'learner-1', sendQueuedCompletion, () => nextDay)).toMatchObject({
      sent: 1,
      held: 0,
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    // The same run, under the same key: the server counts it once.
    const keys = vi
      .mocked(fetch)
      .mock.calls.map(
        ([, init]) => (JSON.parse(String(init?.body)) as { idempotencyKey: string }).idempotencyKey,
      );
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(await store.all()).toEqual([]);
  });

  it('retries when a proxy says the API is gone', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status: 502 })));
    expect(await sendQueuedCompletion(queued)).toEqual({ kind: 'retry' });
  });
});
