import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { lessons } from '../src/db/schema.ts';
import { importedHash } from '../src/modules/content/content.repository.ts';
import { openDatabaseWithContent } from '../src/modules/content/content-startup.ts';
import { buildFixtureContent, fixtureCoursesDir } from './content-fixture.ts';
import { createScratchDatabase, testDatabaseKind } from './helper.ts';

// Issue 30: instances starting at once on an empty PostgreSQL database. Each opens it as `server.ts` does
// (migrations, then the course import in a child process, ADR 024); one imports while the other waits,
// which then finds the courses there instead of importing them a second time (two imports at once
// deadlocked one of them).

const importer = {
  entry: fileURLToPath(new URL('../src/import-content.ts', import.meta.url)),
  env: { ...process.env, LOG_LEVEL: 'silent' },
};
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A start's log, reduced to the messages it wrote. */
function startLog() {
  const messages: string[] = [];
  const write = (_fields: unknown, message?: string) => void messages.push(message ?? String(_fields));
  return { log: { info: write, warn: write, error: write }, messages };
}

describe.skipIf(testDatabaseKind !== 'postgres')('concurrent first start on PostgreSQL', () => {
  it('imports the courses once; the other instance waits and finds them', async () => {
    const scratch = await createScratchDatabase();
    cleanups.push(() => scratch.drop());
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-dist-'));
    cleanups.push(() => fs.rmSync(distDir, { recursive: true, force: true }));
    const catalogue = await buildFixtureContent(fixtureCoursesDir, distDir);

    const starts = [startLog(), startLog()];
    const handles: DatabaseHandle[] = await Promise.all(
      starts.map((start) =>
        openDatabaseWithContent({ kind: 'postgres', url: scratch.url }, distDir, start.log, {
          ...importer,
          env: { ...importer.env, DATABASE_URL: scratch.url },
        }),
      ),
    );
    for (const handle of handles) cleanups.push(() => handle.close());

    const messages = starts.map((start) => start.messages);
    expect(messages.flat().filter((message) => /failed/.test(message))).toEqual([]);
    expect(
      messages.map((list) => list.includes('database and content prepared by a child process')).sort(),
    ).toEqual([false, true]);
    expect(messages.flat().filter((message) => message === 'content unchanged')).toHaveLength(1);
    for (const handle of handles) {
      expect(await importedHash(handle.db)).toBe(catalogue.hash);
      expect((await handle.db.select({ id: lessons.id }).from(lessons)).length).toBeGreaterThan(0);
    }
  }, 120_000);
});
