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
  if (i18n.exists(`errors.${error.code}`)) return i18n.t(`errors.${error.code}`);
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return i18n.t('errors.generic');
}

export function useErrorMessage(): (error: unknown) => string {
  const { i18n } = useTranslation();
  return useCallback((error: unknown) => errorMessage(i18n, error), [i18n]);
}
