import { useMutation } from '@tanstack/react-query';
import { unsubscribeReminderMails } from '@parlo/contract/notifications';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { callApi, isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';

/**
 * `/unsubscribe?token=…` from a reminder e-mail; no sign-in needed. Opening the link changes nothing:
 * mail scanners open links (some run the page's scripts too), so the learner confirms with the button
 * (issue 29). Mail clients unsubscribe in one click through List-Unsubscribe-Post (RFC 8058) instead.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const token = useSearchParams()[0].get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: (secret: string) => callApi(unsubscribeReminderMails, { body: { token: secret } }),
  });

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
        ) : (
          <>
            {unsubscribe.isError ? <Alert>{errorText(unsubscribe.error)}</Alert> : null}
            <p>{t('notifications.unsubscribeQuestion')}</p>
          </>
        )}
        <div className="form__actions">
          {invalid || unsubscribe.isSuccess ? null : (
            <Button
              onClick={() => unsubscribe.mutate(token)}
              loading={unsubscribe.isPending}
              loadingLabel={t('notifications.unsubscribeWorking')}
            >
              {t('notifications.unsubscribeConfirm')}
            </Button>
          )}
          <ButtonLink to="/" variant="secondary">
            {t('notifications.toParlo')}
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}
