import './notification-centre.css';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import { BellIcon } from './ui/more-icons.tsx';
import { Spinner } from './ui/spinner.tsx';
import { useNotifications } from '../lib/notifications/use-notifications.ts';
import { NotificationTime } from './notification-time.tsx';
import { PushPermission } from './push-permission.tsx';
import { foreignTextProps } from '../lib/foreign-text.ts';

/** The settings' notifications panel (SPEC §2): the whole list, newest first, unread ones marked. */
export function NotificationCentre() {
  const { t } = useTranslation();
  const { notifications, unread, markAllRead, loading } = useNotifications();

  return (
    <div className="notification-centre">
      <PushPermission />
      {loading ? (
        <Spinner label={t('common.loading')} />
      ) : notifications.length === 0 ? (
        <EmptyState
          icon={<BellIcon />}
          title={t('notifications.listTitle')}
          text={t('notifications.empty')}
        />
      ) : (
        <>
          <div className="notification-centre__head">
            <h3 className="notification-centre__title">{t('notifications.listTitle')}</h3>
            {unread > 0 ? (
              <Button variant="ghost" size="sm" onClick={markAllRead}>
                {t('notifications.markAllRead')}
              </Button>
            ) : null}
          </div>
          <ol className="notification-centre__list">
            {notifications.map((item) => (
              <li
                key={item.id}
                className={item.read ? 'notification-item' : 'notification-item notification-item--unread'}
              >
                {item.read ? null : <span className="visually-hidden">{t('notifications.unread')}</span>}
                <p className="notification-item__content" {...foreignTextProps(undefined)}>
                  {item.content}
                </p>
                <NotificationTime className="notification-item__time" timestamp={item.timestamp} />
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
