/**
 * English contractions are the same answer as their long forms (issue 31): "I'm fine" for "I am fine",
 * "We're flying" for "We are flying", "I'd like" for "I would like", "can't" for "cannot". Learners and
 * speech recognisers write either, and a course should not have to list both. Only whole contractions
 * of a pronoun, a question word or an auxiliary are read: "Anna's" stays a possessive.
 *
 * Like number-words.ts, the given text is rewritten into the expected text's form where the two differ
 * only by a contraction, and the ordinary comparison then decides.
 */

/** Each contraction and the long forms it stands for (an 's or 'd has two). */
const CONTRACTIONS: Readonly<Record<string, readonly string[]>> = (() => {
  const table: Record<string, string[]> = {
    "let's": ['let us'],
    "can't": ['cannot', 'can not'],
    "won't": ['will not'],
    "shan't": ['shall not'],
  };
  const add = (short: string, long: string) => (table[short] ??= []).push(long);
  for (const subject of ['i', 'you', 'we', 'they', 'he', 'she', 'it', 'that', 'there', 'who', 'what']) {
    add(`${subject}'ll`, `${subject} will`);
    add(`${subject}'d`, `${subject} would`);
    add(`${subject}'d`, `${subject} had`);
  }
  add("i'm", 'i am');
  for (const subject of ['you', 'we', 'they', 'who', 'what']) add(`${subject}'re`, `${subject} are`);
  for (const subject of ['i', 'you', 'we', 'they', 'who', 'what']) add(`${subject}'ve`, `${subject} have`);
  for (const subject of [
    'he',
    'she',
    'it',
    'that',
    'there',
    'here',
    'what',
    'where',
    'who',
    'how',
    'when',
    'why',
  ]) {
    add(`${subject}'s`, `${subject} is`);
    add(`${subject}'s`, `${subject} has`);
  }
  for (const verb of [
    'do',
    'does',
    'did',
    'is',
    'are',
    'was',
    'were',
    'have',
    'has',
    'had',
    'would',
    'could',
    'should',
    'must',
    'need',
  ]) {
    add(`${verb}n't`, `${verb} not`);
  }
  return table;
})();

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const APOSTROPHE = /['’]/u;

interface Token {
  folded: string;
  start: number;
  end: number;
}

function tokensOf(text: string): Token[] {
  return [...text.matchAll(WORD)].map((match) => ({
    folded: match[0].toLowerCase().replace(/’/gu, "'"),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** Whether the long form `long` (words) starts at token `at`. */
function longFormAt(tokens: readonly Token[], at: number, long: string): number {
  const words = long.split(' ');
  return words.every((word, index) => tokens[at + index]?.folded === word) ? words.length : 0;
}

/** The given text with each contraction or long form spelt as the expected text spells it there. */
export function withContractionsAs(given: string, expected: string): string {
  // Every contraction has an apostrophe; without one on either side nothing is respelt.
  if (!APOSTROPHE.test(given) && !APOSTROPHE.test(expected)) return given;
  const typed = tokensOf(given);
  const wanted = tokensOf(expected);
  let result = '';
  let copiedTo = 0;
  let i = 0;
  let j = 0;
  while (i < typed.length && j < wanted.length) {
    const here = typed[i];
    const there = wanted[j];
    if (!here || !there) break;
    if (here.folded !== there.folded) {
      // A contraction typed where the long form is expected, or the other way round.
      const typedLong = CONTRACTIONS[here.folded]?.map((long) => longFormAt(wanted, j, long)).find(Boolean);
      const wantedLong = CONTRACTIONS[there.folded]?.map((long) => longFormAt(typed, i, long)).find(Boolean);
      const typedCount = typedLong ? 1 : (wantedLong ?? 0);
      const wantedCount = typedLong ?? (wantedLong ? 1 : 0);
      if (typedCount > 0 && wantedCount > 0) {
        const lastTyped = typed[i + typedCount - 1] ?? here;
        const lastWanted = wanted[j + wantedCount - 1] ?? there;
        result += given.slice(copiedTo, here.start) + expected.slice(there.start, lastWanted.end);
        copiedTo = lastTyped.end;
        i += typedCount;
        j += wantedCount;
        continue;
      }
    }
    i += 1;
    j += 1;
  }
  return result + given.slice(copiedTo);
}

/**
 * The text spelt each way `withContractionsAs` could respell a part of it: every contraction kept or
 * replaced by one of its long forms ("he's here" → "he's here", "he is here", "he has here"). Two texts
 * one respelling apart have a spelling in common, as the contraction is spelt out on one side or the
 * other. For finding candidates, not for comparing: a sentence has few contractions.
 */
export function contractionSpellings(text: string): string[] {
  let spellings = [''];
  let copiedTo = 0;
  for (const token of tokensOf(text)) {
    const longForms = CONTRACTIONS[token.folded];
    if (!longForms) continue;
    const between = text.slice(copiedTo, token.start);
    const choices = [text.slice(token.start, token.end), ...longForms];
    spellings = spellings.flatMap((start) => choices.map((choice) => start + between + choice));
    copiedTo = token.end;
  }
  return spellings.map((start) => start + text.slice(copiedTo));
}
