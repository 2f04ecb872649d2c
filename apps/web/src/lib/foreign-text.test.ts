import { describe, expect, it } from 'vitest';
import { directionOfLanguage, foreignTextProps, isolated } from './foreign-text.ts';

describe('the direction of text in another language (issue 29)', () => {
  it('is left to right for the course languages, whatever the interface', () => {
    for (const language of ['en', 'de', 'fr', 'es', 'de-DE', 'en_GB']) {
      expect(directionOfLanguage(language)).toBe('ltr');
    }
  });

  it('is right to left for Arabic and the other right-to-left scripts', () => {
    expect(directionOfLanguage('ar')).toBe('rtl');
    expect(directionOfLanguage('he-IL')).toBe('rtl');
    expect(directionOfLanguage('FA')).toBe('rtl');
  });

  it('is left to the text itself when the language is not known', () => {
    expect(directionOfLanguage(undefined)).toBe('auto');
    expect(directionOfLanguage('')).toBe('auto');
    expect(foreignTextProps(undefined)).toEqual({ dir: 'auto' });
  });

  it('gives an element both its language and its direction', () => {
    expect(foreignTextProps('de')).toEqual({ lang: 'de', dir: 'ltr' });
  });

  it('isolates a value put into a sentence with first-strong isolate marks', () => {
    expect(isolated('How are you?')).toBe('\u2068How are you?\u2069');
  });
});
