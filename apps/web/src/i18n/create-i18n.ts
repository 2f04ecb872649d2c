import {
  defaultInterfaceLanguage,
  interfaceLanguages,
  type InterfaceLanguage,
} from '@parlo/core/i18n/interface-languages';
import i18next, { type i18n } from 'i18next';
import type { TranslationTree } from './resources.ts';

/** SPEC §1: a key missing in the chosen language and in English reads as this. */
export const NO_TRANSLATION = '[no translation]';

/**
 * A ready i18next instance. Plurals come from Intl.PluralRules (i18next's v4 JSON format: `_one`, `_few`,
 * `_many`…), so Russian gets its three forms and Arabic its six without extra code.
 */
export function createI18n(
  language: InterfaceLanguage,
  resources: Partial<Record<InterfaceLanguage, TranslationTree>>,
): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: defaultInterfaceLanguage,
    supportedLngs: [...interfaceLanguages],
    resources: Object.fromEntries(
      Object.entries(resources).map(([code, tree]) => [code, { translation: tree }]),
    ),
    // The resources given are already loaded, so initialisation can finish before the first render;
    // other languages are added with addResourceBundle when chosen.
    initAsync: false,
    // An empty string in a locale file is a missing translation, not a deliberate blank.
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    parseMissingKeyHandler: () => NO_TRANSLATION,
  });
  return instance;
}

/** SPEC: the saved choice, else the first supported browser language, else English (shared with the server). */
export { pickInterfaceLanguage as pickInitialLanguage } from '@parlo/core/i18n/interface-languages';
