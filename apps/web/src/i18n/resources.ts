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

/** All ten interface languages ship in the bundle: together they are smaller than one picture. */
export const translations: Record<InterfaceLanguage, TranslationTree> = {
  en,
  ar,
  de,
  es,
  fr,
  it,
  pt,
  ru,
  zh,
  tr,
};
