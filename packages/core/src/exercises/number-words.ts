/**
 * Numbers written as digits or as words are the same answer (issue 29 item 18): speech recognisers write
 * "Anna ist 11 Jahre alt" for "Anna ist elf Jahre alt", and learners type "21" for "twenty-one". The
 * course languages (English, German, French, Spanish) are all read, 0 to 100, with the common spellings:
 * hyphens or spaces ("twenty-one", "vingt et un", "vingt-et-un"), German compounds ("einundzwanzig"),
 * Spanish one-word forms ("veintiuno", "veintiún"), Belgian and Swiss French ("septante", "nonante").
 *
 * Only a number against a number is forgiven: a digit run in one text and a run of number words of the
 * same value in the other, at the same place. Words against words are left to the ordinary check, so
 * "ein Hund" still differs from "eine Hund" (both read 1, but the article is what is being tested).
 */

const UNITS = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  de: ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'],
  fr: ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf'],
  es: ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'],
};

const TEENS = {
  en: [
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
  ],
  de: [
    'zehn',
    'elf',
    'zwölf',
    'dreizehn',
    'vierzehn',
    'fünfzehn',
    'sechzehn',
    'siebzehn',
    'achtzehn',
    'neunzehn',
  ],
  fr: ['dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize', 'dix sept', 'dix huit', 'dix neuf'],
  es: [
    'diez',
    'once',
    'doce',
    'trece',
    'catorce',
    'quince',
    'dieciséis',
    'diecisiete',
    'dieciocho',
    'diecinueve',
  ],
};

/** Tens from 20 to 90, index 2..9. */
const TENS = {
  en: ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'],
  de: ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'],
  es: ['', '', 'veinte', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'],
};

const SPANISH_TWENTIES = [
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];

function englishWords(value: number): string[] {
  if (value < 10) return [UNITS.en[value] ?? ''];
  if (value < 20) return [TEENS.en[value - 10] ?? ''];
  if (value === 100) return ['one hundred', 'a hundred', 'hundred'];
  const tens = TENS.en[Math.floor(value / 10)] ?? '';
  const unit = value % 10;
  return [unit === 0 ? tens : `${tens} ${UNITS.en[unit]}`];
}

function germanWords(value: number): string[] {
  if (value === 1) return ['eins', 'ein', 'eine'];
  if (value === 2) return ['zwei', 'zwo'];
  if (value < 10) return [UNITS.de[value] ?? ''];
  if (value < 20) return [TEENS.de[value - 10] ?? ''];
  if (value === 100) return ['hundert', 'einhundert'];
  const tens = TENS.de[Math.floor(value / 10)] ?? '';
  const unit = value % 10;
  if (unit === 0) return [tens];
  const unitWord = unit === 1 ? 'ein' : (UNITS.de[unit] ?? '');
  return [`${unitWord}und${tens}`];
}

function frenchWords(value: number): string[] {
  if (value === 1) return ['un', 'une'];
  if (value < 10) return [UNITS.fr[value] ?? ''];
  if (value < 20) return [TEENS.fr[value - 10] ?? ''];
  if (value === 100) return ['cent'];
  if (value === 80) return ['quatre vingts', 'quatre vingt', 'huitante', 'octante'];
  const tensFr = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];
  const tens = Math.floor(value / 10);
  const unit = value % 10;
  const regular = (tensWord: string) =>
    unit === 0 ? tensWord : unit === 1 ? `${tensWord} et un` : `${tensWord} ${UNITS.fr[unit]}`;
  if (tens <= 6) return [regular(tensFr[tens] ?? '')];
  // 70-99 in France count on from sixty and eighty; Belgium and Switzerland have their own tens.
  const swiss = { 7: 'septante', 8: 'huitante', 9: 'nonante' }[tens] ?? '';
  const forms = [regular(swiss)];
  if (tens === 8) forms.push(regular('octante'), `quatre vingt ${UNITS.fr[unit]}`);
  else {
    const base = tens === 7 ? 'soixante' : 'quatre vingt';
    const teen = TEENS.fr[unit] ?? '';
    forms.push(tens === 7 && unit === 1 ? `${base} et onze` : `${base} ${teen}`);
  }
  return forms;
}

