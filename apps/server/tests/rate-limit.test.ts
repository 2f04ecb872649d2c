import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { login as loginCall, me, requestPasswordReset } from '@parlo/contract/accounts';
import { callUrl } from '@parlo/contract/call';
import { courses } from '@parlo/contract/catalogue';
import { countHits } from '../src/plugins/rate-limit-store.ts';
import {
  createTestApp,
  errorCode,
  secondInstance,
  statusesOf,
  testDatabaseKind,
  type TestApp,
} from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '5' } });
});
afterAll(async () => {
  await t.close();
});

describe('rate limits on sign-in', () => {
  it('answers 429 to a burst of logins from one address', async () => {
    const login = (remoteAddress: string) =>
      injectCall(t.app, loginCall, {
        remoteAddress,
        body: { email: `someone${Math.random()}@example.com`, password: 'guess it' },
      });
    const statuses = [];
    for (let attempt = 0; attempt < 8; attempt += 1) statuses.push((await login('10.9.8.7')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const limited = await login('10.9.8.7');
    expect(errorCode(limited)).toBe('TOO_MANY_REQUESTS');
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await login('10.9.8.8')).statusCode).toBe(401);
  });

  it('limits password-reset requests from one address', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await injectCall(t.app, requestPasswordReset, {
        remoteAddress: '10.7.7.7',
        body: { email: `nobody${attempt}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
  });
});

describe('the general limit (issue 30)', () => {
  let limited: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT: '5' } });
    other = await secondInstance(limited);
  });
  afterAll(async () => {
    await other.close();
    await limited.close();
  });

  it('counts requests refused for want of a session', async () => {
    const statuses = await statusesOf(limited.app, 7, {
      method: me.method,
      url: callUrl(me),
      remoteAddress: '10.5.5.5',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'PostgreSQL: is one count across the instances sharing the database',
    async () => {
      const request = { method: courses.method, url: callUrl(courses), remoteAddress: '10.6.6.6' };
      const first = await statusesOf(limited.app, 3, request);
      // Counted in the instance's memory, added to the shared row within a second.
      await vi.waitFor(
        async () => expect((await countHits(limited.database.db, 'global|10.6.6.6')).current).toBe(3),
        { timeout: 5_000 },
      );
      const second = await statusesOf(other, 4, request);
      expect([...first, ...second]).toEqual([200, 200, 200, 200, 200, 429, 429]);
    },
  );

  it.skipIf(testDatabaseKind !== 'postgres')(
    "PostgreSQL: writes a client's first request at once and the rest in one batch a second later",
    async () => {
      const request = { method: courses.method, url: callUrl(courses), remoteAddress: '10.6.6.7' };
      expect(await statusesOf(limited.app, 4, request)).toEqual([200, 200, 200, 200]);
      expect((await countHits(limited.database.db, 'global|10.6.6.7')).current).toBe(1);
      await vi.waitFor(
        async () => expect((await countHits(limited.database.db, 'global|10.6.6.7')).current).toBe(4),
        { timeout: 5_000 },
      );
      expect(await statusesOf(limited.app, 2, request)).toEqual([200, 429]);
    },
  );
});
