import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exercises, feedback, lessons } from '../../db/schema.ts';

export interface NewReport {
  userId: string | null;
  text: string;
  exerciseId?: number | undefined;
  answer?: string | undefined;
}

/** Stores one report; an exercise id that names no exercise is kept as text only. */
export async function saveReport(db: Database, report: NewReport): Promise<number> {
  const known =
    report.exerciseId === undefined
      ? undefined
      : (await db.select({ id: exercises.id }).from(exercises).where(eq(exercises.id, report.exerciseId)))[0]
          ?.id;
  const [stored] = await db
    .insert(feedback)
    .values({
      userId: report.userId,
      text: report.text,
      exerciseId: known ?? null,
      answer: report.answer ?? null,
    })
    .returning({ id: feedback.id });
  if (!stored) throw new Error('feedback row not created');
  return stored.id;
}

export interface ReportedAnswer {
  exerciseId: number;
  /** The exercise's key in the course sources (`<course>:<program>:<topic>:<lesson>:<n>`…), when imported. */
  sourceKey: string | null;
  exerciseType: number;
  /** The exercise's own fields: what it accepts today. */
  fields: Record<string, unknown>;
  lessonName: string;
  answer: string;
  reports: number;
}

/** Answers learners said should be accepted, per exercise and answer, the most reported first. */
export async function reportedAnswers(db: Database): Promise<ReportedAnswer[]> {
  const reports = sql<number>`count(*)::int`;
  return db
    .select({
      exerciseId: exercises.id,
      sourceKey: exercises.sourceKey,
      exerciseType: exercises.type,
      fields: exercises.fields,
      lessonName: lessons.name,
      answer: sql<string>`${feedback.answer}`,
      reports,
    })
    .from(feedback)
    .innerJoin(exercises, eq(exercises.id, feedback.exerciseId))
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(isNotNull(feedback.answer))
    .groupBy(exercises.id, lessons.name, feedback.answer)
    .orderBy(sql`count(*) desc`, asc(exercises.id), asc(feedback.answer));
}
