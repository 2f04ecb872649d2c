import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentPhrases, exercises, lessons, programs, topics } from '../../db/schema.ts';
import { toExercise } from '../catalogue/catalogue.repository.ts';

/** A text of the imported content that has a recording, and what the engine reads for it. */
export interface PhraseRow {
  language: string;
  hash: string;
  text: string;
  say: string | null;
}

const phraseColumns = {
  language: contentPhrases.language,
  hash: contentPhrases.hash,
  text: contentPhrases.text,
  say: contentPhrases.say,
};

export async function findPhrase(db: Database, language: string, hash: string): Promise<PhraseRow | null> {
  const [row] = await db
    .select(phraseColumns)
    .from(contentPhrases)
    .where(and(eq(contentPhrases.language, language), eq(contentPhrases.hash, hash)))
    .limit(1);
  return row ?? null;
}

export async function findPhrases(db: Database, language: string, hashes: string[]): Promise<PhraseRow[]> {
  if (hashes.length === 0) return [];
  return db
    .select(phraseColumns)
    .from(contentPhrases)
    .where(and(eq(contentPhrases.language, language), inArray(contentPhrases.hash, hashes)));
}

/** Every phrase, the ones early lessons play first (the content build's `position`). */
export async function phrasesInLessonOrder(db: Database): Promise<PhraseRow[]> {
  return db
    .select(phraseColumns)
    .from(contentPhrases)
    .orderBy(asc(contentPhrases.position), asc(contentPhrases.language), asc(contentPhrases.hash));
}

/** A lesson's exercises and its course language, or null for an unknown or disabled lesson. */
export async function lessonWithExercises(db: Database, lessonId: number) {
  const rows = await db
    .select({ exercise: exercises, language: programs.languageCode })
    .from(lessons)
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .innerJoin(programs, eq(programs.id, topics.programId))
    .innerJoin(exercises, and(eq(exercises.lessonId, lessons.id), eq(exercises.enabled, true)))
    .where(and(eq(lessons.id, lessonId), eq(lessons.enabled, true)));
  const language = rows[0]?.language;
  if (language === undefined) return null;
  return { language: language.toLowerCase(), exercises: rows.map((row) => toExercise(row.exercise)) };
}
