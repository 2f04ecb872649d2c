import { interfaceLanguages, type InterfaceLanguage } from '@parlo/core/i18n/interface-languages';

export type TranslationTree = { [key: string]: string | TranslationTree };

/**
 * Texts live in `i18n/locales/<language>.json` (shared) and beside each feature in
 * `features/<feature>/locales/<language>.json`; a language is the shared file with the features' files
 * merged over it, so features grow their texts without editing one shared file.
 *
 * English is bundled with the app: it is the fallback for every lookup (SPEC §1); the texts of features
 * a first visit does not show follow with the first screen that does (loadAllEnglish). The nine other
 * languages load on demand, each with one import of its module in `bundles/` (its own chunk), so a
 * learner downloads only their own and the first visit carries one loader per language, not one per file.
 */
const languageBundles = import.meta.glob<Record<string, TranslationTree>>('./bundles/locale-*.ts', {
  import: 'default',
});
const englishShared = import.meta.glob<TranslationTree>('./locales/en.json', {
  eager: true,
  import: 'default',
});
// The features a first visit shows (the landing's info pages, the offline notices) bring their English
// along; the others' English arrives with the first screen that needs it (loadAllEnglish,
// bundles/locale-en.ts), so the landing does not download the player's or the billing's texts (issue 15).
const englishFirstVisitFeatures = import.meta.glob<TranslationTree>(
  ['../features/info/locales/en.json', '../features/offline/locales/en.json'],
  { eager: true, import: 'default' },
);

/** A language's files by path from this folder, as the globs above name them (mergeLanguage's order). */
async function loadBundle(language: InterfaceLanguage): Promise<Array<[string, TranslationTree]>> {
  const load = languageBundles[`./bundles/locale-${language}.ts`];
  if (!load) throw new Error(`no texts for the interface language ${language}`);
  return Object.entries(await load()).map(([file, texts]) => [file.replace(/^\.\.\//, ''), texts]);
}

export function mergeTrees(base: TranslationTree, extra: TranslationTree): TranslationTree {
  const merged: TranslationTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] =
      typeof value === 'object' && typeof current === 'object' ? mergeTrees(current, value) : value;
  }
  return merged;
}

/**
 * Shared texts first, then the features' in a stable (path) order. The paths are compared as plain
 * strings: localeCompare builds the browser's collator on its first call, tens of milliseconds of a
 * phone's start-up for the same order (issue 15, ADR 035).
 */
function mergeLanguage(
  shared: TranslationTree[],
  features: Array<[string, TranslationTree]>,
): TranslationTree {
  return features
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .reduce((tree, [, texts]) => mergeTrees(tree, texts), shared.reduce(mergeTrees, {}));
}

/**
 * English, the fallback: the shared texts and the first visit's features at start; completed in place
 * by loadAllEnglish, so it is always the one English tree.
 */
export const englishTranslations: TranslationTree = mergeLanguage(
  Object.values(englishShared),
  Object.entries(englishFirstVisitFeatures),
);

let allEnglish: Promise<TranslationTree> | undefined;

/** Adds the other features' English to englishTranslations (once) and resolves with it. */
export function loadAllEnglish(): Promise<TranslationTree> {
  allEnglish ??= loadBundle('en').then(
    (others) => {
      const complete = mergeLanguage(Object.values(englishShared), [
        ...Object.entries(englishFirstVisitFeatures),
        ...others,
      ]);
      return Object.assign(englishTranslations, complete);
    },
    (error: unknown) => {
      allEnglish = undefined; // Offline for a moment: the next screen tries again.
      throw error;
    },
  );
  return allEnglish;
}

/** One interface language's texts, fetched on first use (English is already here). */
export async function loadTranslations(language: InterfaceLanguage): Promise<TranslationTree> {
  if (language === 'en') return loadAllEnglish();
  const files = await loadBundle(language);
  return mergeLanguage(
    files.filter(([file]) => file.startsWith('locales/')).map(([, texts]) => texts),
    files.filter(([file]) => !file.startsWith('locales/')),
  );
}

/** Every language at once: for tests that compare them. */
export async function loadAllTranslations(): Promise<Record<InterfaceLanguage, TranslationTree>> {
  const entries = await Promise.all(
    interfaceLanguages.map(async (language) => [language, await loadTranslations(language)] as const),
  );
  return Object.fromEntries(entries) as Record<InterfaceLanguage, TranslationTree>;
}
