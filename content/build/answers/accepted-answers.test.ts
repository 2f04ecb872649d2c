import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../check-content.ts';
import { contentRoot } from '../paths.ts';
import { movablePoliteness, timeWordOrder } from './accepted-answers.ts';

describe('the time-word rule', () => {
  const rule = timeWordOrder(['morgen', 'tomorrow']);

  it('asks for the order with the time word inside when every answer opens with it', () => {
    expect(rule.missing(['Morgen habe ich eine Prüfung.'])).toContain("list the order with 'morgen' inside");
  });

  it('asks for the fronted order when no answer opens with the time word', () => {
    expect(rule.missing(['We fly to Rome tomorrow.'])).toContain("no answer opens with 'tomorrow'");
  });

  it('is satisfied by both orders, and leaves questions, greetings and other sentences alone', () => {
    expect(rule.missing(['Morgen habe ich eine Prüfung.', 'Ich habe morgen eine Prüfung.'])).toBeNull();
    expect(rule.missing(['Kommst du morgen?'])).toBeNull();
    expect(rule.missing(['Guten Morgen!'])).toBeNull();
    expect(rule.missing(['Ich habe Hunger.'])).toBeNull();
  });
});

describe('the politeness rule', () => {
  const rule = movablePoliteness('please');

  it('asks for please at the other end', () => {
    expect(rule.missing(['Open the window, please.'])).toContain('list it at the start too');
    expect(rule.missing(['Please open the window.'])).toContain('list it at the end too');
  });

  it('is satisfied by both positions and ignores answers without it', () => {
    expect(rule.missing(['Open the window, please.', 'Please open the window.'])).toBeNull();
    expect(rule.missing(['Yes, please.'])).toBeNull();
    expect(rule.missing(['Open the window.'])).toBeNull();
  });

  it('matches a phrase of several words', () => {
    const french = movablePoliteness("s'il vous plaît");
    expect(french.missing(["Un café, s'il vous plaît."])).toContain('at the start too');
    expect(french.missing(["Un café, s'il vous plaît.", "S'il vous plaît, un café."])).toBeNull();
  });
});

const fixtureCourses = path.join(contentRoot, 'build', 'fixtures', 'courses');
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the content check', () => {
  it('fails on a free translation whose answers a rule shows incomplete, and reports answers per item', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-answers-'));
    scratch.push(dir);
    const courses = path.join(dir, 'courses');
    fs.cpSync(fixtureCourses, courses, { recursive: true });
    const file = path.join(courses, 'de', 'programs', 'a1-tiny.yaml');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('text: Guten Morgen!', 'text: Morgen habe ich frei.'),
    );
    const check = () =>
      checkContent({
        coursesDir: courses,
        distDir: path.join(dir, 'dist'),
        displayRoot: dir,
        expected: ['de'],
        spellChecker: () => null,
      });

    const result = check();
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringContaining("free translation 'Morgen habe ich frei.'"),
      }),
    );
    expect(result.acceptedAnswers).toEqual([{ course: 'de', items: 1, answers: 1, incomplete: 1 }]);

    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, 'utf8')
        .replace(
          'text: Morgen habe ich frei.',
          'text: Morgen habe ich frei.\n        variants: [Ich habe morgen frei.]',
        ),
    );
    const fixed = check();
    expect(fixed.problems.filter((problem) => problem.message.includes('free translation'))).toEqual([]);
    expect(fixed.acceptedAnswers).toEqual([{ course: 'de', items: 1, answers: 2, incomplete: 0 }]);
  });
});
