import { describe, expect, it } from 'vitest';
import { sameSentence, sameSpokenText } from './answer-text.ts';
import { contractionSpellings, withContractionsAs } from './contractions.ts';
import { matchTyped } from '../review/forgiving-check.ts';

describe('contractions are the same answer as their long forms (issue 31)', () => {
  it.each([
    ["I'm fine, thank you.", 'I am fine, thank you.'],
    ['I am fine, thank you.', "I'm fine, thank you."],
    ["We're flying to Rome tomorrow.", 'We are flying to Rome tomorrow.'],
    ["I don't like milk.", 'I do not like milk.'],
    ["I'd like fruit for dessert.", 'I would like fruit for dessert.'],
    ["I can't dance.", 'I cannot dance.'],
    ["I can't dance.", 'I can not dance.'],
    ["What's your phone number?", 'What is your phone number?'],
    ["He's got a new watch.", 'He has got a new watch.'],
    ['They are in love.', "They're in love."],
    ['It is very hot.', "It's very hot."],
    ['It’s very hot.', 'It is very hot.'],
  ])('"%s" for "%s"', (given, expected) => {
    expect(sameSentence(given, expected, { ignoreCase: true })).toBe(true);
    expect(matchTyped(given, expected)?.verdict).toBe('exact');
    expect(sameSpokenText(given, expected)).toBe(true);
  });

  it('keeps possessives, other words and word order', () => {
    expect(withContractionsAs("Tom is Anna's dad.", "Tom is Anna's dad.")).toBe("Tom is Anna's dad.");
    expect(sameSentence("Anna's dad", 'Anna is dad', { ignoreCase: true })).toBe(false);
    expect(sameSentence("I'm not fine.", 'I am fine.', { ignoreCase: true })).toBe(false);
    expect(sameSentence("You're fine.", 'I am fine.', { ignoreCase: true })).toBe(false);
    expect(sameSentence("I'll go.", 'I would go.', { ignoreCase: true })).toBe(false);
  });

  it('still lets the forgiving check find a typo elsewhere', () => {
    expect(matchTyped("I'm fine, thakn you.", 'I am fine, thank you.')?.verdict).toBe('typo');
  });

  it('leaves texts without contractions untouched', () => {
    expect(withContractionsAs('Ich habe Hunger.', 'Ich bin hungrig.')).toBe('Ich habe Hunger.');
    expect(withContractionsAs("J'ai seize ans.", "J'ai 16 ans.")).toBe("J'ai seize ans.");
  });
});

describe('contractionSpellings: each way a text may be respelt, for finding candidates', () => {
  it('keeps or spells out each contraction, and leaves a text without one as it is', () => {
    expect(contractionSpellings("He's sure I'm late.")).toEqual([
      "He's sure I'm late.",
      "He's sure i am late.",
      "he is sure I'm late.",
      'he is sure i am late.',
      "he has sure I'm late.",
      'he has sure i am late.',
    ]);
    expect(contractionSpellings("Anna's cat can't swim")).toEqual([
      "Anna's cat can't swim",
      "Anna's cat cannot swim",
      "Anna's cat can not swim",
    ]);
    expect(contractionSpellings("J'ai 16 ans.")).toEqual(["J'ai 16 ans."]);
  });
});
