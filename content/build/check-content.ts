import fs from 'node:fs';
import { phraseAudioHash } from '@parlo/core/audio/phrase-audio';
import {
  buildCatalogue,
  exercisesWithoutItemKey,
  type BuildResult,
  type CourseReport,
} from './build-catalogue.ts';
import { readHouseAds } from './ads/house-ads.ts';
import { courseShortfalls, type CourseStats } from './course-stats.ts';
import { expectedCourses, loadCourses } from './format/load-courses.ts';
import { recordingFile, spokenText } from './audio/audio-cache.ts';
import { installedEngines, MAX_SPOKEN_LENGTH, recordingKey, voiceFor } from './audio/voices.ts';
import { speakersOf } from './languages.ts';
import { textTable } from './text-table.ts';
import { audioDirIn } from './paths.ts';
import { crossCheckPictures } from './pictures/cldr-cross-check.ts';
import { checkSharedPictures } from './pictures/shared-pictures.ts';
import { hasErrors, ProblemList, type Problem } from './problems.ts';
import { checkAcceptedAnswers, type AcceptedAnswersRow } from './answers/accepted-answers.ts';
import { checkListedAnswers, type ListedAnswersResult } from './answers/listed-answers.ts';
import { checkSpelling, hunspell, type SpellChecker, type SpellingRow } from './spelling/spell-check.ts';

export interface CheckOptions {
  coursesDir: string;
  distDir: string;
  /** Folder that file names in messages are relative to. */
  displayRoot: string;
  /** Fail on the acceptance thresholds too, not only on broken content. */
  strict?: boolean;
  /** Course folders that must exist (a missing one is a shortfall). */
  expected?: readonly string[];
  /** The house ads folder (content/ads) to validate too; left out by tests of course fixtures. */
  adsDir?: string;
  /** Hunspell by default; tests of course fixtures may pass another checker. */
  spellChecker?: SpellChecker;
}

/**
 * Every exercise type is used (issue 6); the size and shape of a course (words, sentences, topics, lessons,
 * reuse, production) are held to `courseThresholds` (course-stats.ts, issue 32). Enforced by `--strict`.
 */
export const thresholds = { types: 15 } as const;

export interface CoverageRow {
  course: string;
  spoken: string;
  offered: boolean;
  programs: number;
  topics: number;
  lessons: number;
  words: number;
  types: number;
  missingTranslations: number;
  /** Texts no voice can speak (no voice for the language, empty or over-long): learners would hear nothing. */
  missingAudio: number;
  /** Texts whose MP3 is already in the build output; the rest is synthesised on first request. */
  pregeneratedAudio: number;
  audioTexts: number;
  missingPictures: number;
}

export interface CheckResult {
  problems: Problem[];
  /** Null when an error stops the build. */
  build: BuildResult | null;
  coverage: CoverageRow[];
  /** Per course: whether its target text was spell-checked, and how many unknown words were found. */
  spelling: SpellingRow[];
  /** Per course: type-11 items, accepted answers per item and items a rule shows to be incomplete. */
  acceptedAnswers: AcceptedAnswersRow[];
  /** Listed answers (types 11, 13) and marked orders (9, 10) put through the answer check; null when not run. */
  listedAnswers: Omit<ListedAnswersResult, 'wrong'> | null;
  /** Per learnable course: programs, topics, lessons, words, sentences, reuse and production (issue 32). */
  courseStats: CourseStats[];
  shortfalls: string[];
  /** Exit status: broken content always fails; shortfalls fail only with `strict`. */
  ok: boolean;
}

