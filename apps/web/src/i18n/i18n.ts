import {
  isInterfaceLanguage,
  textDirection,
  uiLanguageCookie,
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
  const saved = readLocalRecord(localRecordKeys.uiLanguage);
  const initial = pickInitialLanguage(saved, navigator.languages ?? [navigator.language]);
  // A choice saved before the cookie existed: the next visit's first screen comes in it too.
  if (saved === initial) rememberForServer(initial);
  try {
    await ensureLoaded(initial);
    await i18n.changeLanguage(initial);
  } catch {
    // Offline on first visit with a non-English browser: English is better than nothing.
  }
  // Once, with the language the app starts in: a prerendered page (ADR 029) already carries it, and
  // setting English first would flip an Arabic page's direction for a moment.
  applyToDocument(i18n.language);
})();

let allEnglishAdded: Promise<void> | undefined;

/**
 * Every feature's English (the fallback) in place: screens beyond the first visit load with it
 * (app/router.tsx). If it cannot be fetched the screen still opens; the chosen language's own
 * texts are complete. Merged once: each screen, the header and the offline notices wait for it, and
 * merging the whole English tree again on each of a phone's first-load steps blocks it for nothing.
 */
export function allTextsReady(): Promise<void> {
  allEnglishAdded ??= loadAllEnglish().then(
    (texts) => {
      i18n.addResourceBundle('en', 'translation', texts, true, true);
    },
    () => {
      // Offline without the chunk cached: nothing better to show than what is here; the next screen asks again.
      allEnglishAdded = undefined;
    },
  );
  return allEnglishAdded;
}

/**
 * The server cannot read local storage, so the choice is mirrored in a cookie: it sends the first screen
 * of / and /login already in this language (ADR 029). A device setting like the record, kept on logout.
 */
function rememberForServer(language: InterfaceLanguage): void {
  if (typeof document === 'undefined') return; // Prerendering at build time (ADR 029).
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${uiLanguageCookie}=${language}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax${secure}`;
}

function applyToDocument(language: string): void {
  if (!isInterfaceLanguage(language) || typeof document === 'undefined') return;
  document.documentElement.lang = language;
  // Arabic mirrors the whole layout; the CSS uses logical properties so nothing else needs to know.
  document.documentElement.dir = textDirection(language);
}

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
  rememberForServer(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
