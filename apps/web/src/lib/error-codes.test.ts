import { TIME_ZONE_NOT_VALID } from '@parlo/contract/accounts';
import { billingErrorCodes, refusalCodes, requestErrorCodes } from '@parlo/contract/errors';
import { socialErrorCodes } from '@parlo/contract/social';
import { interfaceLanguages, type InterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import { profileErrorCodes, registrationErrorCodes } from '@parlo/core/validation/user-validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n.ts';
import { loadAllTranslations, type TranslationTree } from '../i18n/resources.ts';
import { ApiError, retryAfterSeconds, SERVER_NOT_RESPONDING } from './api-client.ts';
import { errorMessage } from './error-message.ts';

/*
 * SPEC §8: every code the server can refuse with is shown to the learner in their own language, never as
 * the server's English message. The codes are the contract's; the texts are the web app's `errors.*`.
 */
const serverCodes = [
  ...requestErrorCodes,
  ...refusalCodes,
  ...billingErrorCodes,
  ...socialErrorCodes,
  ...registrationErrorCodes,
  ...profileErrorCodes,
  // Field codes of SPEC §5 that only the server's own checks send (too long, not a number).
  'error-age-not-valid',
  'error-name-too-long',
  // The sign-in provider's name in a social call's path (issue 12).
  'UNKNOWN_NETWORK',
  // A time zone Intl does not know (issue 13).
  TIME_ZONE_NOT_VALID,
];

let translations: Record<InterfaceLanguage, TranslationTree>;
beforeAll(async () => {
  translations = await loadAllTranslations();
});

describe('error texts', () => {
  it.each(interfaceLanguages)('%s has a text for every code the server sends', (language) => {
    const errors = translations[language].errors;
    const texts = typeof errors === 'object' ? errors : {};
    const missing = serverCodes.filter((code) => {
      const text = texts[code];
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('has no text for a code the server never sends', () => {
    // Besides the server's codes: the web app's own texts (SPEC §8), and a request that got no answer.
    const known = new Set<string>([
      ...serverCodes,
      SERVER_NOT_RESPONDING,
      // The purchase form's own check before anything is sent (issue 11).
      'card-required',
      'generic',
      'unknown-error',
      'unknownErrorText',
      // TOO_MANY_REQUESTS with the answer's Retry-After, in the language's plural forms.
      'TOO_MANY_REQUESTS_wait',
    ]);
    const english = translations.en.errors;
    const unused = Object.keys(typeof english === 'object' ? english : {})
      .map((code) => code.replace(/_(zero|one|two|few|many|other)$/, ''))
      .filter((code) => !known.has(code));
    expect(unused).toEqual([]);
  });
});

describe('a sign-in lock says how long it lasts (issue 29)', () => {
  const locked = (seconds: number | undefined) =>
    new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many attempts.', seconds);

  it('reads Retry-After in seconds', () => {
    expect(retryAfterSeconds('843')).toBe(843);
    expect(retryAfterSeconds(' 5 ')).toBe(5);
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });

  it("names the real wait in whole minutes, in the learner's language", () => {
    const en = createI18n('en', translations);
    expect(errorMessage(en, locked(843))).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(errorMessage(en, locked(30))).toBe('Too many attempts. Please wait 1 minute and try again.');
    const ru = createI18n('ru', translations);
    expect(errorMessage(ru, locked(843))).toBe('Слишком много попыток. Попробуйте снова через 15 минут.');
    expect(errorMessage(ru, locked(120))).toBe('Слишком много попыток. Попробуйте снова через 2 минуты.');
    const de = createI18n('de', translations);
    expect(errorMessage(de, locked(600))).toBe(
      'Zu viele Versuche. Bitte warte 10 Minuten und versuche es erneut.',
    );
  });

  it('keeps the plain text when the answer gave no wait', () => {
    const en = createI18n('en', translations);
    expect(errorMessage(en, locked(undefined))).toBe(en.t('errors.TOO_MANY_REQUESTS'));
  });
});
