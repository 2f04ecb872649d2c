import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markNotificationsRead, notifications, type NotificationList } from '@parlo/contract/notifications';
import { callApi } from '../api-client.ts';

export const notificationsQueryKey = ['notifications'] as const;

/**
 * The learner's notifications from the server (the same on every device). Refreshed when the page
 * comes back to the front, every minute, and at once when a push arrives (the service worker tells
 * the page; see push-messages.ts).
 */
export function useNotificationList(enabled: boolean) {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => callApi(notifications, { signal }),
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upToId: number) => callApi(markNotificationsRead, { body: { upToId } }),
    onMutate: (upToId) => {
      // The badge clears at once; the server's answer is the same list with these marked read.
      queryClient.setQueryData<NotificationList>(notificationsQueryKey, (list) =>
        list
          ? {
              ...list,
              read: list.total,
              notifications: list.notifications.map((item) =>
                item.id <= upToId ? { ...item, read: true } : item,
              ),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
