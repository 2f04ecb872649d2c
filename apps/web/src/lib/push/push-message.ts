import type { PushMessage } from '@parlo/contract/notifications';
import { paths } from '../../config/paths.ts';

export type { PushMessage };

/** The service worker tells open pages about a push with this message type. */
export const PUSH_MESSAGE_TYPE = 'parlo-push';

/** Reads a push's data; anything else (an empty or foreign push) still shows a Parlo notification. */
export function parsePushMessage(text: string | null | undefined): PushMessage {
  const fallback: PushMessage = { title: 'Parlo', body: '', url: paths.dashboard, notificationId: 0 };
  if (!text) return fallback;
  try {
    const data = JSON.parse(text) as Partial<PushMessage>;
    return {
      title: typeof data.title === 'string' && data.title ? data.title : fallback.title,
      body: typeof data.body === 'string' ? data.body : '',
      // Only a path on Parlo's own origin is opened on click.
      url:
        typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
          ? data.url
          : paths.dashboard,
      notificationId: typeof data.notificationId === 'number' ? data.notificationId : 0,
    };
  } catch {
    return { ...fallback, body: text.slice(0, 200) };
  }
}
