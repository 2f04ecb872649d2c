import { describe, expect, it } from 'vitest';
import { matchTyped } from '../review/forgiving-check.ts';
import { sameSentence, sameSpokenText } from './answer-text.ts';
import { testExercise } from './exercise-factory.ts';
import { numberValue, withNumbersAs } from './number-words.ts';
import { checkAnswer } from './registry.ts';

describe('numbers in digits or words (issue 29 item 18)', () => {
  it('reads 0 to 100 in English, German, French and Spanish with their common spellings', () => {
    const cases: Array<[string, number]> = [
      ['zero', 0],
      ['twenty-one', 21],
      ['twenty one', 21],
      ['ninety-nine', 99],
      ['a hundred', 100],
      ['null', 0],
      ['elf', 11],
      ['einundzwanzig', 21],
      ['dreißig', 30],
      ['dreissig', 30],
      ['siebenundneunzig', 97],
      ['einhundert', 100],
      ['vingt et un', 21],
      ['vingt-et-un', 21],
      ['soixante-dix', 70],
      ['soixante et onze', 71],
      ['quatre-vingts', 80],
      ['quatre-vingt-un', 81],
      ['quatre-vingt-dix-neuf', 99],
      ['septante', 70],
      ['nonante-deux', 92],
      ['cent', 100],
      ['veintiuno', 21],
      ['veintiún', 21],
      ['veintidós', 22],
      ['veintidos', 22],
      ['treinta y uno', 31],
      ['dieciséis', 16],
      ['noventa y nueve', 99],
      ['cien', 100],
      ['42', 42],
    ];
    for (const [text, value] of cases) expect(numberValue(text), text).toBe(value);
    // Every value 0..100 has a spelling in each language.
    for (let value = 0; value <= 100; value += 1) expect(numberValue(String(value))).toBe(value);
    expect(numberValue('Hund')).toBeNull();
  });

  it('accepts a recognised sentence with digits for number words (type 14), in all four languages', () => {
    expect(sameSpokenText('Anna ist 11 Jahre alt', 'Anna ist elf Jahre alt.')).toBe(true);
    // A contraction is the same answer too (contractions.ts).
    expect(sameSpokenText('I am 21 years old', "I'm twenty-one years old")).toBe(true);
    expect(sameSpokenText('I am 21 years old', 'I am twenty-one years old.')).toBe(true);
    expect(sameSpokenText("J'ai 21 ans", "J'ai vingt et un ans.")).toBe(true);
    expect(sameSpokenText('Tengo 21 años', 'Tengo veintiún años.')).toBe(true);
    expect(sameSpokenText('Er ist 21', 'Er ist einundzwanzig.')).toBe(true);
    expect(sameSpokenText('Il a 80 ans', 'Il a quatre-vingts ans.')).toBe(true);
    // The other way round too: the course writes digits, the recogniser words.
    expect(sameSpokenText('Bus number seven', 'Bus number 7')).toBe(true);
    // A different number is still wrong.
    expect(sameSpokenText('Anna ist 12 Jahre alt', 'Anna ist elf Jahre alt.')).toBe(false);
    expect(sameSpokenText('Anna ist zwölf Jahre alt', 'Anna ist elf Jahre alt.')).toBe(false);

    const speaking = testExercise(14, { type14_sentence: 'Anna ist elf Jahre alt.' });
    expect(checkAnswer(speaking, { text: 'Anna ist 11 Jahre alt' }).correct).toBe(true);
  });

  it('accepts typed digits for number words in the typed types (11, 13) and sentences', () => {
    expect(matchTyped('Tengo 21 años', 'Tengo veintiún años')?.verdict).toBe('exact');
    expect(matchTyped('He is twenty-one', 'He is 21')?.verdict).toBe('exact');
    expect(matchTyped('He is 22', 'He is twenty-one')).toBeNull();
    expect(sameSentence('Sie ist 11.', 'Sie ist elf.', { ignoreCase: false })).toBe(true);

    const typed = testExercise(11, {
      type11_question: 'Anna is eleven years old',
      type11_correct_answers: 'Anna ist elf Jahre alt',
    });
    expect(checkAnswer(typed, { text: 'Anna ist 11 Jahre alt' }).correct).toBe(true);
    const heard = testExercise(13, {
      type13_word_or_phrase: 'Il a vingt et un ans',
      type13_correct_answers: ['Il a vingt et un ans'],
    });
    expect(checkAnswer(heard, { text: 'il a 21 ans' }).correct).toBe(true);
  });

  it('never turns words into other words: only digits against number words are forgiven', () => {
    // Both read 1, but the article is what the exercise tests.
    expect(sameSentence('Ich habe eine Hund', 'Ich habe einen Hund', { ignoreCase: false })).toBe(false);
    expect(matchTyped('ich habe eine hund', 'Ich habe ein Hund')).toBeNull();
    expect(withNumbersAs('no numbers here', 'none here either')).toBe('no numbers here');
    expect(withNumbersAs('Anna ist 11 Jahre alt!', 'Anna ist elf Jahre alt.')).toBe(
      'Anna ist elf Jahre alt!',
    );
  });
});
