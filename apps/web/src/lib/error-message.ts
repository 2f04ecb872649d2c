import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client.ts';

/**
 * SPEC §8: known codes (validation keys, EMAIL_ALREADY_EXISTS, SERVER_NOT_RESPONDING…) are shown in the
 * learner's language; another 4xx shows the server's own message; everything else is 'Something went wrong'.
 */
export function errorMessage(i18n: I18n, error: unknown): string {
  if (typeof error === 'string') {
    return i18n.exists(`errors.${error}`) ? i18n.t(`errors.${error}`) : i18n.t('errors.generic');
  }
  if (!isApiError(error)) return i18n.t('errors.generic');
  // A sign-in lock lasts until its 15-minute window ends: say how long, not 'a minute' (issue 29).
  if (error.code === 'TOO_MANY_REQUESTS' && error.retryAfterSeconds !== undefined) {
    return i18n.t('errors.TOO_MANY_REQUESTS_wait', {
      count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)),
    });
  }
  if (i18n.exists(`errors.${error.code}`)) return i18n.t(`errors.${error.code}`);
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return i18n.t('errors.generic');
}

export function useErrorMessage(): (error: unknown) => string {
  const { i18n } = useTranslation();
  return useCallback((error: unknown) => errorMessage(i18n, error), [i18n]);
}
