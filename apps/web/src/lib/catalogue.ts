import { useQuery } from '@tanstack/react-query';
import { courses as coursesCall, type CatalogueLanguage, type CourseList } from '@parlo/contract/catalogue';
import { callApi } from './api-client.ts';
import { courseListQueryKey } from './content-query.ts';

// The catalogue is shared by the landing page, the header pickers and onboarding, so it lives in lib.
export type SpokenLanguage = CatalogueLanguage;
export type CoursePackage = SpokenLanguage['packages'][number];
export type CatalogueProgram = CoursePackage['programs'][number];
export type CatalogueTopic = CatalogueProgram['topics'][number];
export type CatalogueLesson = CatalogueTopic['lessons'][number];
/** A spoken language with its courses and their programs, without topics (GET /api/courses). */
export type CourseListLanguage = CourseList[number];
export type ListedCourse = CourseListLanguage['packages'][number];

interface Ordered {
  order: number;
  id: number;
  enabled: boolean;
}

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;

/** Enabled languages and courses, in order (the server orders them too; the client does not rely on it). */
function enabledInOrder<L extends Ordered & { packages: Ordered[] }>(languages: L[]): L[] {
  return languages
    .filter((language) => language.enabled)
    .sort(byOrder)
    .map((language) => ({
      ...language,
      packages: language.packages.filter((coursePackage) => coursePackage.enabled).sort(byOrder),
    }));
}

/** Languages, courses and programs only: what the landing page and onboarding show, a few KB. */
export function useCourseList() {
  return useQuery({
    queryKey: courseListQueryKey,
    queryFn: async ({ signal }) => enabledInOrder(await callApi(coursesCall, { signal })),
    staleTime: 30 * 60_000,
    retry: 1,
  });
}

/**
 * The language whose courses the learner sees: the one they said they speak, else the one matching the
 * interface language, else the first.
 */
export function spokenLanguageFor<L extends { id: number; code: string }>(
  languages: readonly L[],
  spokenLanguageId: number | null | undefined,
  interfaceLanguage: string,
): L | undefined {
  return (
    languages.find((language) => language.id === spokenLanguageId) ??
    languages.find((language) => language.code.toLowerCase() === interfaceLanguage) ??
    languages[0]
  );
}

/** A course (package) wherever it sits in the catalogue, with the language that offers it. */
export function findCoursePackage<L extends { packages: ReadonlyArray<{ id: number }> }>(
  languages: readonly L[],
  packageId: unknown,
): { language: L; coursePackage: L['packages'][number] } | undefined {
  for (const language of languages) {
    const coursePackage = language.packages.find((item) => item.id === packageId);
    if (coursePackage) return { language, coursePackage };
  }
  return undefined;
}
