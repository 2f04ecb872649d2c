import { describe, expect, it } from 'vitest';
import { testExercise } from './exercise-factory.ts';
import { checkAnswer, exerciseSchema } from './registry.ts';
import {
  matchesInAnyOrder,
  MAX_GROUP_ITEMS,
  MAX_VARIANTS,
  swapGroupProblem,
  swappedVariants,
} from './swapped-items.ts';

describe('swappedVariants', () => {
  it('gives the sentence alone when nothing is marked', () => {
    expect(swappedVariants('Ich trinke Tee und Kaffee.', undefined)).toEqual(['Ich trinke Tee und Kaffee.']);
    expect(swappedVariants('Ich trinke Tee und Kaffee.', [])).toEqual(['Ich trinke Tee und Kaffee.']);
  });

  it('swaps two items, the sentence as written first, and keeps what lies between them', () => {
    expect(swappedVariants('Ich trinke Tee und Kaffee.', [['Tee', 'Kaffee']])).toEqual([
      'Ich trinke Tee und Kaffee.',
      'Ich trinke Kaffee und Tee.',
    ]);
  });

  it('swaps items of several words and items listed out of sentence order', () => {
    const expected = [
      'Ich habe einen Bruder und eine Schwester.',
      'Ich habe eine Schwester und einen Bruder.',
    ];
    expect(swappedVariants(expected[0]!, [['einen Bruder', 'eine Schwester']])).toEqual(expected);
    expect(swappedVariants(expected[0]!, [['eine Schwester', 'einen Bruder']])).toEqual(expected);
  });

  it('gives all six orders of three items, commas staying in their places', () => {
    const variants = swappedVariants('I like tea, coffee and milk.', [['tea', 'coffee', 'milk']]);
    expect(variants).toHaveLength(6);
    expect(new Set(variants)).toEqual(
      new Set([
        'I like tea, coffee and milk.',
        'I like tea, milk and coffee.',
        'I like coffee, tea and milk.',
        'I like coffee, milk and tea.',
        'I like milk, tea and coffee.',
        'I like milk, coffee and tea.',
      ]),
    );
  });

  it('gives all 24 orders of the largest group', () => {
    const variants = swappedVariants('I like a, b, c and d', [['a', 'b', 'c', 'd']]);
    expect(variants).toHaveLength(24);
    expect(new Set(variants).size).toBe(24);
  });

  it('moves the capital with the start of the sentence, and also keeps each item as written', () => {
    expect(swappedVariants('Tea and coffee are cheap.', [['Tea', 'coffee']])).toEqual([
      'Tea and coffee are cheap.',
      'coffee and Tea are cheap.',
      'Coffee and tea are cheap.',
    ]);
    expect(swappedVariants('¿Marta y Luis?', [['Marta', 'Luis']])).toEqual([
      '¿Marta y Luis?',
      '¿Luis y Marta?',
    ]);
    expect(swappedVariants('un chat et un chien', [['un chat', 'un chien']])).toEqual([
      'un chat et un chien',
      'un chien et un chat',
    ]);
    // An item that is not at the start keeps its case in every order.
    expect(swappedVariants('Ich sehe Anna und Tom.', [['Anna', 'Tom']])).toEqual([
      'Ich sehe Anna und Tom.',
      'Ich sehe Tom und Anna.',
    ]);
  });

  it('combines independent groups', () => {
    expect(
      new Set(
        swappedVariants('Marta y Luis comen pan y queso.', [
          ['Marta', 'Luis'],
          ['pan', 'queso'],
        ]),
      ),
    ).toEqual(
      new Set([
        'Marta y Luis comen pan y queso.',
        'Luis y Marta comen pan y queso.',
        'Marta y Luis comen queso y pan.',
        'Luis y Marta comen queso y pan.',
      ]),
    );
  });

  it('caps the number of orders tried', () => {
    const variants = swappedVariants('x a b c d e f g h', [
      ['a', 'b', 'c', 'd'],
      ['e', 'f', 'g', 'h'],
    ]);
    expect(variants.length).toBeLessThanOrEqual(MAX_VARIANTS);
    expect(variants[0]).toBe('x a b c d e f g h');
  });

  it('matches whole words only, and each item at its first free place', () => {
    // "Tee" inside "Teetasse" is not the item; the item is the later whole word.
    expect(swappedVariants('Die Teetasse: Tee und Kaffee', [['Tee', 'Kaffee']])).toEqual([
      'Die Teetasse: Tee und Kaffee',
      'Die Teetasse: Kaffee und Tee',
    ]);
    // An item takes the first place no other item has taken.
    expect(swappedVariants('le chat voit le chat et le chien', [['le chien', 'le chat voit']])).toEqual([
      'le chat voit le chat et le chien',
      'le chien le chat et le chat voit',
    ]);
    // The longer item, listed first, takes its place first; the shorter one then takes the free one.
    expect(swappedVariants('le chat et le chat noir', [['le chat noir', 'le chat']])).toEqual([
      'le chat et le chat noir',
      'le chat noir et le chat',
    ]);
  });

  it('ignores a group that does not fit the sentence', () => {
    const sentence = 'Ich trinke Tee und Kaffee.';
    for (const group of [
      ['Tee', 'Saft'],
      ['Tee'],
      ['Tee', 'Tee'],
      ['Te', 'Kaffee'],
      ['a', 'b', 'c', 'd', 'e'],
    ]) {
      expect(swappedVariants(sentence, [group])).toEqual([sentence]);
    }
    // A group overlapping an earlier group is ignored; the earlier one still applies.
    expect(
      swappedVariants(sentence, [
        ['Tee', 'Kaffee'],
        ['Tee und Kaffee', 'Ich'],
      ]),
    ).toEqual(['Ich trinke Tee und Kaffee.', 'Ich trinke Kaffee und Tee.']);
  });

  it('normalises the sentence and the items as the checks do (NFC, apostrophes, spaces)', () => {
    expect(swappedVariants('J’ai un  café et un the\u0301.', [['un café', 'un thé']])).toEqual([
      "J'ai un café et un thé.",
      "J'ai un thé et un café.",
    ]);
  });
});

