import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  courseWordSet,
  matchTyped,
  matchTypedAny,
  nearCourseWords,
  singleEdit,
  typedAnswersCheck,
  typedCandidates,
  withoutAccents,
} from './forgiving-check.ts';

const fixes = (given: string, expected: string, course: readonly string[] = []) =>
  matchTyped(given, expected, courseWordSet(course))
    ?.segments.filter((segment) => segment.fix)
    .map((segment) => segment.text);

describe('forgiving check', () => {
  it('ignores case, punctuation and extra spaces', () => {
    expect(matchTyped('  see   YOU later ', 'See you later!')?.verdict).toBe('exact');
    expect(matchTyped('yes i do', 'Yes, I do.')?.verdict).toBe('exact');
    expect(matchTyped('dont', "Don't")?.verdict).toBe('exact');
    expect(matchTyped('¿que tal', '¿Qué tal?')?.verdict).toBe('accent');
  });

  it('accepts Spanish, French and German accents but points at the letters', () => {
    expect(matchTyped('el nino', 'el niño')).toMatchObject({ verdict: 'accent' });
    expect(fixes('el nino', 'el niño')).toEqual(['ñ']);
    expect(fixes('ou est la gare', 'Où est la gare ?')).toEqual(['ù']);
    expect(fixes('Ich bin mude', 'Ich bin müde')).toEqual(['ü']);
    expect(fixes('tres bien', 'très bien')).toEqual(['è']);
    expect(fixes('Francais', 'Français')).toEqual(['ç']);
  });

  it('accepts ss for ß', () => {
    expect(matchTyped('die Strasse', 'die Straße')?.verdict).toBe('accent');
    expect(fixes('die Strasse', 'die Straße')).toEqual(['ß']);
    expect(matchTyped('gross', 'groß')?.verdict).toBe('accent');
  });

  it('accepts one typo in a word of five letters or more and shows where', () => {
    expect(fixes('I am hapy', 'I am happy')).toEqual(['p']);
    expect(fixes('Gutne Morgen', 'Guten Morgen')).toEqual(['en']);
    expect(fixes('Morgenn', 'Morgen')).toEqual(['n']);
    expect(fixes('Mirgen', 'Morgen')).toEqual(['o']);
    expect(matchTyped('Mirgen', 'Morgen')?.verdict).toBe('typo');
  });

  it('refuses a slip in a short word, two slips, or a missing word', () => {
    expect(matchTyped('gato', 'gata')).toBeNull();
    expect(matchTyped('Mirgan', 'Morgen')).toBeNull();
    expect(matchTyped('hapy birthdy', 'happy birthday')).toBeNull();
    expect(matchTyped('see later', 'see you later')).toBeNull();
  });

  it('refuses a typo that makes another word of the course', () => {
    expect(matchTyped('perro', 'perros', courseWordSet([]))?.verdict).toBe('typo');
    expect(matchTyped('perro', 'perros', courseWordSet(['el perro']))).toBeNull();
    expect(matchTyped('Haus', 'Hause', courseWordSet(['das Haus']))).toBeNull();
  });

  it('lists the course words one slip from an answer', () => {
    expect(
      nearCourseWords(['los perros'], courseWordSet(['el perro', 'los perros', 'el gato', 'pero'])),
    ).toEqual(['perro']);
  });

  it('prefers the closest of several accepted answers', () => {
    expect(matchTypedAny("I'm tired", ['I am tired', "I'm tired"])?.verdict).toBe('exact');
    expect(matchTypedAny('nope', ['I am tired'])).toBeNull();
  });

  it('finds single edits, including swapped neighbours', () => {
    expect(singleEdit('abdc', 'abcd')).toEqual({ start: 2, end: 4 });
    expect(singleEdit('abc', 'abcd')).toEqual({ start: 3, end: 4 });
    expect(singleEdit('abcde', 'abcd')).toEqual({ start: 3, end: 4 });
    expect(singleEdit('abcd', 'abcd')).toBeNull();
    expect(singleEdit('badc', 'abcd')).toBeNull();
  });
});

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéèñüöäßç'.split(''));
const word = fc.array(letter, { minLength: 1, maxLength: 10 }).map((letters) => letters.join(''));
const sentence = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' '));

