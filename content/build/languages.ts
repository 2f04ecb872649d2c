import { interfaceLanguages, type InterfaceLanguage } from '@parlo/core/i18n/interface-languages';

/** Languages a learner may speak: the interface languages (SPEC §1), in the order the app lists them. */
export const spokenLanguages = interfaceLanguages;
export type SpokenLanguage = InterfaceLanguage;

export function isSpokenLanguage(code: string): code is SpokenLanguage {
  return (spokenLanguages as readonly string[]).includes(code);
}

/** SPEC §3 Language.name: each spoken language named in itself. */
export const nativeNames: Record<SpokenLanguage, string> = {
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

/** The OpenMoji flag shown next to each spoken language. */
export const languageFlags: Record<SpokenLanguage, string> = {
  en: '1F1EC-1F1E7',
  ar: '1F1F8-1F1E6',
  de: '1F1E9-1F1EA',
  es: '1F1EA-1F1F8',
  fr: '1F1EB-1F1F7',
  it: '1F1EE-1F1F9',
  pt: '1F1F5-1F1F9',
  ru: '1F1F7-1F1FA',
  zh: '1F1E8-1F1F3',
  tr: '1F1F9-1F1F7',
};

/**
 * eSpeak NG voice of each course (target) language: every course language has one (audio/voices.ts
 * prefers SVOX Pico where it is installed). The English course is British.
 */
export const voices: Record<string, string> = {
  en: 'en-gb',
  de: 'de',
  fr: 'fr',
  es: 'es',
  ja: 'ja',
};

/** Spoken languages a course is offered to: all of them except its own target language. */
export function speakersOf(courseCode: string): SpokenLanguage[] {
  return spokenLanguages.filter((code) => code !== courseCode);
}

/**
 * Type 15's title (SPEC §2 "15 shows its title"), in the learner's language: the course files hold no
 * interface text, so the build supplies it.
 */
export const imageMatchTitle: Record<SpokenLanguage, string> = {
  en: 'Does the picture match the word?',
  ar: 'هل تطابق الصورة الكلمة؟',
  de: 'Passt das Bild zum Wort?',
  es: '¿La imagen corresponde a la palabra?',
  fr: "L'image correspond-elle au mot ?",
  it: "L'immagine corrisponde alla parola?",
  pt: 'A imagem corresponde à palavra?',
  ru: 'Картинка соответствует слову?',
  zh: '图片和单词相符吗？',
  tr: 'Resim kelimeyle eşleşiyor mu?',
};
