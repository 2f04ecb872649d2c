import { outlinePicture, phraseAudio, picture, staticSound } from '@parlo/contract/media';
import type { staticSoundNames } from '@parlo/core/audio/phrase-audio';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import type { MediaService } from './media.service.ts';

/** The sound effects never change. */
const AUDIO_CACHE = 'public, max-age=31536000, immutable';
/**
 * A phrase's URL is its text's hash, but its recording changes when the server gets another engine
 * (SVOX Pico installed) or the course another `say:`: kept a week, then asked for again.
 */
const PHRASE_AUDIO_CACHE = 'public, max-age=604800';
/** Pictures are named by OpenMoji hexcode and could change with an OpenMoji upgrade. */
const PICTURE_CACHE = 'public, max-age=2592000';
const unlimited = { config: { rateLimit: false as const } };

/** SPEC §7 audio (`/audio/{lang}/{hash}.mp3`, `/audio/static/{name}.mp3`) and the OpenMoji pictures. */
export function mediaRoutes(media: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      staticSound,
      async (request, reply) => {
        const name = request.params.file.replace(/\.mp3$/, '') as (typeof staticSoundNames)[number];
        const audio = await media.staticSound(name);
        return reply.type('audio/mpeg').header('cache-control', AUDIO_CACHE).send(audio);
      },
      unlimited,
    );

    route(app, phraseAudio, async (request, reply) => {
      const hash = request.params.file.slice(0, 16);
      const audio = await media.phraseAudio(request.params.language, hash);
      if (!audio) throw errors.notFound('Recording');
      return reply.type('audio/mpeg').header('cache-control', PHRASE_AUDIO_CACHE).send(audio);
    });

    const sendPicture =
      (variant: 'colour' | 'bw') =>
      async (request: { params: { file: string } }, reply: FastifyReply): Promise<FastifyReply> => {
        const found = await media.picture(request.params.file.replace(/\.svg$/, ''), variant);
        if (!found) throw errors.notFound('Picture');
        return reply.type('image/svg+xml').header('cache-control', PICTURE_CACHE).send(found);
      };
    route(app, picture, sendPicture('colour'), unlimited);
    route(app, outlinePicture, sendPicture('bw'), unlimited);
  };
}
