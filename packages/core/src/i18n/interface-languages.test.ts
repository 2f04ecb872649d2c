import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pickInterfaceLanguage } from './interface-languages.ts';

describe('acceptedLanguages', () => {
  it('orders by weight, keeping the header order on ties', () => {
    expect(acceptedLanguages('fr;q=0.5, de-CH, ar;q=0.9, es;q=0.5')).toEqual(['de-CH', 'ar', 'fr', 'es']);
  });

  it('leaves out refused languages, the wildcard and garbage', () => {
    expect(acceptedLanguages('de;q=0, *;q=0.1, ,ru;q=abc, it')).toEqual(['it']);
  });

  it('is empty without a header', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});

describe('pickInterfaceLanguage', () => {
  it('prefers the saved choice, then the first supported browser language, else English', () => {
    expect(pickInterfaceLanguage('ar', ['de-DE'])).toBe('ar');
    expect(pickInterfaceLanguage('xx', acceptedLanguages('nl-NL, pt-BR;q=0.8, de;q=0.9'))).toBe('de');
    expect(pickInterfaceLanguage(undefined, ['nl', 'ja'])).toBe('en');
  });
});
