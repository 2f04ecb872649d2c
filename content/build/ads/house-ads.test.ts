import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spokenLanguages } from '../languages.ts';
import { ProblemList } from '../problems.ts';
import { adImagesDirIn, defaultAdsDir, loadHouseAds, readHouseAds } from './house-ads.ts';

describe('house ads', () => {
  it('ships banners for Premium and the courses, in every language their readers use', () => {
    const ads = loadHouseAds();
    expect(ads.filter((ad) => ad.kind === 'premium').length).toBeGreaterThanOrEqual(1);
    expect(ads.filter((ad) => ad.kind === 'course').map((ad) => ad.course)).toEqual(['en', 'de', 'fr', 'es']);
    for (const ad of ads) {
      const readers = spokenLanguages.filter((language) => language !== ad.course);
      expect(Object.keys(ad.texts).sort(), ad.id).toEqual([...readers].sort());
      expect(fs.existsSync(path.join(adImagesDirIn(defaultAdsDir), ad.image)), ad.image).toBe(true);
    }
    // A course banner is titled with the course's own name in the reader's language.
    expect(ads.find((ad) => ad.id === 'course-de')?.texts.fr?.title).toBe('Allemand');
  });

  it('reports a missing translation, a missing picture and a foreign destination with their lines', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-ads-'));
    fs.mkdirSync(adImagesDirIn(dir));
    const texts = (text: string, except = '') =>
      `{ ${spokenLanguages
        .filter((language) => language !== except)
        .map((language) => `${language}: ${text}`)
        .join(', ')} }`;
    fs.writeFileSync(
      path.join(dir, 'banners.yaml'),
      [
        'banners:',
        '  - id: no-arabic',
        '    kind: premium',
        '    href: /offer',
        '    image: missing.svg',
        `    eyebrow: ${texts('Premium')}`,
        `    title: ${texts('Title', 'ar')}`,
        `    text: ${texts('Text')}`,
        `    action: ${texts('Go')}`,
        '  - id: elsewhere',
        '    kind: premium',
        '    href: https://example.com',
        '    image: missing.svg',
        `    eyebrow: ${texts('Premium')}`,
        `    title: ${texts('Title')}`,
        `    text: ${texts('Text')}`,
        `    action: ${texts('Go')}`,
      ].join('\n'),
    );
    const problems = new ProblemList();
    readHouseAds(dir, dir, problems);
    expect(problems.items.map((problem) => `${problem.file}:${problem.line}`)).toEqual(['banners.yaml:12']);
    fs.writeFileSync(
      path.join(dir, 'banners.yaml'),
      fs.readFileSync(path.join(dir, 'banners.yaml'), 'utf8').replace('https://example.com', '/offer'),
    );
    const second = new ProblemList();
    readHouseAds(dir, dir, second);
    expect(second.items.map((problem) => `${problem.line}: ${problem.message}`)).toEqual([
      '5: image missing.svg not found in content/ads/images',
      '2: banner no-arabic has no ar text for title',
      '13: image missing.svg not found in content/ads/images',
    ]);
    fs.rmSync(dir, { recursive: true });
  });
});
