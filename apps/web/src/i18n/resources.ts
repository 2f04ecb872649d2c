import { interfaceLanguages, type InterfaceLanguage } from '@parlo/core/i18n/interface-languages';

export type TranslationTree = { [key: string]: string | TranslationTree };

type LocaleFiles = Record<string, () => Promise<TranslationTree>>;

/**
 * Texts live in `i18n/locales/<language>.json` (shared) and beside each feature in
 * `features/<feature>/locales/<language>.json`; a language is the shared file with the features' files
 * merged over it, so features grow their texts without editing one shared file.
 *
 * English is bundled with the app: it is the fallback for every lookup (SPEC §1). The nine other
 * languages load on demand, one chunk each (see vite.config.ts), so a learner downloads only their own.
 */
const sharedLocales = import.meta.glob<TranslationTree>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});
const featureLocales = import.meta.glob<TranslationTree>(
  ['../features/*/locales/*.json', '!../features/*/locales/en.json'],
  { import: 'default' },
);
const englishShared = import.meta.glob<TranslationTree>('./locales/en.json', {
  eager: true,
  import: 'default',
});
const englishFeatures = import.meta.glob<TranslationTree>('../features/*/locales/en.json', {
  eager: true,
  import: 'default',
});

export function mergeTrees(base: TranslationTree, extra: TranslationTree): TranslationTree {
  const merged: TranslationTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] =
      typeof value === 'object' && typeof current === 'object' ? mergeTrees(current, value) : value;
  }
  return merged;
}

/** Shared texts first, then the features' in a stable (path) order. */
function mergeLanguage(
  shared: TranslationTree[],
  features: Array<[string, TranslationTree]>,
): TranslationTree {
  return features
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce((tree, [, texts]) => mergeTrees(tree, texts), shared.reduce(mergeTrees, {}));
}

export const englishTranslations: TranslationTree = mergeLanguage(
  Object.values(englishShared),
  Object.entries(englishFeatures),
);

function filesOf(
  files: LocaleFiles,
  language: InterfaceLanguage,
): Array<[string, () => Promise<TranslationTree>]> {
  return Object.entries(files).filter(([file]) => file.endsWith(`/${language}.json`));
}

/** One interface language's texts, fetched on first use (English is already here). */
export async function loadTranslations(language: InterfaceLanguage): Promise<TranslationTree> {
  if (language === 'en') return englishTranslations;
  const load = ([file, read]: [string, () => Promise<TranslationTree>]) =>
    read().then((texts): [string, TranslationTree] => [file, texts]);
  const [shared, features] = await Promise.all([
    Promise.all(filesOf(sharedLocales, language).map(load)),
    Promise.all(filesOf(featureLocales, language).map(load)),
  ]);
  return mergeLanguage(
    shared.map(([, texts]) => texts),
    features,
  );
}

/** Every language at once: for tests that compare them. */
export async function loadAllTranslations(): Promise<Record<InterfaceLanguage, TranslationTree>> {
  const entries = await Promise.all(
    interfaceLanguages.map(async (language) => [language, await loadTranslations(language)] as const),
  );
  return Object.fromEntries(entries) as Record<InterfaceLanguage, TranslationTree>;
}
