import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags } from '../bench/src/web.ts';
import { e2eWorkers, ownSharedServer, serverSettings, sharedServer } from './support/servers.ts';

/*
 * The e2e suite drives Debian's Chromium (never a downloaded browser) against the real server, built web
 * app and a throw-away PGlite database. Workers inherit these variables from the runner process.
 */
if (!process.env.PARLO_E2E_DATA_DIR) {
  // Only the runner gets here (workers inherit the variable), so only the runner removes the folder it
  // made. On exit, not in a globalTeardown: Playwright runs that before it stops the web servers, which
  // still have their databases open. A folder given by the caller is theirs and is kept.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-e2e-'));
  process.env.PARLO_E2E_DATA_DIR = dataDir;
  process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
if (!process.env.PARLO_E2E_TEMPLATE_DIR) {
  // The run's servers start on copies of one database prepared once (support/prepare-database.ts).
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-e2e-template-'));
  process.env.PARLO_E2E_TEMPLATE_DIR = templateDir;
  process.once('exit', () => fs.rmSync(templateDir, { recursive: true, force: true }));
}
/** In a worker: its own server's address (in the runner: the first server's). */
const { baseURL } = ownSharedServer();

/** Secret access (SPEC §4) for tests that preview one exercise or skip the free-lesson limit. */
export const e2eSecret = 'e2e-secret-access-key-0123456789';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink without the browser
 * around it, so each screen costs a 2-core CI machine less (bench/README.md). What it lacks, a spec asks of
 * `fullChromium` (the shell denies the notification permission, so Web Push needs the full browser).
 */
const headlessShell = {
  executablePath: process.env.CHROMIUM_HEADLESS_PATH ?? '/usr/bin/chromium-headless-shell',
  args: chromiumFlags,
};
export const fullChromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Each worker has a server of its own (support/servers.ts); a file's tests stay in order in one worker.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // Two workers, two servers and two browsers share a 2-core CI machine: a step that takes 3 s alone can take
  // 8 s there, and over 10 s on a slow one (a worker's first sign-in). Bounds, not waits: a passing test is
  // as fast as before.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    launchOptions: headlessShell,
    // Only a retry records a trace (CI=1 retries once): a trace of every test, the passing ones included,
    // is a good part of the browser's work on a 2-core machine (bench/README.md). A failure keeps its
    // screenshot and error-context.md; `npx playwright test --trace on <spec>` records one to replay.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The app's service worker (issue 17) answers requests itself, so page.route() mocks would not see
    // them, and its caches would carry answers from one test into the next. Specs about offline use and
    // installing allow it themselves (offline-*.spec.ts).
    serviceWorkers: 'block',
    // Screens come to rest at once (the app honours reduced motion, ui.css): a test waits out no arrival
    // animation, and the browser draws no frames for them, on a 2-core machine that also runs the servers.
    // Specs about how the app moves ask for motion themselves.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: Array.from({ length: e2eWorkers }, (_, index) => sharedServer(index)).map((server) => ({
    name: `server ${server.port}`,
    command:
      // The server runs with local Google, Facebook and VK ID stand-ins (issue 12, e2e/support).
      'node --import tsx e2e/support/prepare-database.ts && node --import tsx e2e/support/serve-with-providers.ts',
    cwd: '..',
    url: `${server.baseURL}/api/health`,
    reuseExistingServer: false,
    // The first server also prepares the run's database (support/prepare-database.ts); a bound, not a wait.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...serverSettings(server),
      SECRET_ACCESS_KEY: e2eSecret,
      // Production takes no test cards unless told to (issue 29); the billing specs buy with them.
      PAYMENTS: 'sandbox',
      // One store listing set and one not: the landing must link the first and hide the second.
      APP_STORE_URL: 'https://apps.apple.com/app/parlo/id1234567890',
    },
  })),
});
