import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { ProblemList } from '../problems.ts';
import {
  blitzTopicSchema,
  courseSchema,
  normalTopicSchema,
  programSchema,
  type SourceBlitzTopic,
  type SourceCourse,
  type SourceLesson,
  type SourceNormalTopic,
  type SourcePhrase,
  type SourceProgram,
  type SourceWord,
} from './source-schema.ts';
import { readSourceFile, type SourceFile, type SourcePath } from './source-file.ts';

/** Where a value was written: its file and its path inside that file. */
export interface Located {
  file: SourceFile;
  path: SourcePath;
}

export interface LoadedWord extends Located {
  kind: 'word';
  data: SourceWord;
  topicId: string;
}
export interface LoadedPhrase extends Located {
  kind: 'phrase';
  data: SourcePhrase;
  topicId: string;
}
export type LoadedItem = LoadedWord | LoadedPhrase;

export interface LoadedLesson extends Located {
  data: SourceLesson;
}

export type LoadedTopic =
  | (Located & {
      kind: 'normal';
      data: SourceNormalTopic;
      words: LoadedWord[];
      phrases: LoadedPhrase[];
      lessons: LoadedLesson[];
    })
  | (Located & { kind: 'blitz'; data: SourceBlitzTopic });

export interface LoadedProgram extends Located {
  data: SourceProgram;
  topics: LoadedTopic[];
}

export interface LoadedCourse extends Located {
  /** The folder name under courses/, which must equal `code`. */
  folder: string;
  data: SourceCourse;
  programs: LoadedProgram[];
  /** Program files listed in course.yaml that do not exist yet. */
  missingPrograms: string[];
}

/** Course folders that are expected (content/README.md); a missing one is a shortfall, not an error. */
export const expectedCourses = ['en', 'de', 'fr', 'es', 'ja'] as const;

/**
 * Reads every course under `coursesDir`. Broken parts are reported and left out of the result, so one
 * problem does not hide the next; the caller refuses to build while any error is reported.
 */
export function loadCourses(coursesDir: string, displayRoot: string, problems: ProblemList): LoadedCourse[] {
  const folders = fs.existsSync(coursesDir)
    ? fs
        .readdirSync(coursesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  const courses: LoadedCourse[] = [];
  for (const folder of folders) {
    const course = loadCourse(path.join(coursesDir, folder), folder, displayRoot, problems);
    if (course) courses.push(course);
  }
  return courses;
}

function loadCourse(
  dir: string,
  folder: string,
  displayRoot: string,
  problems: ProblemList,
): LoadedCourse | null {
  const file = readSourceFile(path.join(dir, 'course.yaml'), displayRoot);
  if (!('data' in file)) {
    problems.add(file);
    return null;
  }
  const parsed = parseAt(courseSchema, file.data, file, [], problems);
  if (!parsed) return null;
  if (parsed.code !== folder) {
    problems.error(file, ['code'], `code '${parsed.code}' must equal the folder name '${folder}'`);
  }
  const programs: LoadedProgram[] = [];
  const missingPrograms: string[] = [];
  parsed.programs.forEach((relative, index) => {
    const programFile = readSourceFile(path.resolve(dir, relative), displayRoot);
    if (!('data' in programFile)) {
      // A missing file is the listing's fault; a broken file is reported where it breaks.
      // A listed file that does not exist yet is work in progress (a shortfall); a broken one is an error.
      if (programFile.message === 'file not found') {
        problems.warning(
          file,
          ['programs', index],
          `program file '${relative}' is not written yet: left out`,
        );
        missingPrograms.push(relative);
      } else {
        problems.add(programFile);
      }
      return;
    }
    const program = loadProgram(programFile, problems);
    if (program) programs.push(program);
  });
  return { folder, data: parsed, programs, missingPrograms, file, path: [] };
}

function loadProgram(file: SourceFile, problems: ProblemList): LoadedProgram | null {
  const data = parseAt(programSchema, file.data, file, [], problems);
  if (!data) return null;
  const topics: LoadedTopic[] = [];
  data.topics.forEach((raw, index) => {
    const topicPath = ['topics', index];
    if (raw !== null && typeof raw === 'object' && 'blitz' in raw) {
      const blitz = parseAt(blitzTopicSchema, raw, file, topicPath, problems);
      if (blitz) topics.push({ kind: 'blitz', data: blitz, file, path: topicPath });
      return;
    }
    const topic = parseAt(normalTopicSchema, raw, file, topicPath, problems);
    if (!topic) return;
    topics.push({
      kind: 'normal',
      data: topic,
      file,
      path: topicPath,
      words: topic.words.map((word, wordIndex) => ({
        kind: 'word',
        data: word,
        topicId: topic.id,
        file,
        path: [...topicPath, 'words', wordIndex],
      })),
      phrases: topic.phrases.map((phrase, phraseIndex) => ({
        kind: 'phrase',
        data: phrase,
        topicId: topic.id,
        file,
        path: [...topicPath, 'phrases', phraseIndex],
      })),
      lessons: topic.lessons.map((lesson, lessonIndex) => ({
        data: lesson,
        file,
        path: [...topicPath, 'lessons', lessonIndex],
      })),
    });
  });
  return { data, topics, file, path: [] };
}

/** Parses one value, reporting each schema issue at the line of the value it concerns. */
function parseAt<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  file: SourceFile,
  at: SourcePath,
  problems: ProblemList,
): z.output<Schema> | null {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const inner = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
    // An unknown key is reported on its own line, not on the line of the map holding it.
    const located = issue.code === 'unrecognized_keys' && issue.keys[0] ? [...inner, issue.keys[0]] : inner;
    const issuePath = [...at, ...inner];
    const where = issuePath.length > 0 ? `${issuePath.join('.')}: ` : '';
    problems.error(file, [...at, ...located], `${where}${describeIssue(issue)}`);
  }
  return null;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `unknown key(s) ${issue.keys.map((key) => `'${key}'`).join(', ')}`;
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `'${String(issue.path.at(-1))}' is required`;
  }
  return issue.message;
}
