import type { InterfaceLanguage } from '@parlo/core/i18n/interface-languages';

/** Each language in its own name, so a learner can find theirs whatever the interface shows now. */
export const languageNames: Record<InterfaceLanguage, string> = {
  en: 'English',
  ar: 'العربية',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  zh: '中文',
  tr: 'Türkçe',
};
