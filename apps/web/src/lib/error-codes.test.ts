import { TIME_ZONE_NOT_VALID } from '@parlo/contract/accounts';
import { billingErrorCodes, refusalCodes, requestErrorCodes } from '@parlo/contract/errors';
import { socialErrorCodes } from '@parlo/contract/social';
import { interfaceLanguages, type InterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import { profileErrorCodes, registrationErrorCodes } from '@parlo/core/validation/user-validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllTranslations, type TranslationTree } from '../i18n/resources.ts';
import { SERVER_NOT_RESPONDING } from './api-client.ts';

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
    ]);
    const english = translations.en.errors;
    const unused = Object.keys(typeof english === 'object' ? english : {}).filter((code) => !known.has(code));
    expect(unused).toEqual([]);
  });
});
