import { replaceSettings } from '@parlo/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { replaceLearnerSettings } from './settings.service.ts';

/** SPEC §7 POST settings/{id}/replace: interface language, reminders, sound and microphone choices. */
export function settingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, replaceSettings, (request) =>
      replaceLearnerSettings(deps, currentUserId(request), request.params.id, request.body),
    );
  };
}
