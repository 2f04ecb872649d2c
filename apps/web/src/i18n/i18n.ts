import {
  isInterfaceLanguage,
  textDirection,
  type InterfaceLanguage,
} from '@parlo/core/i18n/interface-languages';
import { localRecordKeys, readLocalRecord, writeLocalRecord } from '../lib/local-records.ts';
import { createI18n, pickInitialLanguage } from './create-i18n.ts';

/** The browser's i18next instance: starts in the saved or browser language and keeps <html> in step. */
export const i18n = createI18n(
  pickInitialLanguage(
    readLocalRecord(localRecordKeys.uiLanguage),
    navigator.languages ?? [navigator.language],
  ),
);

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

/** Switches the interface and remembers the choice on this device (SPEC §3 'ui-language'). */
export async function changeInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  writeLocalRecord(localRecordKeys.uiLanguage, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