describe('swapGroupProblem', () => {
  it('accepts a group of 2 to the largest number of whole-word items', () => {
    expect(swapGroupProblem('Tee und Kaffee', ['Tee', 'Kaffee'])).toBeNull();
    expect(swapGroupProblem('a, b, c und d', ['a', 'b', 'c', 'd'].slice(0, MAX_GROUP_ITEMS))).toBeNull();
  });
  it('names what is wrong with a group', () => {
    expect(swapGroupProblem('Tee und Kaffee', ['Tee'])).toMatch(/2 to 4 items/);
    expect(swapGroupProblem('a b c d e', ['a', 'b', 'c', 'd', 'e'])).toMatch(/2 to 4 items/);
    expect(swapGroupProblem('Tee und Tee', ['Tee', 'Tee'])).toMatch(/same item twice/);
    expect(swapGroupProblem('Tee und Kaffee', ['Tee', 'Saft'])).toMatch(/'Saft' is not a whole word/);
    expect(swapGroupProblem('Teekanne und Kaffee', ['Tee', 'Kaffee'])).toMatch(/'Tee' is not a whole word/);
  });
});

describe('matchesInAnyOrder', () => {
  const exact = (given: string, expected: string) => given === expected;
  it('accepts the sentence in any marked order and nothing else', () => {
    const groups = [['Tee', 'Kaffee']];
    expect(matchesInAnyOrder('Tee und Kaffee', 'Tee und Kaffee', groups, exact)).toBe(true);
    expect(matchesInAnyOrder('Kaffee und Tee', 'Tee und Kaffee', groups, exact)).toBe(true);
    expect(matchesInAnyOrder('Kaffee Tee und', 'Tee und Kaffee', groups, exact)).toBe(false);
    expect(matchesInAnyOrder('Kaffee und Tee', 'Tee und Kaffee', undefined, exact)).toBe(false);
  });
});

describe('type 9 with marked items', () => {
  const exercise = testExercise(9, {
    type9_word_choice: 'Ich; habe; einen; Bruder; und; eine; Schwester; keinen',
    type9_in_correct_order: 'Ich habe einen Bruder und eine Schwester.',
    type9_sentence: 'I have a brother and a sister.',
    type9_swaps: [['einen Bruder', 'eine Schwester']],
  });
  const words = (sentence: string) => ({ words: sentence.split(' ') });

  it('accepts either order of the marked items', () => {
    expect(checkAnswer(exercise, words('Ich habe einen Bruder und eine Schwester')).correct).toBe(true);
    expect(checkAnswer(exercise, words('Ich habe eine Schwester und einen Bruder')).correct).toBe(true);
  });
  it('still refuses other orders, other words and another case', () => {
    expect(checkAnswer(exercise, words('Ich habe einen Schwester und eine Bruder')).correct).toBe(false);
    expect(checkAnswer(exercise, words('Ich habe und einen Bruder eine Schwester')).correct).toBe(false);
    expect(checkAnswer(exercise, words('Ich habe keinen Bruder und eine Schwester')).correct).toBe(false);
    expect(checkAnswer(exercise, words('ich habe eine Schwester und einen Bruder')).correct).toBe(false);
  });
  it('shows the sentence as written as the right answer', () => {
    expect(checkAnswer(exercise, words('Ich habe eine Schwester und einen Bruder')).rightAnswer).toBe(
      'Ich habe einen Bruder und eine Schwester.',
    );
  });
  it('accepts the marked field as optional content, and only groups of two or more', () => {
    const { type9_swaps: _swaps, ...unmarked } = exercise;
    expect(exerciseSchema.safeParse(unmarked).success).toBe(true);
    expect(checkAnswer(unmarked, words('Ich habe eine Schwester und einen Bruder')).correct).toBe(false);
    expect(exerciseSchema.safeParse({ ...exercise, type9_swaps: [['einen Bruder']] }).success).toBe(false);
  });
});

describe('type 10 with marked items', () => {
  const exercise = testExercise(10, {
    type10_sentence: 'Wir essen Hähnchen und Fisch.',
    type10_options: 'Hähnchen; Fisch; Käse',
    type10_missing_words: 'Hähnchen; Fisch',
    type10_translation: 'We eat chicken and fish.',
    type10_swaps: [['Hähnchen', 'Fisch']],
  });
  const words = (sentence: string) => ({ words: sentence.split(' ') });

  it('accepts the blanks filled in either order of the marked items', () => {
    expect(checkAnswer(exercise, words('Wir essen Hähnchen und Fisch.')).correct).toBe(true);
    expect(checkAnswer(exercise, words('Wir essen Fisch und Hähnchen.')).correct).toBe(true);
    expect(checkAnswer(exercise, words('wir essen fisch und hähnchen')).correct).toBe(true);
  });
  it('still refuses another word or the same word twice', () => {
    expect(checkAnswer(exercise, words('Wir essen Käse und Fisch.')).correct).toBe(false);
    expect(checkAnswer(exercise, words('Wir essen Fisch und Fisch.')).correct).toBe(false);
    const { type10_swaps: _swaps, ...unmarked } = exercise;
    expect(checkAnswer(unmarked, words('Wir essen Fisch und Hähnchen.')).correct).toBe(false);
  });
});
