import { interfaceLanguages, type InterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, NO_TRANSLATION, pickInitialLanguage } from './create-i18n.ts';
import { loadAllTranslations, type TranslationTree } from './resources.ts';

let translations: Record<InterfaceLanguage, TranslationTree>;
beforeAll(async () => {
  translations = await loadAllTranslations();
});

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(tree: TranslationTree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [child, text] of flatten(value, `${path}.`)) keys.set(child, text);
  }
  return keys;
}

/**
 * A language's keys with plural forms folded into their base key: English has `days_one`/`days_other`,
 * Russian `days_one`/`_few`/`_many`/`_other`, Chinese only `days_other`, and all of them mean `days`.
 */
function baseKeys(language: InterfaceLanguage): Set<string> {
  return new Set([...flatten(translations[language]).keys()].map((key) => key.replace(PLURAL_SUFFIX, '')));
}

function pluralBases(language: InterfaceLanguage): Set<string> {
  return new Set(
    [...flatten(translations[language]).keys()]
      .filter((key) => PLURAL_SUFFIX.test(key))
      .map((key) => key.replace(PLURAL_SUFFIX, '')),
  );
}

const others = interfaceLanguages.filter((language) => language !== 'en');

describe('locale files', () => {
  it('cover all ten interface languages', () => {
    expect(Object.keys(translations).sort()).toEqual([...interfaceLanguages].sort());
  });

  it.each(others)('%s has every English key, and no key English lacks', (language) => {
    const english = baseKeys('en');
    const translated = baseKeys(language);
    expect(
      [...english].filter((key) => !translated.has(key)),
      'missing keys',
    ).toEqual([]);
    expect(
      [...translated].filter((key) => !english.has(key)),
      'extra keys',
    ).toEqual([]);
  });

  it.each(interfaceLanguages)('%s has no empty translations', (language) => {
    const empty = [...flatten(translations[language])].filter(([, text]) => text.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(interfaceLanguages)('%s has exactly the plural forms its language uses', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const keys = new Set(flatten(translations[language]).keys());
    for (const base of pluralBases('en')) {
      const forms = [...keys].filter(
        (key) => key.replace(PLURAL_SUFFIX, '') === base && PLURAL_SUFFIX.test(key),
      );
      const expected = categories.map((category) => `${base}_${category}`).sort();
      expect(forms.sort(), `${language} ${base}`).toEqual(expected);
    }
  });

  it.each(interfaceLanguages)('%s keeps every {{placeholder}} of English', (language) => {
    const english = flatten(translations.en);
    const translated = flatten(translations[language]);
    const placeholders = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
    for (const [key, text] of translated) {
      const source = english.get(key) ?? english.get(`${key.replace(PLURAL_SUFFIX, '')}_other`) ?? '';
      // 'one day', 'يومان' (two days): the exact-number forms may spell the number out.
      if (/_(zero|one|two)$/.test(key)) {
        expect(placeholders(source), `${language} ${key}`).toEqual(
          expect.arrayContaining(placeholders(text)),
        );
      } else {
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(source));
      }
    }
  });
});

describe('lookup fallback (SPEC §1)', () => {
  const resources = {
    en: { greeting: 'Hello', onlyEnglish: 'Only in English' },
    de: { greeting: 'Hallo', onlyEnglish: '' },
  };

  it('uses the chosen language when it has the key', () => {
    expect(createI18n('de', resources).t('greeting')).toBe('Hallo');
  });

  it('falls back to English when the chosen language lacks the key (or leaves it empty)', () => {
    expect(createI18n('de', resources).t('onlyEnglish')).toBe('Only in English');
    expect(createI18n('fr', resources).t('greeting')).toBe('Hello');
  });

  it("shows '[no translation]' when English lacks it too", () => {
    expect(createI18n('de', resources).t('nowhere')).toBe(NO_TRANSLATION);
    expect(createI18n('en', resources).t('nowhere.nested')).toBe(NO_TRANSLATION);
  });

  it('resolves real keys of the shipped files', () => {
    expect(createI18n('ar', translations).t('errors.SERVER_NOT_RESPONDING')).not.toBe(NO_TRANSLATION);
    expect(createI18n('en', translations).t('errors.SERVER_NOT_RESPONDING')).toBe(
      'Server not responding, try again later',
    );
  });
});

describe('plurals through Intl.PluralRules', () => {
  it('Russian uses its three forms: 1 день, 2 дня, 5 дней', () => {
    const ru = createI18n('ru', translations);
    expect(ru.t('common.days', { count: 1 })).toBe('1 день');
    expect(ru.t('common.days', { count: 2 })).toBe('2 дня');
    expect(ru.t('common.days', { count: 5 })).toBe('5 дней');
    expect(ru.t('common.days', { count: 21 })).toBe('21 день');
    expect(ru.t('common.days', { count: 22 })).toBe('22 дня');
    expect(ru.t('common.days', { count: 11 })).toBe('11 дней');
  });

  it('Russian counts points in three forms too: 1 балл, 3 балла, 25 баллов (issue 14)', () => {
    const ru = createI18n('ru', translations);
    expect(ru.t('dashboard.points', { count: 1 })).toBe('балл');
    expect(ru.t('dashboard.points', { count: 3 })).toBe('балла');
    expect(ru.t('dashboard.points', { count: 25 })).toBe('баллов');
    expect(createI18n('en', translations).t('dashboard.points', { count: 25 })).toBe('points');
  });

  it('English uses two', () => {
    const en = createI18n('en', translations);
    expect(en.t('common.days', { count: 1 })).toBe('1 day');
    expect(en.t('common.days', { count: 7 })).toBe('7 days');
  });
});

describe('initial interface language', () => {
  it('prefers the saved choice', () => {
    expect(pickInitialLanguage('ar', ['de-DE'])).toBe('ar');
  });

  it('then the first supported browser language', () => {
    expect(pickInitialLanguage(null, ['nl-NL', 'pt-BR', 'de'])).toBe('pt');
    expect(pickInitialLanguage('xx', ['ZH-Hans-CN'])).toBe('zh');
  });

  it('else English', () => {
    expect(pickInitialLanguage(null, ['nl', 'ja'])).toBe('en');
    expect(pickInitialLanguage(null, [])).toBe('en');
  });
});

describe('feature locale files', () => {
  it('merge deeply over the shared texts, the feature winning on the same key', async () => {
    const { mergeTrees } = await import('./resources.ts');
    expect(
      mergeTrees({ player: { verify: 'Verify', skip: 'Skip' } }, { player: { verify: 'Check' }, extra: 'x' }),
    ).toEqual({
      player: { verify: 'Check', skip: 'Skip' },
      extra: 'x',
    });
  });

  it('load per language: English from the bundle, another with its shared and feature texts', async () => {
    const { englishTranslations, loadTranslations } = await import('./resources.ts');
    expect(await loadTranslations('en')).toBe(englishTranslations);
    const arabic = flatten(await loadTranslations('ar'));
    // One key from the shared file and one from a feature's file.
    expect(arabic.get('errors.SERVER_NOT_RESPONDING')).toBeTruthy();
    expect(arabic.get('info.credits.title')).toBeTruthy();
    expect(arabic.get('info.credits.title')).not.toBe(flatten(englishTranslations).get('info.credits.title'));
  });
});
