import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { exerciseSchema } from '@parlo/core/exercises/registry';
import { afterEach, describe, expect, it } from 'vitest';
import { exercisesWithoutItemKey, lacksGender } from './build-catalogue.ts';
import { builtPhraseSchema } from './built-catalogue.ts';
import { checkContent, formatCoverage } from './check-content.ts';
import { formatProblem } from './problems.ts';
import { contentRoot } from './paths.ts';

const fixtureCourses = path.join(contentRoot, 'build', 'fixtures', 'courses');
const displayRoot = path.dirname(contentRoot);
const scratchDirs: string[] = [];

function scratchCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-content-'));
  scratchDirs.push(dir);
  fs.cpSync(fixtureCourses, path.join(dir, 'courses'), { recursive: true });
  return dir;
}

function check(coursesDir: string, options: { strict?: boolean } = {}) {
  return checkContent({
    coursesDir,
    distDir: path.join(coursesDir, '..', 'dist'),
    displayRoot,
    expected: ['de', 'ja'],
    ...options,
  });
}

const programFile = (dir: string) => path.join(dir, 'courses', 'de', 'programs', 'a1-tiny.yaml');

/** Replaces one line of the copied program file and answers its 1-based line number. */
function editLine(dir: string, find: string, replace: string): number {
  const lines = fs.readFileSync(programFile(dir), 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(find));
  expect(index).toBeGreaterThanOrEqual(0);
  lines[index] = (lines[index] ?? '').replace(find, replace);
  fs.writeFileSync(programFile(dir), lines.join('\n'));
  return index + 1;
}

