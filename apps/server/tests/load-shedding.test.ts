import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login as loginCall, me as meCall } from '@parlo/contract/accounts';
import { health as healthCall } from '@parlo/contract/health';
import { OVERLOAD_RETRY_AFTER_SECONDS } from '../src/plugins/load-shedding.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/*
 * Issue 30 item 3: an overloaded server answers 503 with Retry-After at once instead of queueing requests
 * for seconds. A tiny threshold and a blocked event loop stand in for the overload.
 */

let t: TestApp;
let learner: SignedIn;
/** A web build stand-in: the shell and one fingerprinted file. */
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-load-shedding-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Parlo</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'export {};');
  t = await createTestApp({
    env: { MAX_EVENT_LOOP_DELAY_MS: '20', WEB_DIST_DIR: dist },
    serveWebApp: true,
  });
  learner = await registerLearner(t.app);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Holds the event loop, as a request costing seconds of CPU would. */
function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function untilHealthy(): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if ((await injectCall(t.app, healthCall)).statusCode === 200) return true;
    await pause(200);
  }
  return false;
}

describe('load shedding on event-loop delay', () => {
  it('answers 503 OVERLOADED with Retry-After while the loop is late, health says so, and it recovers', async () => {
    // Building the app on PGlite held the loop too: start from a server that keeps time.
    expect(await untilHealthy()).toBe(true);
    blockEventLoop(1_500);
    // The delay is sampled every second; the late sample is taken as soon as the loop is free again.
    await vi.waitFor(
      async () =>
        expect((await injectCall(t.app, healthCall)).json()).toMatchObject({
          load: 'overloaded',
        }),
      { timeout: 5_000, interval: 10 },
    );

    const me = await injectCall(t.app, meCall, { headers: learner.headers });
    expect(me.statusCode).toBe(503);
    expect(errorCode(me)).toBe('OVERLOADED');
    expect(me.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    const login = await injectCall(t.app, loginCall, {
      body: { email: learner.email, password: learner.password },
    });
    expect(login.statusCode).toBe(503);
    expect(errorCode(login)).toBe('OVERLOADED');

    // A page and its files are still served (a file read each): the app meets the 503 above and says so
    // in the learner's language, where a refused page showed a browser the raw JSON error.
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Parlo</title>');
    const file = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('export {};');

    const health = await injectCall(t.app, healthCall);
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'degraded', database: 'up', load: 'overloaded' });
    expect(health.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));

    // Once the loop keeps time again (the next samples), everything answers as before.
    expect(await untilHealthy()).toBe(true);
    expect((await injectCall(t.app, meCall, { headers: learner.headers })).statusCode).toBe(200);
  }, 30_000);
});
