import { staticSoundNames } from '@parlo/core/audio/phrase-audio';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/app-error.ts';
import { errorResponseSchema } from '../../plugins/errors.ts';
import type { MediaService } from './media.service.ts';

const tags = ['media'];
/** Recordings never change for a given text (the URL is the text's hash). */
const AUDIO_CACHE = 'public, max-age=31536000, immutable';
/** Pictures are named by OpenMoji hexcode and could change with an OpenMoji upgrade. */
const PICTURE_CACHE = 'public, max-age=2592000';
const mp3 = z.any().describe('audio/mpeg');

/** SPEC §7 audio (`/audio/{lang}/{hash}.mp3`, `/audio/static/{name}.mp3`) and the OpenMoji pictures. */
export function mediaRoutes(media: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audio/static/:file',
      {
        config: { rateLimit: false },
        schema: {
          tags,
          summary: 'A sound effect of the lesson player',
          params: z.object({
            file: z.enum(staticSoundNames.map((name) => `${name}.mp3` as const)),
          }),
          response: { 200: mp3, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const name = request.params.file.replace(/\.mp3$/, '') as (typeof staticSoundNames)[number];
        const audio = await media.staticSound(name);
        return reply.type('audio/mpeg').header('cache-control', AUDIO_CACHE).send(audio);
      },
    );

    app.get(
      '/audio/:language/:file',
      {
        schema: {
          tags,
          summary:
            'The recording of a phrase of the content, by the hash of packages/core audio/phrase-audio',
          description:
            'Generated with eSpeak NG on first request when not pre-generated; 404 for unknown phrases.',
          params: z.object({
            language: z.string().regex(/^[a-z]{2}$/),
            file: z.string().regex(/^[0-9a-f]{16}\.mp3$/),
          }),
          response: { 200: mp3, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const hash = request.params.file.slice(0, 16);
        const audio = await media.phraseAudio(request.params.language, hash);
        if (!audio) throw errors.notFound('Recording');
        return reply.type('audio/mpeg').header('cache-control', AUDIO_CACHE).send(audio);
      },
    );

    const pictureParams = z.object({ file: z.string().regex(/^[0-9A-F]{4,6}(?:-[0-9A-F]{2,6})*\.svg$/) });
    const sendPicture = (variant: 'colour' | 'bw') =>
      async function (request: { params: { file: string } }, reply: FastifyReply) {
        const picture = await media.picture(request.params.file.replace(/\.svg$/, ''), variant);
        if (!picture) throw errors.notFound('Picture');
        return reply.type('image/svg+xml').header('cache-control', PICTURE_CACHE).send(picture);
      };
    const pictureSchema = (summary: string) => ({
      tags,
      summary,
      params: pictureParams,
      response: {
        200: z.any().describe('image/svg+xml'),
        400: errorResponseSchema,
        404: errorResponseSchema,
      },
    });
    app.get(
      '/media/pictures/:file',
      {
        config: { rateLimit: false },
        schema: pictureSchema('An OpenMoji picture used by the content (CC BY-SA 4.0)'),
      },
      sendPicture('colour'),
    );
    app.get(
      '/media/pictures/bw/:file',
      { config: { rateLimit: false }, schema: pictureSchema('The black outline version of a picture') },
      sendPicture('bw'),
    );
  };
}