afterEach(() => {
  for (const dir of scratchDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('content check on the fixture course', () => {
  it('passes and builds every exercise type for every speaker', () => {
    const result = check(fixtureCourses);
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(result.ok).toBe(true);
    const catalogue = result.build?.catalogue;
    expect(catalogue).toBeDefined();
    // German is offered to the nine other languages, Japanese (soon) to all ten.
    expect(catalogue?.packages.filter((pkg) => pkg.course === 'de').map((pkg) => pkg.spoken)).toEqual([
      'en',
      'ar',
      'es',
      'fr',
      'it',
      'pt',
      'ru',
      'zh',
      'tr',
    ]);
    expect(catalogue?.packages.filter((pkg) => pkg.course === 'ja' && pkg.soon)).toHaveLength(10);
    const exercises = (catalogue?.packages ?? [])
      .flatMap((pkg) => pkg.programs)
      .flatMap((program) => program.topics)
      .flatMap((topic) => topic.lessons)
      .flatMap((lesson) => lesson.exercises);
    expect(new Set(exercises.map((exercise) => exercise.type)).size).toBe(15);
    for (const exercise of exercises) {
      const parsed = exerciseSchema.safeParse({
        ...exercise.fields,
        type: exercise.type,
        id: 1,
        lessonId: 1,
        blitz: exercise.blitz,
        enabled: true,
        order: 0,
      });
      expect(parsed.success, exercise.key).toBe(true);
    }
    expect(formatCoverage(result.coverage)[0]).toContain('missing tr');
  });

  it('builds the same catalogue twice (distractors are seeded, not random)', () => {
    expect(check(fixtureCourses).build?.catalogue.hash).toBe(check(fixtureCourses).build?.catalogue.hash);
  });

  it('expands picture and option exercises with one correct option', () => {
    const english = check(fixtureCourses).build?.catalogue.packages.find((pkg) => pkg.key === 'en:de');
    const lesson = english?.programs[0]?.topics[1]?.lessons[1];
    const choosePicture = lesson?.exercises.find((exercise) => exercise.type === 4);
    expect(choosePicture?.fields.type4_word).toBe('der Tee');
    expect(
      (choosePicture?.fields.type4_images as string[]).every((url) =>
        /^\/media\/pictures\/[0-9A-F-]+\.svg$/.test(url),
      ),
    ).toBe(true);
    expect((choosePicture?.fields.type4_isCorrect as boolean[]).filter(Boolean)).toHaveLength(1);
    // The first two choice exercises of a regular lesson are blitz exercises by default.
    expect(lesson?.exercises.filter((exercise) => exercise.blitz).map((exercise) => exercise.type)).toEqual([
      4, 3,
    ]);
  });
});

describe('content check on broken content', () => {
  it('names the file and line of a corrupted exercise and fails', () => {
    const dir = scratchCopy();
    const line = editLine(dir, 'missing: kalt,', 'missing: heiß,');
    const result = check(path.join(dir, 'courses'));
    expect(result.ok).toBe(false);
    expect(result.build).toBeNull();
    const messages = result.problems.filter((problem) => problem.severity === 'error').map(formatProblem);
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`a1-tiny\\.yaml:${line}: .*heiß`)));
  });

  it('builds swappable coordinated items into types 9 and 10, and refuses a group that does not fit', () => {
    const dir = scratchCopy();
    editLine(
      dir,
      'text: Ich trinke Kaffee.',
      'text: Ich trinke Kaffee und Tee.\n        swap: [[Kaffee, Tee]]',
    );
    const built = check(path.join(dir, 'courses'));
    expect(built.problems.filter((problem) => problem.severity === 'error').map(formatProblem)).toEqual([]);
    const exercises = (built.build?.catalogue.packages ?? [])
      .filter((pkg) => pkg.course === 'de' && pkg.spoken === 'en')
      .flatMap((pkg) =>
        pkg.programs.flatMap((p) => p.topics.flatMap((t) => t.lessons.flatMap((l) => l.exercises))),
      );
    const marked = exercises.filter((exercise) => exercise.itemKey === 'de:ich-trinke-kaffee');
    expect(marked.find((exercise) => exercise.type === 9)?.fields.type9_swaps).toEqual([['Kaffee', 'Tee']]);
    expect(marked.find((exercise) => exercise.type === 10)?.fields.type10_swaps).toEqual([['Kaffee', 'Tee']]);
    // Types that are not built from chips do not carry it.
    expect(marked.filter((exercise) => 'type11_swaps' in exercise.fields)).toEqual([]);
    // Each marked order was put through the answer check (answers/listed-answers.ts).
    expect(built.listedAnswers?.swapped).toBeGreaterThanOrEqual(2);

    const line = editLine(dir, 'swap: [[Kaffee, Tee]]', 'swap: [[Kaffee, Milch]]');
    const broken = check(path.join(dir, 'courses'));
    expect(broken.ok).toBe(false);
    const messages = broken.problems.filter((problem) => problem.severity === 'error').map(formatProblem);
    expect(messages).toContainEqual(
      expect.stringMatching(new RegExp(`a1-tiny\\.yaml:${line}: swap: 'Milch' is not a whole word`)),
    );
  });

  it('shows a noun gender where only the word is shown, never where it is spoken or typed', () => {
    const dir = scratchCopy();
    editLine(dir, 'text: die Milch', 'text: die Milch\n        gender: f');
    const result = check(path.join(dir, 'courses'));
    expect(result.problems.filter((problem) => problem.severity === 'error').map(formatProblem)).toEqual([]);
    const milk = (result.build?.catalogue.packages ?? [])
      .filter((pkg) => pkg.course === 'de' && pkg.spoken === 'en')
      .flatMap((pkg) =>
        pkg.programs.flatMap((p) => p.topics.flatMap((t) => t.lessons.flatMap((l) => l.exercises))),
      )
      .filter((exercise) => exercise.itemKey === 'de:milch');
    expect(milk.length).toBeGreaterThan(0);
    for (const exercise of milk) {
      expect(exercise.itemText).toBe('die Milch (f.)');
      const fields = exercise.fields;
      if (exercise.type === 1) expect(fields).toMatchObject({ type1_word: 'die Milch', type1_gender: 'f' });
      for (const key of ['type2_word', 'type4_word', 'type5_word', 'type15_word'])
        if (key in fields) expect(fields[key]).toBe('die Milch (f.)');
      for (const key of ['type6_word', 'type13_word_or_phrase'])
        if (key in fields) expect(fields[key]).toBe('die Milch');
    }
    editLine(dir, 'gender: f', 'gender: n');
    expect(check(path.join(dir, 'courses')).ok).toBe(false);
  });

  it('asks a French noun whose article hides its gender to carry it', () => {
    expect(lacksGender('fr', { text: "l'heure" })).toBe(true);
    expect(lacksGender('fr', { text: 'l’hôtel' })).toBe(true);
    expect(lacksGender('fr', { text: 'les lunettes' })).toBe(true);
    expect(lacksGender('fr', { text: "l'heure", gender: 'f' })).toBe(false);
    expect(lacksGender('fr', { text: 'la pomme' })).toBe(false);
    expect(lacksGender('fr', { text: 'le pain' })).toBe(false);
    expect(lacksGender('fr', { text: 'lesbienne' })).toBe(false);
    expect(lacksGender('de', { text: 'die Eltern' })).toBe(false);
  });

  it('reports YAML syntax errors with their line', () => {
    const dir = scratchCopy();
    const line = editLine(dir, 'text: der Tee', 'text: [der Tee');
    const result = check(path.join(dir, 'courses'));
    expect(result.ok).toBe(false);
    const error = result.problems.find((problem) => problem.severity === 'error');
    expect(error?.file).toMatch(/a1-tiny\.yaml$/);
    expect(error?.line).toBeGreaterThanOrEqual(line);
  });

  it('rejects unknown pictures, references and keys', () => {
    const dir = scratchCopy();
    const pictureLine = editLine(dir, 'picture: 1F375', 'picture: 1FFFF');
    const referenceLine = editLine(dir, 'choose-translation: wasser', 'choose-translation: wine');
    const keyLine = editLine(dir, 'basic: true', 'basics: true');
    const errors = check(path.join(dir, 'courses')).problems.filter(
      (problem) => problem.severity === 'error',
    );
    expect(errors.map((error) => error.line)).toEqual(
      expect.arrayContaining([pictureLine, referenceLine, keyLine]),
    );
  });

  it('reports a missing translation as a shortfall: not offered, not an error, fails only --strict', () => {
    const dir = scratchCopy();
    editLine(dir, ' tr: çay }', ' }'.replace(' }', '}'));
    const result = check(path.join(dir, 'courses'));
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.coverage.find((row) => row.course === 'de' && row.spoken === 'tr')).toMatchObject({
      offered: false,
      missingTranslations: 1,
    });
    expect(result.build?.catalogue.packages.some((pkg) => pkg.key === 'tr:de')).toBe(false);
    expect(check(path.join(dir, 'courses'), { strict: true }).ok).toBe(false);
  });

  it('does not crash without a courses folder', () => {
    const result = check(path.join(os.tmpdir(), 'parlo-no-such-folder'));
    expect(result.ok).toBe(true);
    expect(result.shortfalls).toContain('de: course not written yet');
  });

  it('the command prints file:line and exits non-zero', async () => {
    const dir = scratchCopy();
    const line = editLine(dir, 'listen-and-speak: hallo', 'listen-and-speak: tschuess');
    const run = promisify(execFile);
    const failure = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(contentRoot, 'build', 'cli', 'content-check.ts'),
        '--courses',
        path.join(dir, 'courses'),
      ],
      { cwd: displayRoot },
    ).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failure && failure.code).toBe(1);
    expect('stderr' in failure ? failure.stderr : '').toMatch(
      new RegExp(`a1-tiny\\.yaml:${line}: unknown word or phrase 'tschuess'`),
    );
  }, 30_000);
});

