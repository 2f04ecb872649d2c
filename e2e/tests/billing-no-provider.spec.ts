import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newLearner, saveScreenshot } from '../fixtures/test.ts';

/*
 * Issue 29: a production server with no payment provider (no STRIPE_SECRET_KEY, no PAYMENTS=sandbox)
 * sells nothing. Its own server, since the suite's shared one runs the sandbox on purpose: the purchase
 * screens say subscriptions are unavailable, no form and no test card is offered, and the API refuses.
 */
const port = Number(process.env.E2E_PORT ?? 3999) + 2;
const baseURL = `http://127.0.0.1:${port}`;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  // Its own server compiles the TypeScript at start: over 40 s on a busy shared machine.
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-e2e-no-payments-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: path.join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      SCHEDULED_JOBS: 'false',
      PAYMENTS: '',
      STRIPE_SECRET_KEY: '',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.status, { timeout: 100_000 })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test.use({ baseURL });

test('without a payment provider the purchase screens say subscriptions are unavailable', async ({
  page,
}) => {
  const registered = await page.request.post('/api/users/register', { data: newLearner() });
  expect(registered.status(), await registered.text()).toBe(200);

  const bought = await page.request.post('/api/billing/create-customer', {
    data: {
      planId: '1_year',
      paymentMethod: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
      freeWeek: true,
    },
  });
  expect(bought.status()).toBe(503);
  expect(((await bought.json()) as { error: { code: string } }).error.code).toBe('SUBSCRIPTIONS_UNAVAILABLE');

  for (const screen of ['/offer', '/limit']) {
    await page.goto(screen);
    // The first screen of a server that compiled its TypeScript at start can be slow: allow for it.
    await expect(page.getByTestId('subscriptions-unavailable')).toHaveText(
      'Subscriptions are not available at the moment.',
      { timeout: 15_000 },
    );
    await expect(page.getByRole('button', { name: /Start my free week|Go Premium/ })).toHaveCount(0);
    await expect(page.getByText('4242')).toHaveCount(0);
  }
  await saveScreenshot(page, 'billing-unavailable-limit-1280-en');
});
