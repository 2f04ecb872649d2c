import fs from 'node:fs';
import path from 'node:path';
import { defaultDistDir } from '@parlo/content/paths';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { importBundledContent } from '../../apps/server/src/modules/content/content-startup.ts';
import { seedTestCourse, testCoursePlan } from '../../apps/server/tests/factories/course.factory.ts';
import { seedAdLearners } from './seed-ad-learners.ts';
import { seedBillingLearners } from './seed-billing-learners.ts';

/*
 * Before an e2e server starts: its throw-away database (DATA_DIR), a copy of one prepared once per run
 * (PARLO_E2E_TEMPLATE_DIR, made by playwright.config.ts). It holds the API tests' small German course
 * spoken by 'Test learners' (all 15 exercise types, a blitz, basic topics), so browser tests play known
 * exercises with known answers whatever the real courses hold; the ad and billing learners; and the bundled
 * courses, imported. Playwright starts the servers one after another: each importing the courses itself
 * held up the run's start once per server (bench/README.md).
 */
const directory = process.env.DATA_DIR;
const root = process.env.PARLO_E2E_TEMPLATE_DIR;
if (!directory || !root) {
  throw new Error('DATA_DIR and PARLO_E2E_TEMPLATE_DIR name the e2e database folders');
}
const lock = path.join(root, 'lock');
const template = path.join(root, 'database');
const ready = path.join(root, 'ready');

/** Seeds the test learners' course and imports the bundled ones, as the server's first start would. */
async function prepareTemplate(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', directory: template });
  try {
    await seedTestCourse(database.db, testCoursePlan, { name: 'Test learners', code: 'test' });
    await seedAdLearners(database.db);
    await seedBillingLearners(database.db);
    const imported = await importBundledContent(
      database.db,
      process.env.CONTENT_DIST_DIR ?? defaultDistDir,
      console,
    );
    if (!imported) throw new Error('the bundled courses could not be imported');
  } finally {
    await database.close();
  }
  fs.writeFileSync(ready, '');
}

/** The first server of the run prepares the template; one started meanwhile waits for it. */
async function templateReady(): Promise<void> {
  try {
    fs.mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A bound, not a wait: as long as the servers' own start may take (playwright.config.ts).
    for (const deadline = Date.now() + 170_000; !fs.existsSync(ready);) {
      if (Date.now() > deadline) throw new Error(`no e2e database template in ${template}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return;
  }
  await prepareTemplate();
}

await templateReady();
fs.rmSync(directory, { recursive: true, force: true });
fs.cpSync(template, directory, { recursive: true });
console.log(`e2e: database ready in ${directory}`);
