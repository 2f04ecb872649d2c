import type { PushMessage } from '@parlo/contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { PushSender } from '../../lib/push.ts';
import { forgetPushEndpoint, pushTargetsOf } from './notifications.repository.ts';

/**
 * Pushes a stored notification to each of the learner's devices. A device the push service no longer
 * knows (404/410) is forgotten; other failures are logged, and the bell still lists the notification.
 */
export async function pushToDevices(
  deps: { db: Database; push: PushSender; log: FastifyBaseLogger },
  userId: string,
  payload: PushMessage,
): Promise<{ devices: number; delivered: number }> {
  let delivered = 0;
  const targets = await pushTargetsOf(deps.db, userId);
  for (const target of targets) {
    const result = await deps.push.send(target, JSON.stringify(payload)).catch((error: unknown) => {
      deps.log.warn({ err: error, userId }, 'push delivery failed');
      return 'failed' as const;
    });
    if (result === 'delivered') delivered += 1;
    else if (result === 'gone') await forgetPushEndpoint(deps.db, target.endpoint);
    else deps.log.warn({ userId }, 'the push service refused a notification');
  }
  return { devices: targets.length, delivered };
}
