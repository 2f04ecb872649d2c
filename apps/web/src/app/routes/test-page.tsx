import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Img } from '../../components/ui/img.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

function Crash(): never {
  throw new Error('Simulated render failure from /test');
}

/** SPEC §2 /test: the interface's building blocks on one page, plus a way to see the error screen. */
export function TestPage() {
  const { t } = useTranslation();
  const [crashed, setCrashed] = useState(false);
  return (
    <Page title={t('dev.test.title')} subtitle={t('dev.test.text')}>
      <div className="sheet">
        <Card padding="lg">
          <div className="sheet__row">
            <Button>{t('common.continue')}</Button>
            <Button variant="secondary">{t('common.cancel')}</Button>
            <Button variant="accent">{t('billing.goPremium')}</Button>
            <Button variant="danger">{t('dashboard.exitConfirm')}</Button>
            <Button variant="ghost">{t('common.back')}</Button>
            <Button loading loadingLabel={t('common.loading')}>
              {t('common.loading')}
            </Button>
          </div>
        </Card>
        <Card padding="lg">
          <Field label={t('auth.email')} hint={t('auth.emailHint')}>
            <Input type="email" />
          </Field>
          <Field label={t('auth.nameLabel')} error={t('errors.error-name-not-set')}>
            <Input />
          </Field>
        </Card>
        <Card padding="lg" className="sheet__row">
          <Alert tone="info">{t('auth.socialNotConfigured', { provider: 'Google' })}</Alert>
          <Alert tone="success">{t('auth.resetLinkSent')}</Alert>
          <Alert>{t('errors.SERVER_NOT_RESPONDING')}</Alert>
        </Card>
        <Card padding="lg" className="sheet__row">
          <Spinner label={t('common.loading')} />
          <Img className="sheet__image" src="/missing-picture.png" alt={t('dev.test.brokenImage')} />
          <Button variant="danger" onClick={() => setCrashed(true)}>
            {t('dev.test.crash')}
          </Button>
          {crashed ? <Crash /> : null}
        </Card>
      </div>
    </Page>
  );
}
