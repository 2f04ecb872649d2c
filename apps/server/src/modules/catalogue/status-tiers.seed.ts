import { localisedStatusTiers } from '@parlo/core/stats/status-names';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { languages, statuses } from '../../db/schema.ts';

/**
 * Gives every spoken language without status tiers the 15 default ones, named in that language. Run at
 * start and after a content import; languages that already have tiers (an operator's edits) are left alone.
 */
export async function ensureStatusTiers(db: Database): Promise<number> {
  const missing = await db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(sql`not exists (select 1 from ${statuses} where ${statuses.languageId} = ${languages.id})`);
  for (const language of missing) {
    await db.insert(statuses).values(
      localisedStatusTiers(language.code).map((tier) => ({
        languageId: language.id,
        name: tier.name,
        points: tier.points,
      })),
    );
  }
  return missing.length;
}
