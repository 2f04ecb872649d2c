/**
 * Text in a language other than the interface's (the course's words and sentences, a typed answer, a
 * notification written in an earlier language) keeps its own direction. In an Arabic interface an English
 * sentence laid out right to left shows its final '?' or '.' at the start ("?How are you") and its word
 * chips in reverse order; marking it with its language and direction isolates it from the page around it.
 */

// Scripts written right to left, by ISO 639-1 code (the course languages are all left to right today).
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'iw', 'ps', 'sd', 'ug', 'ur', 'yi', 'dv', 'ckb']);

/** 'ltr' or 'rtl' for a known language; 'auto' (the first strong letter decides) when it is unknown. */
export function directionOfLanguage(language: string | undefined): 'ltr' | 'rtl' | 'auto' {
  const primary = language?.trim().toLowerCase().split(/[-_]/)[0];
  if (!primary) return 'auto';
  return RIGHT_TO_LEFT.has(primary) ? 'rtl' : 'ltr';
}

/**
 * The attributes that isolate an element holding text in `language` (an input, a list of chips, an answer
 * line): its language and direction. An element with `dir` is also bidi-isolated by the browser's own
 * style sheet, so its neighbours neither reorder it nor are reordered by it.
 */
export function foreignTextProps(language: string | undefined): {
  lang?: string;
  dir: 'ltr' | 'rtl' | 'auto';
} {
  const dir = directionOfLanguage(language);
  return language ? { lang: language, dir } : { dir };
}

/**
 * The same isolation for a value put into a translated sentence that ends up as plain text (a title, the
 * browser tab): Unicode's first-strong isolate around it, so "اختر «Hello!»" keeps the '!' with Hello.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
