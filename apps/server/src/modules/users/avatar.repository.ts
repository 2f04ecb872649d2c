import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { avatars, users } from '../../db/schema.ts';

/** Stores the picture and points the user's avatar at it, together. */
export async function saveAvatar(
  db: Database,
  avatar: { userId: string; contentType: string; image: Buffer; version: string; url: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = {
      contentType: avatar.contentType,
      image: avatar.image,
      version: avatar.version,
      updatedAt: now,
    };
    await tx
      .insert(avatars)
      .values({ userId: avatar.userId, ...row })
      .onConflictDoUpdate({ target: avatars.userId, set: row });
    await tx.update(users).set({ avatar: avatar.url, updatedAt: now }).where(eq(users.id, avatar.userId));
  });
}

export async function findAvatar(db: Database, userId: string) {
  const [row] = await db
    .select({ contentType: avatars.contentType, image: avatars.image, version: avatars.version })
    .from(avatars)
    .where(eq(avatars.userId, userId))
    .limit(1);
  return row ?? null;
}