describe('content check on a copy of a real course', () => {
  it('fails with the file and line of one corrupted exercise in the German course', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-real-'));
    scratchDirs.push(dir);
    fs.cpSync(path.join(contentRoot, 'courses', 'de'), path.join(dir, 'courses', 'de'), { recursive: true });
    const file = path.join(dir, 'courses', 'de', 'programs', 'a1-first-steps.yaml');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const index = lines.findIndex((line) => /^\s+- choose-translation: \S+$/.test(line));
    expect(index).toBeGreaterThan(0);
    lines[index] = lines[index]!.replace(/choose-translation: \S+$/, 'choose-translation: no-such-word');
    fs.writeFileSync(file, lines.join('\n'));

    const result = checkContent({
      coursesDir: path.join(dir, 'courses'),
      distDir: path.join(dir, 'dist'),
      displayRoot: dir,
      expected: ['de'],
    });
    expect(result.ok).toBe(false);
    expect(result.build).toBeNull();
    const messages = result.problems.filter((problem) => problem.severity === 'error').map(formatProblem);
    expect(messages).toContainEqual(
      expect.stringMatching(new RegExp(`a1-first-steps\\.yaml:${index + 1}: .*no-such-word`)),
    );
    // The whole German course (three programs, spell-checked): ~30 s alone, several times that beside other
    // test files on a busy two-core machine, and the course keeps growing.
  }, 300_000);
});

describe('audio coverage', () => {
  it('counts texts no voice can speak as missing (failing --strict) and reports pre-generation apart', () => {
    const dir = scratchCopy();
    editLine(dir, 'text: der Tee', `text: der Tee ${'und noch mehr Tee '.repeat(20)}`);
    const result = check(path.join(dir, 'courses'));
    const row = result.coverage.find((candidate) => candidate.course === 'de');
    expect(row?.missingAudio).toBe(1);
    expect(row?.pregeneratedAudio).toBe(0);
    expect(row?.audioTexts).toBeGreaterThan(1);
    expect(result.shortfalls).toContain('de: 1 texts no voice can speak');
    expect(check(path.join(dir, 'courses'), { strict: true }).ok).toBe(false);
    expect(check(fixtureCourses).coverage.every((candidate) => candidate.missingAudio === 0)).toBe(true);
  });
});

