import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The API suite runs on the embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const apiDatabases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
/**
 * API tests that need a process of their own (below): what a process does when its first database opens,
 * and a mock of a module the app imports (`vi.mock` applies only where that module is not yet loaded).
 */
const ownProcess = [
  'apps/server/tests/named-statement-prepared.test.ts',
  'apps/server/tests/password-reset.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, CI's among them. The files are
    // independent (each API test has its own scratch database and free ports), so at least two run at once
    // (timings in bench/README.md, "Test suite time").
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
        },
      },
      { test: { name: 'content', include: ['content/**/*.test.ts'], testTimeout: 30_000 } },
      // The bench's pure parts only; the load itself runs with `npm run bench`, never in the tests.
      { test: { name: 'bench', include: ['bench/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'] } },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
        },
      },
      // Each API test file builds its own app on its own database, so a worker runs file after file in one
      // process (`isolate: false`): the server's modules and PGlite load once a worker, not once a file
      // (bench/README.md). The files that depend on a fresh process run isolated, as before.
      ...apiDatabases.flatMap((database) => {
        const api = { env: { PARLO_TEST_DB: database }, testTimeout: 30_000, hookTimeout: 60_000 };
        return [
          {
            test: {
              ...api,
              name: `api-${database}`,
              include: ['apps/server/tests/**/*.test.ts'],
              exclude: [...configDefaults.exclude, ...ownProcess],
              isolate: false,
            },
          },
          { test: { ...api, name: `api-${database}-own-process`, include: ownProcess } },
        ];
      }),
    ],
  },
});
