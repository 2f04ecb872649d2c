import { useCallback, useEffect, useState } from 'react';
import { localRecordKeys, readLocalRecord, writeLocalRecord } from '../../../lib/local-records.ts';
import { parseNotifications, parseReadCount, unreadCount } from '../notification-records.ts';

function readState() {
  const notifications = parseNotifications(readLocalRecord(localRecordKeys.notifications));
  const readCount = parseReadCount(readLocalRecord(localRecordKeys.readNotifications));
  return { notifications, unread: unreadCount(notifications.length, readCount) };
}

/** The device's notification list and its unread count, kept in step with other tabs. */
export function useNotifications() {
  const [state, setState] = useState(readState);

  useEffect(() => {
    const refresh = (event: StorageEvent) => {
      if (event.key === null || event.key.includes('notifications')) setState(readState());
    };
    window.addEventListener('storage', refresh);
    return () => window.removeEventListener('storage', refresh);
  }, []);

  const markAllRead = useCallback(() => {
    const current = readState();
    writeLocalRecord(localRecordKeys.readNotifications, String(current.notifications.length));
    setState(readState());
  }, []);

  return { ...state, markAllRead };
}
