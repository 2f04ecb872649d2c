import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

export type SettingsRow = typeof settings.$inferSelect;
export type SettingsChange = Partial<Omit<typeof settings.$inferInsert, 'id' | 'userId'>>;

export async function findSettings(db: Database, id: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(settings).where(eq(settings.id, id)).limit(1);
  return row ?? null;
}

export async function updateSettings(
  db: Database,
  id: number,
  change: SettingsChange,
): Promise<SettingsRow | null> {
  const [row] = await db.update(settings).set(change).where(eq(settings.id, id)).returning();
  return row ?? null;
}
