import {
  isInterfaceLanguage,
  textDirection,
  type InterfaceLanguage,
} from '@parlo/core/i18n/interface-languages';
import { localRecordKeys, readLocalRecord, writeLocalRecord } from '../lib/local-records.ts';
import { createI18n, pickInitialLanguage } from './create-i18n.ts';
import { englishTranslations, loadAllEnglish, loadTranslations } from './resources.ts';

/** The browser's i18next instance: English, the fallback, is bundled; the chosen language joins it. */
export const i18n = createI18n('en', { en: englishTranslations });

async function ensureLoaded(language: InterfaceLanguage): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadTranslations(language));
}

/**
 * Resolves once the saved or browser language is loaded and chosen; main.tsx renders after it, so no
 * screen flashes in English first. If its texts cannot be fetched the app starts in English.
 */
export const i18nReady: Promise<void> = (async () => {
  const initial = pickInitialLanguage(
    readLocalRecord(localRecordKeys.uiLanguage),
    navigator.languages ?? [navigator.language],
  );
  try {
    await ensureLoaded(initial);
    await i18n.changeLanguage(initial);
  } catch {
    // Offline on first visit with a non-English browser: English is better than nothing.
  }
})();

/**
 * Every feature's English (the fallback) in place: screens beyond the first visit load with it
 * (app/lazy-pages.ts). If it cannot be fetched the screen still opens; the chosen language's own
 * texts are complete.
 */
export async function allTextsReady(): Promise<void> {
  try {
    i18n.addResourceBundle('en', 'translation', await loadAllEnglish(), true, true);
  } catch {
    // Offline without the chunk cached: nothing better to show than what is here.
  }
}

function applyToDocument(language: string): void {
  if (!isInterfaceLanguage(language)) return;
  document.documentElement.lang = language;
  // Arabic mirrors the whole layout; the CSS uses logical properties so nothing else needs to know.
  document.documentElement.dir = textDirection(language);
}

applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

export function currentInterfaceLanguage(): InterfaceLanguage {
  return isInterfaceLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * Switches the interface and remembers the choice on this device (SPEC §3 'ui-language'). Rejects,
 * leaving the current language in place, when the language's texts cannot be fetched.
 */
export async function changeInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  await ensureLoaded(language);
  writeLocalRecord(localRecordKeys.uiLanguage, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
