import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../components/ui/more-icons.tsx';
import { Menu, MenuLabel, MenuNote, MenuSeparator } from '../../../components/ui/menu.tsx';
import { useNotifications } from '../../../lib/notifications/use-notifications.ts';
import { usePushSync } from '../hooks/use-push-sync.ts';
import { badgeLabel } from '../../../lib/notifications/records.ts';
import { NotificationTime } from '../../../components/notification-time.tsx';
import { foreignTextProps } from '../../../lib/foreign-text.ts';

export function NotificationBell() {
  const { t } = useTranslation();
  const { notifications, unread, markAllRead } = useNotifications();
  usePushSync(true);
  const badge = badgeLabel(unread);

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
            {/* Written in the interface language of its day, which may not be today's (foreign-text.ts). */}
            <span className="notification__content" {...foreignTextProps(undefined)}>
              {notification.content}
            </span>
            {notification.timestamp > 0 ? (
              <NotificationTime className="notification__time" timestamp={notification.timestamp} />
            ) : null}
          </MenuNote>
        ))
      )}
    </Menu>
  );
}
