import fs from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { defaultCoursesDir } from '../paths.ts';
import { spokenLanguages, type SpokenLanguage } from '../languages.ts';
import { ProblemList } from '../problems.ts';

/**
 * Parlo's own ads (issue 11), kept as content: content/ads/banners.yaml and its pictures in
 * content/ads/images. `content:check` validates them like the courses; the server reads them through
 * `loadHouseAds`, so a broken banner file fails the check instead of showing a broken ad.
 */

export const defaultAdsDir = path.join(path.dirname(defaultCoursesDir), 'ads');
export const adImagesDirIn = (adsDir: string) => path.join(adsDir, 'images');

/** Where a banner may lead: in-app screens only, never another website. */
export const adDestinations = ['/offer', '/select-course'] as const;

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const AD_IMAGE_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

const textMap = z.record(z.string(), z.string().trim().min(1, 'must not be empty'));

const bannerSource = z.strictObject({
  id: z.string().regex(ID, 'ids are kebab-case ASCII (a-z, 0-9, -)'),
  kind: z.enum(['premium', 'course']),
  /** A course banner: the course (content/courses/<code>) it promotes; its name is the banner's title. */
  course: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
  href: z.enum(adDestinations),
  image: z.string().regex(AD_IMAGE_FILE, 'an image is a kebab-case .svg file in content/ads/images'),
  eyebrow: textMap,
  title: textMap.optional(),
  text: textMap,
  action: textMap,
});

const fileSchema = z.strictObject({ banners: z.array(bannerSource).min(1) });

export interface AdTexts {
  eyebrow: string;
  title: string;
  text: string;
  action: string;
}

export interface HouseAd {
  id: string;
  kind: 'premium' | 'course';
  /** The promoted course's code; its speakers never see the banner. */
  course: string | null;
  href: (typeof adDestinations)[number];
  image: string;
  /** Texts per interface language; a language missing here is an error of the check. */
  texts: Partial<Record<SpokenLanguage, AdTexts>>;
}

/** A course's names per spoken language, from its course.yaml. */
function courseNames(coursesDir: string, code: string): Record<string, string> | null {
  const file = path.join(coursesDir, code, 'course.yaml');
  if (!fs.existsSync(file)) return null;
  const data = parseDocument(fs.readFileSync(file, 'utf8')).toJS() as { name?: Record<string, string> };
  return data.name ?? null;
}

/** Reads and validates the house ads; every problem is added to `problems` with its file and line. */
export function readHouseAds(
  adsDir: string,
  displayRoot: string,
  problems: ProblemList,
  coursesDir = defaultCoursesDir,
): HouseAd[] {
  const file = path.join(adsDir, 'banners.yaml');
  const name = path.relative(displayRoot, file) || file;
  if (!fs.existsSync(file)) {
    problems.add({ severity: 'error', file: name, line: 1, message: 'file not found' });
    return [];
  }
  const lineCounter = new LineCounter();
  // Course banners share their texts through a YAML merge key (`<<: *course`).
  const doc = parseDocument(fs.readFileSync(file, 'utf8'), { lineCounter, merge: true, uniqueKeys: true });
  const source = {
    name,
    lineOf(at: readonly (string | number)[]) {
      for (let length = at.length; length >= 0; length -= 1) {
        const node = length === 0 ? doc.contents : doc.getIn(at.slice(0, length), true);
        const range = (node as { range?: [number, number, number] } | undefined)?.range;
        if (range) return lineCounter.linePos(range[0]).line;
      }
      return 1;
    },
  };
  const firstError = doc.errors[0];
  if (firstError) {
    problems.error(source, [], `YAML: ${firstError.message.split('\n')[0] ?? 'syntax error'}`);
    return [];
  }
  const parsed = fileSchema.safeParse(doc.toJS({ maxAliasCount: 100 }));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.error(source, issue.path as (string | number)[], issue.message);
    }
    return [];
  }

  const ads: HouseAd[] = [];
  const seen = new Set<string>();
  parsed.data.banners.forEach((banner, index) => {
    const at = ['banners', index];
    if (seen.has(banner.id)) problems.error(source, [...at, 'id'], `banner id ${banner.id} is used twice`);
    seen.add(banner.id);
    if (!fs.existsSync(path.join(adImagesDirIn(adsDir), banner.image))) {
      problems.error(source, [...at, 'image'], `image ${banner.image} not found in content/ads/images`);
    }
    let titles = banner.title;
    if (banner.kind === 'course') {
      const names = banner.course ? courseNames(coursesDir, banner.course) : null;
      if (!names) problems.error(source, [...at, 'course'], 'a course banner names an existing course');
      titles = names ?? {};
    } else if (!titles) {
      problems.error(source, at, 'a premium banner has a title');
    }
    const texts: HouseAd['texts'] = {};
    for (const language of spokenLanguages) {
      // A course is never offered to speakers of its own language, so its name has no entry for them.
      if (banner.course === language) continue;
      const entry = {
        eyebrow: banner.eyebrow[language],
        title: titles?.[language],
        text: banner.text[language],
        action: banner.action[language],
      };
      const missing = Object.entries(entry).filter(([, value]) => !value);
      if (missing.length > 0) {
        problems.error(
          source,
          at,
          `banner ${banner.id} has no ${language} text for ${missing.map(([key]) => key).join(', ')}`,
        );
        continue;
      }
      texts[language] = entry as AdTexts;
    }
    ads.push({
      id: banner.id,
      kind: banner.kind,
      course: banner.course ?? null,
      href: banner.href,
      image: banner.image,
      texts,
    });
  });
  return ads;
}

/** The house ads for the server: valid, or an error naming the first problem. */
export function loadHouseAds(adsDir = defaultAdsDir): HouseAd[] {
  const problems = new ProblemList();
  const ads = readHouseAds(adsDir, path.dirname(adsDir), problems);
  const first = problems.items.find((problem) => problem.severity === 'error');
  if (first) throw new Error(`house ads: ${first.file}:${first.line}: ${first.message}`);
  return ads;
}