export function checkContent(options: CheckOptions): CheckResult {
  const problems = new ProblemList();
  const courses = loadCourses(options.coursesDir, options.displayRoot, problems);
  const build = buildCatalogue(courses, problems);
  checkSharedPictures(courses, problems);
  const acceptedAnswers = checkAcceptedAnswers(courses, problems);
  const spelling = checkSpelling(options.coursesDir, courses, problems, options.spellChecker ?? hunspell);
  if (options.adsDir) readHouseAds(options.adsDir, options.displayRoot, problems, options.coursesDir);
  for (const report of build.reports) {
    for (const warning of crossCheckPictures(report.code, report.pictureWords)) problems.add(warning);
  }
  for (const key of exercisesWithoutItemKey(build.catalogue)) {
    problems.add({
      severity: 'error',
      file: key,
      line: 0,
      message: 'exercise has no item key (the word it practises)',
    });
  }
  // Only on a catalogue built without errors: the check parses each exercise as the server would.
  const listed = hasErrors(problems.items) ? null : checkListedAnswers(build.catalogue);
  for (const wrong of listed?.wrong ?? []) {
    problems.add({ severity: 'error', file: wrong.key, line: 0, message: wrong.message });
  }
  const coverage = build.reports.flatMap((report) => coverageRows(report, build, options.distDir));
  const shortfalls = findShortfalls(build.reports, coverage, options.expected ?? expectedCourses);
  const broken = hasErrors(problems.items);
  return {
    problems: problems.items,
    build: broken ? null : build,
    coverage,
    spelling,
    acceptedAnswers,
    listedAnswers: listed && { answers: listed.answers, swapped: listed.swapped },
    courseStats: build.reports.filter((report) => !report.soon).map((report) => report.stats),
    shortfalls,
    ok: !broken && (!options.strict || shortfalls.length === 0),
  };
}

function isSpeakable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_SPOKEN_LENGTH;
}

function coverageRows(report: CourseReport, build: BuildResult, distDir: string): CoverageRow[] {
  const voice = voiceFor(report.code, installedEngines());
  const pregeneratedAudio = voice
    ? report.audioTexts.filter((audio) =>
        fs.existsSync(
          recordingFile(
            audioDirIn(distDir),
            report.code,
            phraseAudioHash(audio.text),
            recordingKey(voice, spokenText(audio)),
          ),
        ),
      ).length
    : 0;
  const missingAudio = report.audioTexts.filter((audio) => !voice || !isSpeakable(spokenText(audio))).length;
  return speakersOf(report.code).map((spoken) => ({
    course: report.code,
    spoken,
    offered: build.catalogue.packages.some((pkg) => pkg.course === report.code && pkg.spoken === spoken),
    programs: report.programs,
    topics: report.topics,
    lessons: report.lessons,
    words: report.words,
    types: report.typesUsed.size,
    missingTranslations: report.missingTranslations.get(spoken)?.length ?? 0,
    missingAudio,
    pregeneratedAudio,
    audioTexts: report.audioTexts.length,
    missingPictures: report.missingPictures,
  }));
}

function findShortfalls(
  reports: readonly CourseReport[],
  rows: readonly CoverageRow[],
  expected: readonly string[],
): string[] {
  const shortfalls: string[] = [];
  for (const code of expected) {
    if (!reports.some((report) => report.code === code)) shortfalls.push(`${code}: course not written yet`);
  }
  for (const report of reports) {
    const course = report.code;
    for (const file of report.missingPrograms)
      shortfalls.push(`${course}: program file ${file} not written yet`);
    if (!report.soon) {
      shortfalls.push(...courseShortfalls(report.stats));
      if (report.typesUsed.size < thresholds.types)
        shortfalls.push(`${course}: ${report.typesUsed.size} types, needs ≥ ${thresholds.types}`);
    }
    const courseRows = rows.filter((row) => row.course === course);
    const missingTranslations = courseRows.reduce((sum, row) => sum + row.missingTranslations, 0);
    if (missingTranslations > 0) shortfalls.push(`${course}: ${missingTranslations} missing translations`);
    const first = courseRows[0];
    if (first && first.missingAudio > 0)
      shortfalls.push(`${course}: ${first.missingAudio} texts no voice can speak`);
    if (report.missingPictures > 0) shortfalls.push(`${course}: ${report.missingPictures} missing pictures`);
  }
  return shortfalls;
}

export function formatCoverage(rows: readonly CoverageRow[]): string[] {
  const header = [
    'course',
    'speaker',
    'offered',
    'programs',
    'topics',
    'lessons',
    'words',
    'types',
    'missing tr',
    'missing audio',
    'pre-generated',
    'missing pictures',
  ];
  const body = rows.map((row) => [
    row.course,
    row.spoken,
    row.offered ? 'yes' : 'no',
    String(row.programs),
    String(row.topics),
    String(row.lessons),
    String(row.words),
    `${row.types}/15`,
    String(row.missingTranslations),
    String(row.missingAudio),
    `${row.pregeneratedAudio}/${row.audioTexts}`,
    String(row.missingPictures),
  ]);
  return textTable(header, body);
}
