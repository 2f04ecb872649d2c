import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuiltCatalogue } from '@parlo/content/built-catalogue';
import { checkContent } from '@parlo/content/check-content';
import { contentRoot } from '@parlo/content/paths';
import { writeBuildOutput } from '@parlo/content/write-output';

/** The content build's tiny fixture course (German, Japanese soon), not the real courses. */
export const fixtureCoursesDir = path.join(contentRoot, 'build', 'fixtures', 'courses');

/** A copy of the fixture courses that a test may edit. */
export function copyFixtureCourses(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-courses-'));
  fs.cpSync(fixtureCoursesDir, dir, { recursive: true });
  return dir;
}

/** Builds courses into `distDir` (catalogue, pictures, sound effects; no phrase audio). */
export async function buildFixtureContent(coursesDir: string, distDir: string): Promise<BuiltCatalogue> {
  const result = checkContent({ coursesDir, distDir, displayRoot: path.dirname(contentRoot), expected: [] });
  if (!result.build) {
    const errors = result.problems.filter((problem) => problem.severity === 'error');
    throw new Error(`fixture content is broken: ${JSON.stringify(errors)}`);
  }
  await writeBuildOutput(result.build.catalogue, distDir);
  return result.build.catalogue;
}
