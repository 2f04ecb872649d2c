// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type * as Resources from './resources.ts';

const englishChunk = vi.hoisted(() => ({ reachable: false }));

// The rest of the English is a chunk fetched on first use; here it is out of reach until the test says so.
vi.mock('./resources.ts', async (importOriginal) => {
  const resources = await importOriginal<typeof Resources>();
  return {
    ...resources,
    loadAllEnglish: () =>
      englishChunk.reachable
        ? resources.loadAllEnglish()
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  };
});

const { allTextsReady, i18n } = await import('./i18n.ts');

describe('every feature’s English, offline without the chunk cached', () => {
  it('lets the screen open with what is here, and the next screen asks again', async () => {
    await expect(allTextsReady()).resolves.toBeUndefined();
    expect(i18n.exists('dashboard.premiumChip', { lng: 'en' })).toBe(false);

    englishChunk.reachable = true;
    await allTextsReady();

    expect(i18n.t('dashboard.premiumChip', { lng: 'en' })).toBe('Premium: no limits');
  });
});
