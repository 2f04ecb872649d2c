import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type TestApp } from './helper.ts';

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
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress,
        payload: { email: `someone${Math.random()}@example.com`, password: 'guess it' },
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
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/reset',
        remoteAddress: '10.7.7.7',
        payload: { email: `nobody${attempt}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
  });
});
