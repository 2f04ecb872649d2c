import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../components/ui/more-icons.tsx';
import { Menu, MenuLabel, MenuNote, MenuSeparator } from '../../../components/ui/menu.tsx';
import { useNotifications } from '../../../lib/notifications/use-notifications.ts';
import { usePushSync } from '../hooks/use-push-sync.ts';
import { badgeLabel } from '../../../lib/notifications/records.ts';

export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const { notifications, unread, markAllRead } = useNotifications();
  usePushSync(true);
  const badge = badgeLabel(unread);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Menu
      label={t('nav.notifications')}
      onOpenChange={(open) => {
        // Opening the list is reading it: the badge clears once the learner has seen the messages.
        if (open) markAllRead();
      }}
      trigger={
        <button
          type="button"
          className="icon-button header__icon-button"
          data-testid="notification-bell"
          aria-label={badge ? t('nav.notificationsUnread', { unread }) : t('nav.notifications')}
        >
          <BellIcon />
          {badge ? (
            <span className="badge" aria-hidden="true" data-testid="notification-badge">
              {badge}
            </span>
          ) : null}
        </button>
      }
    >
      <MenuLabel>{t('nav.notifications')}</MenuLabel>
      <MenuSeparator />
      {notifications.length === 0 ? (
        <MenuNote>{t('nav.noNotifications')}</MenuNote>
      ) : (
        notifications.map((notification) => (
          <MenuNote key={notification.id}>
            <span className="notification__content">{notification.content}</span>
            {notification.timestamp > 0 ? (
              <time
                className="notification__time"
                dateTime={new Date(notification.timestamp * 1000).toISOString()}
              >
                {dateFormat.format(notification.timestamp * 1000)}
              </time>
            ) : null}
          </MenuNote>
        ))
      )}
    </Menu>
  );
}
