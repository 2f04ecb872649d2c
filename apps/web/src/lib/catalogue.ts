import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';

// The catalogue is shared by the landing page, the header pickers and onboarding, so it lives in lib.
const lessonSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullish(),
    /** 0 regular lesson, 1 rules, 2 word review (SPEC §3). */
    type: z.number().default(0),
    order: z.number().default(0),
    html: z.string().nullish(),
  })
  .loose();

const topicSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    icon: z.string().nullish(),
    iconBw: z.string().nullish(),
    /** 0 normal, 2 blitz group (SPEC §3). */
    type: z.number().default(0),
    basic: z.boolean().default(false),
    html: z.string().nullish(),
    order: z.number().default(0),
    lessons: z.array(lessonSchema).default([]),
  })
  .loose();

const programSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullish(),
    packageId: z.number(),
    topics: z.array(topicSchema).default([]),
  })
  .loose();

const coursePackageSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    color: z.string().nullish(),
    icon: z.string().nullish(),
    soon: z.boolean().default(false),
    enabled: z.boolean().default(true),
    order: z.number().default(0),
    languageId: z.number(),
    programs: z.array(programSchema).default([]),
  })
  .loose();

const spokenLanguageSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    code: z.string(),
    icon: z.string().nullish(),
    order: z.number().default(0),
    enabled: z.boolean().default(true),
    packages: z.array(coursePackageSchema).default([]),
  })
  .loose();

const catalogueSchema = z.array(spokenLanguageSchema);

export type CatalogueLesson = z.infer<typeof lessonSchema>;
export type CatalogueTopic = z.infer<typeof topicSchema>;
export type CatalogueProgram = z.infer<typeof programSchema>;
export type CoursePackage = z.infer<typeof coursePackageSchema>;
export type SpokenLanguage = z.infer<typeof spokenLanguageSchema>;

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;

export function useCatalogue() {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: async ({ signal }) => {
      const languages = await apiRequest('/api/languages', { schema: catalogueSchema, signal });
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
