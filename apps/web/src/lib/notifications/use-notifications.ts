import { useCallback } from 'react';
import { useSession } from '../session.ts';
import { useMarkNotificationsRead, useNotificationList } from './api.ts';
import { unreadCount } from './records.ts';

/** The bell's list (newest first, from the server) and its unread count: total − read (SPEC §2). */
export function useNotifications() {
  const signedIn = Boolean(useSession().data);
  const list = useNotificationList(signedIn);
  const markRead = useMarkNotificationsRead();
  const notifications = list.data?.notifications ?? [];
  const unread = list.data ? unreadCount(list.data.total, list.data.read) : 0;
  const newestId = notifications[0]?.id;
  const { mutate } = markRead;

  const markAllRead = useCallback(() => {
    if (newestId !== undefined && unread > 0) mutate(newestId);
  }, [newestId, unread, mutate]);

  return { notifications, unread, markAllRead, loading: list.isPending && signedIn, failed: list.isError };
}
