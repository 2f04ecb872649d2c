import { useMutation } from '@tanstack/react-query';
import { unsubscribeReminderMails } from '@parlo/contract/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { callApi, isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';

/**
 * `/unsubscribe?token=…` from a reminder e-mail: opening the link is the one click; no sign-in needed.
 * The page (not the link itself) sends the request, so a mail scanner fetching links changes nothing.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const token = useSearchParams()[0].get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: (secret: string) => callApi(unsubscribeReminderMails, { body: { token: secret } }),
  });
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const invalid =
    !token ||
    (unsubscribe.isError && isApiError(unsubscribe.error) && [400, 404].includes(unsubscribe.error.status));
  return (
    <Page title={t('notifications.unsubscribeTitle')} width="narrow">
      <Card padding="lg">
        {invalid ? (
          <Alert tone="info">{t('notifications.unsubscribeInvalid')}</Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert tone="success">{t('notifications.unsubscribeDone')}</Alert>
        ) : unsubscribe.isError ? (
          <Alert>{errorText(unsubscribe.error)}</Alert>
        ) : (
          <Spinner label={t('notifications.unsubscribeWorking')} />
        )}
        <p>
          <ButtonLink to="/" variant="secondary">
            {t('notifications.toParlo')}
          </ButtonLink>
        </p>
      </Card>
    </Page>
  );
}