function spanishWords(value: number): string[] {
  if (value === 1) return ['uno', 'un', 'una'];
  if (value < 10) return [UNITS.es[value] ?? ''];
  if (value < 20) return [TEENS.es[value - 10] ?? ''];
  if (value === 100) return ['cien', 'ciento'];
  if (value < 30) {
    const word = SPANISH_TWENTIES[value - 20] ?? '';
    return value === 21 ? [word, 'veintiún', 'veintiuna'] : [word];
  }
  const tens = TENS.es[Math.floor(value / 10)] ?? '';
  const unit = value % 10;
  if (unit === 0) return [tens];
  if (unit === 1) return [`${tens} y uno`, `${tens} y un`, `${tens} y una`];
  return [`${tens} y ${UNITS.es[unit]}`];
}

/** Lower case, without accents, ß as ss: how number words are looked up (typed answers often lack accents). */
function foldWord(word: string): string {
  return word.toLowerCase().replace(/ß/gu, 'ss').normalize('NFD').replace(/\p{M}/gu, '');
}

/** Every spelling of 0..100 in the four languages, as folded words joined by single spaces, with its value. */
const NUMBER_PHRASES: ReadonlyMap<string, number> = (() => {
  const phrases = new Map<string, number>();
  for (let value = 0; value <= 100; value += 1) {
    for (const words of [englishWords, germanWords, frenchWords, spanishWords]) {
      for (const phrase of words(value)) phrases.set(phrase.split(' ').map(foldWord).join(' '), value);
    }
  }
  return phrases;
})();

/** The longest phrase, in words: no span longer than this is looked up. */
const LONGEST_PHRASE = Math.max(...[...NUMBER_PHRASES.keys()].map((phrase) => phrase.split(' ').length));

const TOKEN = /[\p{L}\p{M}\p{N}]+/gu;

interface NumberToken {
  folded: string;
  start: number;
  end: number;
}

function tokensOf(text: string): NumberToken[] {
  return [...text.matchAll(TOKEN)].map((match) => ({
    folded: foldWord(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The value of the number starting at token `at` and how many tokens it takes (longest spelling first). */
function numberAt(
  tokens: readonly NumberToken[],
  at: number,
): { value: number; length: number; digits: boolean } | null {
  const first = tokens[at];
  if (!first) return null;
  if (/^\d+$/u.test(first.folded)) return { value: Number(first.folded), length: 1, digits: true };
  for (let length = Math.min(LONGEST_PHRASE, tokens.length - at); length >= 1; length -= 1) {
    const phrase = tokens
      .slice(at, at + length)
      .map((token) => token.folded)
      .join(' ');
    const value = NUMBER_PHRASES.get(phrase);
    if (value !== undefined) return { value, length, digits: false };
  }
  return null;
}

/**
 * `given` with each number written the way `expected` writes it, where both have the same number at the
 * same place and one uses digits, the other words. Everything else of `given` is kept as it was, so the
 * ordinary comparison still judges letters, accents, case and word order.
 */
export function withNumbersAs(given: string, expected: string): string {
  // One side in digits is needed for a change, and every digit is in a token: most answers end here,
  // before the costlier folding of each word (the content build compares millions of pairs).
  if (!/\d/u.test(given) && !/\d/u.test(expected)) return given;
  const typed = tokensOf(given);
  const wanted = tokensOf(expected);
  let result = '';
  let copiedTo = 0;
  let i = 0;
  let j = 0;
  while (i < typed.length && j < wanted.length) {
    const here = typed[i];
    const there = wanted[j];
    if (here && there && here.folded !== there.folded) {
      const left = numberAt(typed, i);
      const right = numberAt(wanted, j);
      if (left && right && left.value === right.value && left.digits !== right.digits) {
        const last = typed[i + left.length - 1] ?? here;
        const lastWanted = wanted[j + right.length - 1] ?? there;
        result += given.slice(copiedTo, here.start) + expected.slice(there.start, lastWanted.end);
        copiedTo = last.end;
        i += left.length;
        j += right.length;
        continue;
      }
    }
    i += 1;
    j += 1;
  }
  return result + given.slice(copiedTo);
}

/** The value a text spells out as one number (digits or words), or null: for tests and content checks. */
export function numberValue(text: string): number | null {
  const tokens = tokensOf(text);
  const found = numberAt(tokens, 0);
  return found && found.length === tokens.length ? found.value : null;
}
