import { describe, expect, it } from 'vitest';
import {
  joinWords,
  normaliseSentence,
  normaliseSpokenText,
  normaliseText,
  sameSentence,
  sameSpokenText,
  splitList,
} from './answer-text.ts';
import { relativeCost } from '../testing/relative-cost.ts';

describe('normaliseText', () => {
  it('collapses whitespace runs, including non-breaking and ideographic spaces, and trims', () => {
    expect(normaliseText('  I\u00A0am \t\n here\u3000 ')).toBe('I am here');
  });
  it('composes to NFC and folds typographic apostrophes and quotes', () => {
    expect(normaliseText('Cafe\u0301')).toBe('Café');
    expect(normaliseText('don\u2019t \u201Cstop\u201D')).toBe('don\'t "stop"');
  });
  it('drops zero-width characters', () => {
    expect(normaliseText('hel\u200Blo\uFEFF')).toBe('hello');
  });
});

describe('normaliseSentence', () => {
  it.each([
    ['Hello!', 'Hello'],
    ['¿Cómo estás?', 'Cómo estás'],
    ['I am here .', 'I am here'],
    ['"Quoted."', 'Quoted'],
    ['Yes , I do', 'Yes, I do'],
    ['( aside )', 'aside'],
    ['— Dialogue line...', 'Dialogue line'],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseSentence(input)).toBe(expected);
  });
  it('keeps inner punctuation and apostrophes', () => {
    expect(normaliseSentence("It's mine, isn't it?")).toBe("It's mine, isn't it");
  });
});

describe('sameSentence', () => {
  it('respects the case option', () => {
    expect(sameSentence('hello world', 'Hello world.', { ignoreCase: true })).toBe(true);
    expect(sameSentence('hello world', 'Hello world.', { ignoreCase: false })).toBe(false);
  });
  it('never lets different words, accents or inner punctuation pass', () => {
    expect(sameSentence('Cafe', 'Café', { ignoreCase: true })).toBe(false);
    expect(sameSentence('Yes I do', 'Yes, I do', { ignoreCase: true })).toBe(false);
    expect(sameSentence('I am', 'I am here', { ignoreCase: true })).toBe(false);
    expect(sameSentence('here am I', 'I am here', { ignoreCase: true })).toBe(false);
  });
  it('never matches an empty expectation, even with an empty answer', () => {
    expect(sameSentence('', '', { ignoreCase: true })).toBe(false);
    expect(sameSentence('?', '!', { ignoreCase: true })).toBe(false);
  });
});

describe('spoken text', () => {
  it('ignores all punctuation and case; apostrophes join', () => {
    expect(normaliseSpokenText("Hello, how are you? I don't know.")).toBe('hello how are you i dont know');
    expect(sameSpokenText('hello how are you', 'Hello, how are you?')).toBe(true);
    expect(sameSpokenText('well known', 'well-known')).toBe(true);
  });
  it('still compares the words', () => {
    expect(sameSpokenText('hello how you', 'Hello, how are you?')).toBe(false);
    expect(sameSpokenText('', '...')).toBe(false);
  });
});

describe('lists and words', () => {
  it("splits on ';' with or without spaces and drops empty items", () => {
    expect(splitList('a; b ;c;; ')).toEqual(['a', 'b', 'c']);
    expect(splitList('I am; a student')).toEqual(['I am', 'a student']);
  });
  it('joins words with single spaces', () => {
    expect(joinWords([' I ', 'am', 'here.'])).toBe('I am here.');
  });
});

describe('long answers', () => {
  it('trims edge marks of a 100,000-character answer in linear time', () => {
    const attack = `${'!'.repeat(50_000)}a${'! '.repeat(25_000)}`;
    const ordinary = `${'a '.repeat(50_000)}`;
    expect(normaliseSentence(attack)).toBe('a');
    expect(normaliseSentence(`${'!'.repeat(100_000)}a`)).toBe('a');
    // A quadratic trim is thousands of times slower on the attack than on ordinary words of that length.
    expect(
      relativeCost(
        () => normaliseSentence(attack),
        () => normaliseSentence(ordinary),
        2,
      ),
    ).toBeLessThan(20);
  });
});
