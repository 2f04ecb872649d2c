import type { replaceSettings } from '@parlo/contract/accounts';
import { zoneOffsetAt } from '@parlo/core/time/time-zone';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../lib/app-error.ts';
import { publicSettings } from '../users/users.repository.ts';
import { findSettings, updateSettings } from './settings.repository.ts';

/** SPEC §7 settings/{id}/replace: only the learner's own settings; the server's clock stamps the change. */
export async function replaceLearnerSettings(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: string,
  settingsId: number,
  body: z.infer<typeof replaceSettings.body>,
) {
  const current = await findSettings(deps.db, settingsId);
  if (!current) throw errors.notFound('Settings');
  if (current.userId !== userId) throw errors.forbidden();
  // A client timestamp is accepted but not trusted.
  const { timestamp: _clientTimestamp, ...change } = body;
  const now = deps.now().getTime();
  const updated = await updateSettings(deps.db, current.id, {
    ...change,
    // SPEC §3 zoneOffset stays the offset in force now; the zone itself decides every day boundary.
    ...(change.timeZone ? { zoneOffset: zoneOffsetAt(change.timeZone, now) } : {}),
    timestamp: Math.floor(now / 1000),
    // Days, time, zone or the motivation choice may have changed: the reminders job looks at the learner at
    // its next sweep and works out their next minute from the new choice.
    reminderDueAt: null,
  });
  if (!updated) throw errors.notFound('Settings');
  return publicSettings(updated);
}
