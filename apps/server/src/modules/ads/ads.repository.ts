import { and, count, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adServes, languages, lessonCompletions, packages, users } from '../../db/schema.ts';

export type AdServe = typeof adServes.$inferSelect;

/** The code of a spoken language (`de`), or null when there is no such language. */
export async function languageCode(db: Database, languageId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: languages.code })
    .from(languages)
    .where(eq(languages.id, languageId))
    .limit(1);
  return row?.code ?? null;
}

/** The code of the course the learner is learning (packages are keyed `<spoken>:<course>`), if known. */
export async function currentCourseCode(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: packages.sourceKey })
    .from(users)
    .innerJoin(packages, eq(packages.id, users.learnedPackageId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.key?.split(':')[1] ?? null;
}

/** When the learner's account was created. */
export async function accountCreatedAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.createdAt ?? null;
}

/** The learner's newest serve of a placement after `since`, if any. */
export async function latestServeSince(
  db: Database,
  userId: string,
  placement: string,
  since: Date,
): Promise<AdServe | null> {
  const [row] = await db
    .select()
    .from(adServes)
    .where(and(eq(adServes.userId, userId), eq(adServes.placement, placement), gt(adServes.servedAt, since)))
    .orderBy(desc(adServes.servedAt))
    .limit(1);
  return row ?? null;
}

/** The newest lesson completion of the learner (its id), 0 when there is none. */
export async function newestCompletionId(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ newest: max(lessonCompletions.id) })
    .from(lessonCompletions)
    .where(eq(lessonCompletions.userId, userId));
  return row?.newest ?? 0;
}

/** Lessons (and blitzes) the learner completed since the last full-screen ad was served. */
export async function completionsSinceLastModal(db: Database, userId: string): Promise<number> {
  const [mark] = await db
    .select({ mark: max(adServes.completionMark) })
    .from(adServes)
    .where(and(eq(adServes.userId, userId), eq(adServes.placement, 'modal')));
  const [row] = await db
    .select({ completed: count() })
    .from(lessonCompletions)
    .where(and(eq(lessonCompletions.userId, userId), gt(lessonCompletions.id, mark?.mark ?? 0)));
  return row?.completed ?? 0;
}

export async function recordServe(
  db: Database,
  serve: Pick<AdServe, 'userId' | 'bannerId' | 'placement' | 'language' | 'completionMark' | 'servedAt'>,
): Promise<AdServe> {
  const [row] = await db.insert(adServes).values(serve).returning();
  if (!row) throw new Error('ad serve not recorded');
  return row;
}

/** Marks a serve clicked, once: true only for the learner's own, unclicked serve served after `since`. */
export async function recordClick(
  db: Database,
  userId: string,
  token: string,
  at: Date,
  since: Date,
): Promise<boolean> {
  const updated = await db
    .update(adServes)
    .set({ clickedAt: at })
    .where(
      and(
        eq(adServes.id, token),
        eq(adServes.userId, userId),
        isNull(adServes.clickedAt),
        gt(adServes.servedAt, since),
      ),
    )
    .returning({ id: adServes.id });
  return updated.length > 0;
}
