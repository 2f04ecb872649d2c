import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsQueryKey } from '../../../lib/notifications/api.ts';
import { PUSH_MESSAGE_TYPE } from '../../../lib/push/push-message.ts';
import { pushPermission, syncPushSubscription } from '../../../lib/push/push-device.ts';

/**
 * While signed in: keep this device's push subscription known to the server (it can change under the
 * browser), and refresh the bell as soon as the service worker reports a push.
 */
export function usePushSync(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || pushPermission() !== 'granted') return;
    void syncPushSubscription({ subscribe: true }).catch(() => {});
  }, [signedIn]);

  useEffect(() => {
    if (!signedIn || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === PUSH_MESSAGE_TYPE) {
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [signedIn, queryClient]);
}
