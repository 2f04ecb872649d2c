import { useQuery } from '@tanstack/react-query';
import { languages as languagesCall, type CatalogueLanguage } from '@parlo/contract/catalogue';
import { callApi } from './api-client.ts';

// The catalogue is shared by the landing page, the header pickers and onboarding, so it lives in lib.
export type SpokenLanguage = CatalogueLanguage;
export type CoursePackage = SpokenLanguage['packages'][number];
export type CatalogueProgram = CoursePackage['programs'][number];
export type CatalogueTopic = CatalogueProgram['topics'][number];
export type CatalogueLesson = CatalogueTopic['lessons'][number];

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;

export function useCatalogue() {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: async ({ signal }) => {
      const languages = await callApi(languagesCall, { signal });
      return languages
        .filter((language) => language.enabled)
        .sort(byOrder)
        .map((language) => ({
          ...language,
          packages: language.packages.filter((coursePackage) => coursePackage.enabled).sort(byOrder),
        }));
    },
    staleTime: 30 * 60_000,
    retry: 1,
  });
}

/**
 * The language whose courses the learner sees: the one they said they speak, else the one matching the
 * interface language, else the first.
 */
export function spokenLanguageFor(
  languages: readonly SpokenLanguage[],
  spokenLanguageId: number | null | undefined,
  interfaceLanguage: string,
): SpokenLanguage | undefined {
  return (
    languages.find((language) => language.id === spokenLanguageId) ??
    languages.find((language) => language.code.toLowerCase() === interfaceLanguage) ??
    languages[0]
  );
}

/** A course (package) wherever it sits in the catalogue, with the language that offers it. */
export function findCoursePackage(
  languages: readonly SpokenLanguage[],
  packageId: unknown,
): { language: SpokenLanguage; coursePackage: CoursePackage } | undefined {
  for (const language of languages) {
    const coursePackage = language.packages.find((item) => item.id === packageId);
    if (coursePackage) return { language, coursePackage };
  }
  return undefined;
}
