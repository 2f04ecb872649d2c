import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { languages } from '../../apps/server/src/db/schema.ts';
import { seedTestCourse, testCoursePlan } from '../../apps/server/tests/factories/course.factory.ts';
import { seedAdLearners } from './seed-ad-learners.ts';
import { seedBillingLearners } from './seed-billing-learners.ts';

/*
 * Before the e2e server starts: puts the API tests' small German course (all 15 exercise types, a blitz,
 * basic topics) into the throw-away database, spoken by 'Test learners', so browser tests play known
 * exercises with known answers whatever the real courses hold.
 */
const directory = process.env.DATA_DIR;
if (!directory) throw new Error('DATA_DIR must name the e2e database folder');

const database = await openDatabase({ kind: 'pglite', directory });
try {
  const existing = await database.db.select().from(languages).where(eq(languages.code, 'test'));
  if (existing.length === 0) {
    await seedTestCourse(database.db, testCoursePlan, { name: 'Test learners', code: 'test' });
    console.log('e2e: seeded the test course');
  }
  await seedAdLearners(database.db);
  await seedBillingLearners(database.db);
} finally {
  await database.close();
}
