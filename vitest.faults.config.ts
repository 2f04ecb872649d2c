import { defineConfig } from 'vitest/config';

// Fault tests run real server processes (kill -9, PostgreSQL terminating connections): slower than the
// unit and API suites, so they have their own script, `npm run test:faults`, which `npm test` runs too.
export default defineConfig({
  test: {
    include: ['apps/server/faults/**/*.fault.test.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
