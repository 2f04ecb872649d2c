import { loadEnv } from '../env.ts';
import { backupDatabase, restoreDatabase, type BackupTarget } from './backup.ts';

/**
 * `npm run db:backup -- <file>` and `npm run db:restore -- <file>`: the database named by the environment
 * (DATABASE_URL, else the embedded one in DATA_DIR), as the server would open it. README "Backups".
 */
async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new Error('usage: npm run db:backup -- <file> | npm run db:restore -- <file>');
  }
  const env = loadEnv();
  const target: BackupTarget = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.DATA_DIR };
  const where =
    target.kind === 'postgres' ? 'the PostgreSQL database' : `the embedded database in ${env.DATA_DIR}`;
  if (command === 'backup') {
    await backupDatabase(target, file);
    process.stdout.write(`Backed up ${where} to ${file}\n`);
  } else {
    await restoreDatabase(target, file);
    process.stdout.write(`Restored ${file} into ${where}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