describe('pronunciation override (say:, issue 31)', () => {
  it('carries say: into the catalogue, and numbers each text by the first lesson that plays it', () => {
    const dir = scratchCopy();
    editLine(dir, 'text: Guten Morgen!', 'text: Guten Morgen!\n        say: Guten Moorgen!');
    const result = check(path.join(dir, 'courses'));
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const phrases = result.build?.catalogue.phrases ?? [];
    const phrase = (text: string) => phrases.find((candidate) => candidate.text === text);
    expect(phrase('Guten Morgen!')).toMatchObject({ language: 'de', say: 'Guten Moorgen!' });
    expect(phrase('Hallo')).toMatchObject({ say: null });
    // The rules lesson is lesson 0; 'hello' (lesson 1) plays Hallo; the drinks lessons come later.
    expect(phrase('Hallo')?.position).toBe(1);
    expect(phrase('Guten Morgen!')?.position).toBe(1);
    expect(phrase('die Milch')?.position).toBeGreaterThan(1);
  });

  it('reads a catalogue built before say: and position existed', () => {
    expect(builtPhraseSchema.parse({ language: 'de', hash: '0123456789abcdef', text: 'Hallo' })).toEqual({
      language: 'de',
      hash: '0123456789abcdef',
      text: 'Hallo',
      say: null,
      position: 0,
    });
  });

  it('refuses a say: that repeats the text, at its line', () => {
    const dir = scratchCopy();
    const line = editLine(dir, 'text: Guten Morgen!', 'text: Guten Morgen!\n        say: guten morgen!') + 1;
    const errors = check(path.join(dir, 'courses')).problems.filter(
      (problem) => problem.severity === 'error',
    );
    expect(errors.map(formatProblem)).toContainEqual(
      expect.stringMatching(new RegExp(`a1-tiny\\.yaml:${line}: 'say' repeats the text`)),
    );
  });

  it('the German and French courses use it for T-Shirt, E-Mail and a liaison natives do not make', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-real-'));
    scratchDirs.push(dir);
    for (const course of ['de', 'fr']) {
      fs.cpSync(path.join(contentRoot, 'courses', course), path.join(dir, 'courses', course), {
        recursive: true,
      });
      // The texts are in A1 and A2; without B1 (an absent program is work in progress, not an error) the
      // check takes half the time.
      for (const program of fs.readdirSync(path.join(dir, 'courses', course, 'programs'))) {
        if (program.startsWith('b1-')) fs.rmSync(path.join(dir, 'courses', course, 'programs', program));
      }
    }
    const result = checkContent({
      coursesDir: path.join(dir, 'courses'),
      distDir: path.join(dir, 'dist'),
      displayRoot: dir,
      expected: [],
      spellChecker: () => null,
    });
    const say = (language: string, text: string) =>
      result.build?.catalogue.phrases.find((phrase) => phrase.language === language && phrase.text === text)
        ?.say;
    expect(say('de', 'das T-Shirt')).toBe('das Tieschört');
    expect(say('de', 'die E-Mail')).toBe('die Iemehl');
    expect(say('de', 'Ich schreibe eine E-Mail.')).toBe('Ich schreibe eine Iemehl.');
    expect(say('fr', 'Les poules et les canards sont à la ferme.')).toBe(
      'Les poules, et les canards sont à la ferme.',
    );
  }, 120_000);
});

describe('item keys and the forgiving check (issue 16)', () => {
  it('gives every exercise the key of the word it practises, the same across types and speakers', () => {
    const catalogue = check(fixtureCourses).build?.catalogue;
    expect(catalogue).toBeDefined();
    if (!catalogue) return;
    expect(exercisesWithoutItemKey(catalogue)).toEqual([]);
    const exercises = catalogue.packages.flatMap((pkg) =>
      pkg.programs.flatMap((program) =>
        program.topics.flatMap((topic) => topic.lessons.flatMap((lesson) => lesson.exercises)),
      ),
    );
    const hallo = exercises.filter((exercise) => exercise.itemKey === 'de:hallo');
    expect(new Set(hallo.map((exercise) => exercise.type)).size).toBeGreaterThan(1);
    const broken = structuredClone(catalogue);
    const first = broken.packages[0]?.programs[0]?.topics[0]?.lessons.find((l) => l.exercises.length > 0);
    const exercise = first?.exercises[0];
    if (exercise) delete exercise.itemKey;
    expect(exercisesWithoutItemKey(broken)).toEqual([exercise?.key]);
  });

  it('warns when two words are the same answer to the forgiving check', () => {
    const dir = scratchCopy();
    editLine(dir, 'text: die Milch', 'text: Hällo');
    // A deliberate near-miss, so the spell check is told it is meant.
    fs.writeFileSync(path.join(dir, 'courses', 'de', 'spelling-allow.txt'), 'Hällo\n');
    const result = check(path.join(dir, 'courses'));
    expect(result.ok).toBe(true);
    const warnings = result.problems.filter((problem) => problem.message.includes('forgiving check'));
    expect(warnings.map((problem) => problem.message)).toContainEqual(
      expect.stringContaining("typed answer 'Hallo' also accepts 'Hällo' (milch)"),
    );
  });
});
