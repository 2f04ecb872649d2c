/** The ten interface languages (SPEC §1); English is the fallback. */
export const interfaceLanguages = ['en', 'ar', 'de', 'es', 'fr', 'it', 'pt', 'ru', 'zh', 'tr'] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];

export const defaultInterfaceLanguage: InterfaceLanguage = 'en';

const rightToLeft: ReadonlySet<InterfaceLanguage> = new Set(['ar']);

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (interfaceLanguages as readonly string[]).includes(value);
}

export function textDirection(language: InterfaceLanguage): 'ltr' | 'rtl' {
  return rightToLeft.has(language) ? 'rtl' : 'ltr';
}
