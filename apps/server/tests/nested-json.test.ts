import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as loginCall } from '@parlo/contract/accounts';
import { callUrl } from '@parlo/contract/call';
import { sendFeedback } from '@parlo/contract/feedback';
import { health } from '@parlo/contract/health';
import { completeLesson } from '@parlo/contract/learning';
import { createTestApp, errorCode, registerLearner, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { flood, percentile, pollLatencies, request } from './support/latency.ts';

/*
 * Issue 30 item 2: 800 KB of 400,000 nested arrays costs JSON.parse ~130 ms of the event loop; ten a
 * second from one address (under the rate limit) froze every other request. Bodies nested deeper than
 * any call needs are refused before they are parsed, and each call takes only the body size it needs.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  // The flood stays under the rate limit, as it did in the report (10/s of 600/min).
  t = await createTestApp({ env: { RATE_LIMIT: '600' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  port = address.port;
});
afterAll(async () => {
  await t.close();
});

/** `[[[…]]]`, `depth` deep. */
const nestedArrays = (depth: number) => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const json = { 'content-type': 'application/json' };

describe('deeply nested JSON', () => {
  it('is refused 4xx, and a flood of it keeps health answering as fast as when idle (a ratio, same run)', async () => {
    const bomb = nestedArrays(400_000);
    await pollLatencies(port, callUrl(health), 500, 10); // warm up: the first answers compile the route
    const idle = await pollLatencies(port, callUrl(health), 3_000);
    const statuses: number[] = [];
    const bombs = flood(async () => {
      statuses.push(
        await request(port, {
          method: sendFeedback.method,
          path: callUrl(sendFeedback),
          headers: json,
          body: bomb,
        }),
      );
    }, 100);
    const during = await pollLatencies(port, callUrl(health), 3_000);
    await bombs.stop();
    const idleP99 = percentile(idle, 0.99);
    const duringP99 = percentile(during, 0.99);
    process.stdout.write(
      `nested-JSON flood: ${statuses.length} bombs; /api/health p99 idle ${idleP99.toFixed(1)} ms, ` +
        `during the flood ${duringP99.toFixed(1)} ms (×${(duringP99 / idleP99).toFixed(1)}); ` +
        `p50 ${percentile(idle, 0.5).toFixed(1)} → ${percentile(during, 0.5).toFixed(1)} ms\n`,
    );
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.every((status) => status >= 400 && status < 500)).toBe(true);
    expect(duringP99).toBeLessThan(10 * idleP99);
  }, 60_000);

  it('answers 400 JSON_TOO_DEEP to a body within the size limit nested deeper than any call needs', async () => {
    const sends = [
      [
        callUrl(sendFeedback),
        (rawBody: Buffer) => injectCall(t.app, sendFeedback, { headers: json, rawBody }),
      ],
      [callUrl(loginCall), (rawBody: Buffer) => injectCall(t.app, loginCall, { headers: json, rawBody })],
    ] as const;
    for (const [url, send] of sends) {
      const response = await send(nestedArrays(5_000));
      expect(response.statusCode, url).toBe(400);
      expect(errorCode(response)).toBe('JSON_TOO_DEEP');
    }
    // Brackets inside a string are text, however many.
    const report = await injectCall(t.app, sendFeedback, {
      body: { text: `exercise 12: ${'['.repeat(1_000)}` },
    });
    expect(report.statusCode, report.body).toBe(201);
  });

  it('keeps refusing prototype poisoning as before', async () => {
    const response = await injectCall(t.app, sendFeedback, {
      headers: json,
      rawBody: '{"text":"hi","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('body limits per call', () => {
  it('gives most calls a few KB and the answers of a lesson more', async () => {
    const tooLong = (bytes: number) =>
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(bytes) });
    const login = await injectCall(t.app, loginCall, { headers: json, rawBody: tooLong(20_000) });
    expect(login.statusCode).toBe(413);
    expect(errorCode(login)).toBe('BODY_TOO_LARGE');
    const feedback = await injectCall(t.app, sendFeedback, {
      headers: json,
      rawBody: JSON.stringify({ text: 'y'.repeat(40_000) }),
    });
    expect(feedback.statusCode).toBe(413);
    // A completion of 100 KB is read (and then judged on its content, not its size).
    const learner = await registerLearner(t.app);
    const attempts = Array.from({ length: 500 }, (_, index) => ({
      exerciseId: index + 1,
      answer: { text: 'z'.repeat(200) },
    }));
    const completion = await injectCall(t.app, completeLesson, {
      params: { lessonId: 1 },
      headers: learner.headers,
      body: { idempotencyKey: 'a-long-lesson-1', attempts },
    });
    expect(JSON.stringify({ attempts }).length).toBeGreaterThan(100_000);
    expect(completion.statusCode).not.toBe(413);
  });
});
