import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFeedback } from '@parlo/contract/feedback';
import { feedback } from '../src/db/schema.ts';
import { createTestApp, errorCode, registerLearner, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const report = 'Language: English (1) / Course: German (2) / Exercise: 9 (type 3)\nProblems: other';

async function storedRow(id: number) {
  const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, id));
  return row;
}

describe('POST /api/feedback', () => {
  it('stores the report of a signed-in learner with their id', async () => {
    const learner = await registerLearner(t.app);
    const response = await injectCall(t.app, sendFeedback, {
      headers: learner.headers,
      body: { text: report },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.data;
    const row = await storedRow(id);
    expect(row?.text).toBe(report);
    expect(row?.userId).toBe(learner.userId);
  });

  it('stores a guest report without a user', async () => {
    const response = await injectCall(t.app, sendFeedback, { body: { text: `  ${report}  ` } });
    expect(response.statusCode).toBe(201);
    const row = await storedRow(response.data.id);
    expect(row?.text).toBe(report);
    expect(row?.userId).toBeNull();
  });

  it('refuses an empty or missing text with 400', async () => {
    for (const rawBody of [{ text: '' }, { text: '   ' }, {}]) {
      const response = await injectCall(t.app, sendFeedback, { rawBody });
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    }
    const response = await injectCall(t.app, sendFeedback, { body: { text: 'x'.repeat(4001) } });
    expect(response.statusCode).toBe(400);
  });

  it('is limited by the global rate limit (600 a minute per address)', async () => {
    const [before] = await t.database.db
      .select({ id: feedback.id })
      .from(feedback)
      .orderBy(desc(feedback.id))
      .limit(1);
    const send = () =>
      injectCall(t.app, sendFeedback, { remoteAddress: '10.20.30.40', body: { text: 'flood' } });
    let accepted = 0;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      if ((await send()).statusCode === 201) accepted += 1;
    }
    expect(accepted).toBe(600);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe('TOO_MANY_REQUESTS');
    const flood = await t.database.db
      .select({ id: feedback.id })
      .from(feedback)
      .where(eq(feedback.text, 'flood'));
    expect(flood.length).toBe(600);
    expect(flood.every((row) => row.id > (before?.id ?? 0))).toBe(true);
    // Another address still gets through.
    const other = await injectCall(t.app, sendFeedback, {
      remoteAddress: '10.20.30.41',
      body: { text: report },
    });
    expect(other.statusCode).toBe(201);
  }, 120_000);
});
