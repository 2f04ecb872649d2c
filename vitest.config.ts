import os from 'node:os';
import { defineConfig } from 'vitest/config';

// The API suite runs on the embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const apiDatabases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

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
      ...apiDatabases.map((database) => ({
        test: {
          name: `api-${database}`,
          include: ['apps/server/tests/**/*.test.ts'],
          env: { PARLO_TEST_DB: database },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
