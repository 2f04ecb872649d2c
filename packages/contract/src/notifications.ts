import { z } from 'zod';
import { defineCall } from './call.ts';
import { noContent, text } from './fields.ts';

const tags = ['notifications'];

/**
 * What a push carries to the service worker (not an API call: the push service delivers it): the worker
 * shows `title`/`body` and opens `url`, a path on Parlo, on click.
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  notificationId: z.number().int(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The key browsers need to subscribe (PushManager.subscribe applicationServerKey). */
export const pushPublicKey = defineCall({
  method: 'GET',
  path: '/api/push/public-key',
  tags,
  summary: 'The VAPID public key to subscribe this device to push notifications',
  access: 'learner',
  status: 200,
  response: z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' }),
  refusals: [],
});

const endpoint = text(2048).pipe(z.url({ protocol: /^https?$/ }));

/** A device's PushSubscription.toJSON(); sent when it changes, at most every 60 s (SPEC §4). */
export const pushSubscriptionSchema = z
  .object({
    endpoint,
    keys: z.object({ p256dh: text(256).min(1), auth: text(256).min(1) }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionJson = z.input<typeof pushSubscriptionSchema>;

export const savePushSubscription = defineCall({
  method: 'POST',
  path: '/api/push/subscriptions',
  tags,
  summary: 'Store this device’s push subscription (one per device, many per learner)',
  access: 'learner',
  body: pushSubscriptionSchema,
  status: 204,
  response: noContent,
  refusals: [400],
});

export const removePushSubscription = defineCall({
  method: 'POST',
  path: '/api/push/subscriptions/remove',
  tags,
  summary: 'Forget this device’s push subscription (notifications turned off here)',
  access: 'learner',
  body: z.object({ endpoint }).meta({ id: 'PushSubscriptionRemoval' }),
  status: 204,
  response: noContent,
  refusals: [400],
});

export const notificationSchema = z
  .object({
    id: z.number().int(),
    /** Already in the learner's interface language. */
    content: z.string(),
    /** Epoch seconds. */
    timestamp: z.number().int(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type NotificationItem = z.output<typeof notificationSchema>;

export const notificationListSchema = z
  .object({ notifications: z.array(notificationSchema), total: z.number().int(), read: z.number().int() })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.output<typeof notificationListSchema>;

/** The bell's list (SPEC §2): newest first; the badge is total − read. */
export const notifications = defineCall({
  method: 'GET',
  path: '/api/notifications',
  tags,
  summary: 'The learner’s notifications, newest first, with the counts for the bell’s badge',
  access: 'learner',
  status: 200,
  response: notificationListSchema,
  refusals: [],
});

export const markNotificationsRead = defineCall({
  method: 'POST',
  path: '/api/notifications/read',
  tags,
  summary: 'Mark every notification up to the given one as read (on every device)',
  access: 'learner',
  body: z.object({ upToId: z.number().int().min(0).max(2_147_483_647) }).meta({ id: 'NotificationsRead' }),
  status: 204,
  response: noContent,
  refusals: [400],
});

const unsubscribeToken = text(128).min(1);

/**
 * The unsubscribe page of reminder e-mails (`/unsubscribe?token=…`) sends this when the learner confirms:
 * opening the link alone changes nothing, since mail scanners open links. No sign-in needed.
 */
export const unsubscribeReminderMails = defineCall({
  method: 'POST',
  path: '/api/reminders/unsubscribe',
  tags,
  summary: 'Turn off reminder e-mails with the secret from a reminder mail’s link',
  access: 'anyone',
  body: z.object({ token: unsubscribeToken }).meta({ id: 'ReminderMailUnsubscribe' }),
  status: 204,
  response: noContent,
  refusals: [400, 404],
});

/** The address in a reminder mail's List-Unsubscribe header; the secret travels in it. */
export const oneClickUnsubscribePath = '/api/reminders/unsubscribe/one-click';

/**
 * RFC 8058 one-click unsubscribe: the mail client (not a browser) posts `List-Unsubscribe=One-Click` to
 * the List-Unsubscribe address of the mail (header `List-Unsubscribe-Post`). A form, not JSON, as the RFC
 * says; no cookie, so it is not checked for its origin: the secret in the address is the permission.
 */
export const oneClickUnsubscribe = defineCall({
  method: 'POST',
  path: oneClickUnsubscribePath,
  tags,
  summary: 'One-click unsubscribe from reminder e-mails (RFC 8058), posted by mail clients',
  access: 'anyone',
  query: z.object({ token: unsubscribeToken }),
  consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  body: z.object({ 'List-Unsubscribe': z.literal('One-Click') }).meta({ id: 'OneClickUnsubscribe' }),
  status: 204,
  response: noContent,
  refusals: [400, 404],
});

/**
 * A mail client that opens the List-Unsubscribe address instead of posting to it (RFC 2369) is sent to
 * the unsubscribe page, which asks first: a GET never unsubscribes.
 */
export const openOneClickUnsubscribe = defineCall({
  method: 'GET',
  path: oneClickUnsubscribePath,
  tags,
  summary: 'Opened in a browser: 302 to the unsubscribe page, which asks for a confirmation',
  access: 'anyone',
  query: z.object({ token: unsubscribeToken }),
  status: 302,
  response: z.null().describe('302 to /unsubscribe?token=…'),
  refusals: [],
});
