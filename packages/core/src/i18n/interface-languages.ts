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

/**
 * The cookie mirroring the learner's saved interface language (the browser keeps the choice in local
 * storage, which the server cannot read): the server picks the prerendered first screen by it (ADR 029).
 */
export const uiLanguageCookie = 'parlo-ui-language';

/** SPEC: the saved choice, else the first supported browser language, else English. */
export function pickInterfaceLanguage(
  saved: string | null | undefined,
  browserLanguages: readonly string[],
): InterfaceLanguage {
  if (isInterfaceLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isInterfaceLanguage(base)) return base;
  }
  return defaultInterfaceLanguage;
}

/**
 * An Accept-Language header as the browser's languages, most wanted first (`de-CH, fr;q=0.9, *;q=0.1`
 * → de-CH, fr); what a browser's navigator.languages holds. Languages refused with q=0 (or an
 * unreadable weight) are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      // A weight that is not a number (NaN) drops the language, like q=0.
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q.slice(2)), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
