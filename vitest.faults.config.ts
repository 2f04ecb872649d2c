import { defineConfig } from 'vitest/config';

// Fault tests run real server processes (kill -9, PostgreSQL terminating connections): slower than the
// unit and API suites, so they have their own script, `npm run test:faults`, which `npm test` runs too.
export default defineConfig({
  test: {
    include: ['apps/server/faults/**/*.fault.test.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    // Two files at a time: the cluster test spends most of its time waiting for the next minute's scheduled
    // jobs, which the other files' crashes and imports fill. Each file has its own database and free ports.
    maxWorkers: 2,
  },
});
