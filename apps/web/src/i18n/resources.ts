import type { InterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import tr from './locales/tr.json';
import zh from './locales/zh.json';

export type TranslationTree = { [key: string]: string | TranslationTree };

/**
 * A feature may keep its texts beside its code in `features/<feature>/locales/<language>.json`; they are
 * merged over the shared files here, so features grow their texts without editing one shared file.
 */
const featureLocales = import.meta.glob<TranslationTree>('../features/*/locales/*.json', {
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

function withFeatureTexts(language: InterfaceLanguage, shared: TranslationTree): TranslationTree {
  return Object.entries(featureLocales)
    .filter(([file]) => file.endsWith(`/${language}.json`))
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce((tree, [, texts]) => mergeTrees(tree, texts), shared);
}

/** All ten interface languages ship in the bundle: together they are smaller than one picture. */
export const translations: Record<InterfaceLanguage, TranslationTree> = {
  en: withFeatureTexts('en', en),
  ar: withFeatureTexts('ar', ar),
  de: withFeatureTexts('de', de),
  es: withFeatureTexts('es', es),
  fr: withFeatureTexts('fr', fr),
  it: withFeatureTexts('it', it),
  pt: withFeatureTexts('pt', pt),
  ru: withFeatureTexts('ru', ru),
  zh: withFeatureTexts('zh', zh),
  tr: withFeatureTexts('tr', tr),
};
