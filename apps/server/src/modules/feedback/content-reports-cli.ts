import { openDatabase } from '../../db/client.ts';
import { loadEnv } from '../../env.ts';
import { reportedAnswers } from './feedback.repository.ts';
import { formatReportedAnswers } from './reported-answers.ts';

/**
 * `npm run content:reports`: lists the answers learners reported as wrongly marked, per exercise. Reads
 * DATABASE_URL, or the PGlite database in DATA_DIR (stop the server first: it holds that folder).
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', directory: env.DATA_DIR },
  );
  try {
    for (const line of formatReportedAnswers(await reportedAnswers(database.db))) {
      process.stdout.write(`${line}\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
