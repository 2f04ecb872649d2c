import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { seedTestCourse } from '../tests/factories/course.factory.ts';
import { freePort, startServerProcess, waitUntilHealthy, type ServerProcess } from './server-process.ts';

/*
 * CONTENT_DIST_DIR names the folder of built courses: the server started by `npm start` reads its pictures
 * from there, not from content/dist (which `npm test` has built by the time this runs).
 */
const dirs: string[] = [];
let server: ServerProcess | null = null;
afterAll(() => {
  server?.child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `parlo-${name}-`));
  dirs.push(dir);
  return dir;
}

describe('CONTENT_DIST_DIR', () => {
  it('serves the pictures of the folder it names', async () => {
    const dataDir = tempDir('content-dir-data');
    const seeding = await openDatabase({ kind: 'pglite', directory: dataDir });
    await seedTestCourse(seeding.db);
    await seeding.close();
    const distDir = tempDir('content-dir-dist');
    fs.mkdirSync(path.join(distDir, 'pictures'));
    const picture = '<svg xmlns="http://www.w3.org/2000/svg" data-from="CONTENT_DIST_DIR"></svg>';
    fs.writeFileSync(path.join(distDir, 'pictures', '1F44B.svg'), picture);

    const port = await freePort();
    server = startServerProcess(port, { DATA_DIR: dataDir, CONTENT_DIST_DIR: distDir });
    await waitUntilHealthy(port);
    const response = await fetch(`http://127.0.0.1:${port}/media/pictures/1F44B.svg`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(picture);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    server = null;
  }, 120_000);
});
