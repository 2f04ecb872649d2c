import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { health } from '@parlo/contract/health';
import { createTestApp, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { countStatements } from './support/statements.ts';

// Issue 15: every health check asked the database. A recent "up" now answers a burst of checks (the outage
// side — 503 at once, recovery at once — is in database-faults.test.ts and faults/pg-terminate).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health under a burst', () => {
  it('answers many checks from one database probe, with the security headers', async () => {
    const statuses: number[] = [];
    const statements = await countStatements(async () => {
      for (let index = 0; index < 30; index += 1) {
        const response = await injectCall(t.app, health);
        statuses.push(response.statusCode);
        expect(response.json()).toEqual({ status: 'ok', database: 'up' });
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      }
    });
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 200));
    // One probe, unless this machine took more than a second over thirty checks.
    expect(statements.filter((text) => /select 1/i.test(text)).length).toBeLessThanOrEqual(2);
    expect(statements.filter((text) => /select 1/i.test(text)).length).toBeGreaterThanOrEqual(1);
  });
});
