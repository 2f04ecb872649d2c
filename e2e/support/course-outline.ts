import type { APIRequestContext } from '@playwright/test';
import type { CatalogueOutline, CourseList } from '../../packages/contract/src/catalogue.ts';
import { expect } from '../fixtures/test.ts';

/*
 * What the specs look courses up in: the course list, then one spoken language's outline (courses →
 * programs → topics → lessons, without their texts). The whole catalogue holds every bundled course with
 * its texts, far more than a spec needs to find one course.
 */

export type OutlineTopic = CatalogueOutline['packages'][number]['programs'][number]['topics'][number];
export type OutlineLesson = OutlineTopic['lessons'][number];

/** The outline of the spoken language that `which` picks from the course list. */
export async function outlineOf(
  request: APIRequestContext,
  which: (language: CourseList[number]) => boolean,
): Promise<CatalogueOutline> {
  const listed = await request.get('/api/courses');
  expect(listed.status()).toBe(200);
  const language = ((await listed.json()) as CourseList).find(which);
  if (!language) throw new Error('no such spoken language in the course list');
  const outline = await request.get(`/api/languages/${language.id}/outline`);
  expect(outline.status()).toBe(200);
  return (await outline.json()) as CatalogueOutline;
}
