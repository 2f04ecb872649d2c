import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { importCatalogueFile } from './content-import.service.ts';

/**
 * Run at server start: imports the bundled content build when it changed since the last import. A failed
 * import is rolled back and logged; the server keeps serving the catalogue it already had.
 */
export async function importBundledContent(
  db: Database,
  distDir: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): Promise<void> {
  try {
    const result = await importCatalogueFile(db, distDir);
    if (!result) {
      log.warn({ distDir }, 'no built content: run `npm run content:build` (or `npm run build`)');
    } else if (result.changed) {
      log.info({ ...result.counts, ms: Math.round(result.milliseconds) }, 'content imported');
    } else {
      log.info({ hash: result.hash.slice(0, 12) }, 'content unchanged');
    }
  } catch (error) {
    log.error({ err: error, distDir }, 'content import failed: nothing was changed');
  }
}
