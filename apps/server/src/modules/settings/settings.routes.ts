import { replaceSettings } from '@parlo/contract/accounts';
import { zoneOffsetAt } from '@parlo/core/time/time-zone';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { settings } from '../../db/schema.ts';
import { errors } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { publicSettings } from '../users/users.repository.ts';

/** SPEC §7 POST settings/{id}/replace: interface language, reminders, sound and microphone choices. */
export function settingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, replaceSettings, async (request) => {
      const [current] = await deps.db
        .select()
        .from(settings)
        .where(eq(settings.id, request.params.id))
        .limit(1);
      if (!current) throw errors.notFound('Settings');
      if (current.userId !== currentUserId(request)) throw errors.forbidden();
      // The server's clock stamps the change; a client timestamp is accepted but not trusted.
      const { timestamp: _clientTimestamp, ...change } = request.body;
      const [updated] = await deps.db
        .update(settings)
        .set({
          ...change,
          // SPEC §3 zoneOffset stays the offset in force now; the zone itself decides every day boundary.
          ...(change.timeZone ? { zoneOffset: zoneOffsetAt(change.timeZone, deps.now().getTime()) } : {}),
          timestamp: Math.floor(deps.now().getTime() / 1000),
          // Days, time, zone or the motivation choice may have changed: the reminders job looks at the
          // learner at its next sweep and works out their next minute from the new choice.
          reminderDueAt: null,
        })
        .where(eq(settings.id, current.id))
        .returning();
      if (!updated) throw errors.notFound('Settings');
      return publicSettings(updated);
    });
  };
}
