import './push-permission.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { BellIcon } from './ui/more-icons.tsx';
import { pushPermission, turnOnPush, type PushPermission as Permission } from '../lib/push/push-device.ts';

/**
 * Explains push reminders and asks the browser's permission only when the learner clicks (never on
 * page load). Shown on the reminders step of onboarding and in the reminders panel.
 */
export function PushPermission() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<Permission>(pushPermission);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const allow = async () => {
    setBusy(true);
    setFailed(false);
    try {
      setPermission(await turnOnPush());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="push-permission" aria-labelledby="push-permission-title">
      <span className="push-permission__icon" aria-hidden="true">
        <BellIcon />
      </span>
      <div className="push-permission__body">
        <h3 id="push-permission-title" className="push-permission__title">
          {t('notifications.title')}
        </h3>
        {permission === 'default' ? (
          <>
            <p className="push-permission__text">{t('notifications.explain')}</p>
            <Button
              type="button"
              variant="secondary"
              onClick={() => void allow()}
              loading={busy}
              loadingLabel={t('common.loading')}
            >
              {t('notifications.turnOn')}
            </Button>
          </>
        ) : (
          <p className="push-permission__text" role="status">
            {t(
              `notifications.${permission === 'granted' ? 'on' : permission === 'denied' ? 'blocked' : 'unsupported'}`,
            )}
          </p>
        )}
        {failed ? <Alert>{t('notifications.failed')}</Alert> : null}
      </div>
    </section>
  );
}
