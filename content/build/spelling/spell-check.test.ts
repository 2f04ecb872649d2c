import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../check-content.ts';
import { contentRoot } from '../paths.ts';
import { hunspell } from './spell-check.ts';

const fixtureCourses = path.join(contentRoot, 'build', 'fixtures', 'courses');
const displayRoot = path.dirname(contentRoot);
const scratchDirs: string[] = [];

/** A copy of the fixture courses with one German text misspelt. */
function misspeltCopy(find: string, replace: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-spelling-'));
  scratchDirs.push(dir);
  const courses = path.join(dir, 'courses');
  fs.cpSync(fixtureCourses, courses, { recursive: true });
  const file = path.join(courses, 'de', 'programs', 'a1-tiny.yaml');
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(find);
  fs.writeFileSync(file, text.replace(find, replace));
  return courses;
}

const check = (coursesDir: string, spellChecker = hunspell) =>
  checkContent({
    coursesDir,
    distDir: path.join(coursesDir, '..', 'dist'),
    displayRoot,
    expected: ['de'],
    spellChecker,
  });

const spellingErrors = (result: ReturnType<typeof check>) =>
  result.problems.filter((problem) => problem.severity === 'error' && problem.message.includes('dictionary'));

afterEach(() => {
  for (const dir of scratchDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// CI installs Debian's dictionaries (.ci/run); a machine without them reports the course as not checked.
const installed = hunspell('de_DE', ['Hallo']) !== null;

describe.runIf(installed)('spell check with hunspell', () => {
  it('passes the fixture course and reports it checked', () => {
    const result = check(fixtureCourses);
    expect(spellingErrors(result)).toEqual([]);
    expect(result.spelling).toEqual([
      expect.objectContaining({ course: 'de', dictionary: 'de_DE', checked: true, unknown: 0 }),
    ]);
  });

  it('fails on a misspelt word at the line that holds it, and the allow-list accepts it', () => {
    const courses = misspeltCopy('text: Hallo', 'text: Halllo');
    const result = check(courses);
    expect(result.ok).toBe(false);
    expect(spellingErrors(result)).toEqual([
      expect.objectContaining({
        file: expect.stringContaining('a1-tiny.yaml'),
        message: expect.stringContaining("'Halllo'"),
      }),
    ]);
    fs.writeFileSync(path.join(courses, 'de', 'spelling-allow.txt'), '# a deliberate form\nHalllo\n');
    expect(spellingErrors(check(courses))).toEqual([]);
  });
});

describe('spell check without a dictionary', () => {
  it('reports the course as not checked and fails nothing', () => {
    const courses = misspeltCopy('text: Hallo', 'text: Halllo');
    const result = check(courses, () => null);
    expect(spellingErrors(result)).toEqual([]);
    expect(result.spelling).toEqual([expect.objectContaining({ course: 'de', checked: false })]);
  });

  it('ignores numbers and times', () => {
    const result = check(fixtureCourses, () => new Set(['8h.', '16']));
    expect(spellingErrors(result)).toEqual([]);
  });
});