describe('forgiving check properties', () => {
  it('an answer always matches itself exactly, in any case and spacing', () => {
    fc.assert(
      fc.property(sentence, (text) => {
        expect(matchTyped(text, text)?.verdict).toBe('exact');
        // 'ß'.toUpperCase() is 'SS', which the check rightly treats as a spelling without ß.
        const plain = text.replaceAll('ß', '');
        if (plain.trim() !== '')
          expect(matchTyped(`  ${plain.toUpperCase()}  !`, plain)?.verdict).toBe('exact');
      }),
    );
  });

  it('the answer without accents is accepted, never as a typo, and fixes only accented letters', () => {
    fc.assert(
      fc.property(sentence, (text) => {
        const match = matchTyped(withoutAccents(text), text);
        expect(match).not.toBeNull();
        expect(match?.verdict).not.toBe('typo');
        for (const segment of match?.segments ?? []) {
          if (segment.fix) expect(withoutAccents(segment.text)).not.toBe(segment.text);
        }
      }),
    );
  });

  it('one deleted letter in a long word is a typo, unless the result is a course word', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...'abcdefghijklmnop'.split('')), { minLength: 5, maxLength: 12 }),
        fc.nat(),
        (letters, at) => {
          const expected = letters.join('');
          const index = at % letters.length;
          const given = [...letters.slice(0, index), ...letters.slice(index + 1)].join('');
          expect(matchTyped(given, expected)?.verdict).toBe('typo');
          expect(matchTyped(given, expected, courseWordSet([given]))).toBeNull();
        },
      ),
    );
  });

  it('one prepared check of several answers judges every typed text as matchTypedAny does', () => {
    // Numbers and contractions too: the respelling runs inside the prepared check.
    const respelt = fc.constantFrom(
      "I'm 21",
      'I am twenty-one',
      "don't go",
      'do not go',
      'elf Katzen',
      '11 Katzen',
    );
    const text = fc.oneof(sentence, respelt);
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 3 }),
        fc.array(text, { maxLength: 6 }),
        (answers, typed) => {
          const course = courseWordSet(typed);
          const check = typedAnswersCheck(answers, course);
          for (const given of [...typed, ...answers])
            expect(check(given)).toEqual(matchTypedAny(given, answers, course));
        },
      ),
    );
  });

  it('the highlighted letters are the expected text, cut into runs', () => {
    fc.assert(
      fc.property(sentence, sentence, (given, expected) => {
        const match = matchTyped(given, expected);
        if (match) expect(match.segments.map((segment) => segment.text).join('')).toBe(expected);
      }),
    );
  });
});

describe('typedCandidates: the texts the content build matches against a typed answer', () => {
  it('hands over texts a word (one slip) apart, with contractions spelt out, and every text with a number', () => {
    const texts = [
      'el perro',
      'los perros',
      'el perro grande',
      'la casa',
      'I am 21',
      "I don't know",
      'el perrro',
      'el gato',
    ];
    const candidates = typedCandidates(texts);
    const named = (answers: string[]) => candidates(answers).map((index) => texts[index]);
    // "el perrro" is a slip away; "el gato" is not. A text with a number is always handed over.
    expect(named(['el perro'])).toEqual(['el perro', 'I am 21', 'el perrro']);
    // Two words apart ("el perro" for "los perros") is more than one slip.
    expect(named(['los perros', 'La casa!'])).toEqual(['los perros', 'la casa', 'I am 21']);
    // A contraction meets its long form on either side, and a slip beside it ("knwo").
    expect(named(['I do not know'])).toEqual(['I am 21', "I don't know"]);
    expect(named(["I don't know"])).toEqual(['I am 21', "I don't know"]);
    expect(named(['I do not knwo'])).toEqual(['I am 21', "I don't know"]);
    // An answer with a number ("21" is "twenty-one"), with every text.
    expect(named(['I am 21'])).toEqual(texts);
  });

  it('never leaves out a text matchTyped accepts', () => {
    const words = [
      'el',
      'perro',
      'perros',
      'perrro',
      'los',
      "don't",
      'do',
      'not',
      "he's",
      'hes',
      'he',
      'is',
      'has',
      "I'm",
      'I',
      'am',
      "can't",
      'cannot',
      'canot',
      'can',
      "we're",
      'were',
      'are',
      '21',
      'twenty',
      'one',
      'café',
      'cafe',
      'Straße',
      'strasse',
    ];
    const text = fc
      .array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 })
      .map((list) => list.join(' '));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), text, (texts, answer) => {
        const candidates = new Set(typedCandidates(texts)([answer]));
        texts.forEach((given, index) => {
          if (!candidates.has(index)) expect(matchTyped(given, answer), given).toBeNull();
        });
      }),
      { numRuns: 2_000 },
    );
  });
});
