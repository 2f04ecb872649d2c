import { staticSoundNames } from '@parlo/core/audio/phrase-audio';
import { z } from 'zod';
import { defineCall } from './call.ts';
import { fileAnswer } from './fields.ts';

const tags = ['media'];
const mp3 = fileAnswer(['audio/mpeg'], 'An MP3 recording');
const svg = fileAnswer(['image/svg+xml'], 'An SVG picture');
const pictureParams = z.object({ file: z.string().regex(/^[0-9A-F]{4,6}(?:-[0-9A-F]{2,6})*\.svg$/) });

/** SPEC §7 audio (`/audio/{lang}/{hash}.mp3`, `/audio/static/{name}.mp3`) and the OpenMoji pictures. */
export const staticSound = defineCall({
  method: 'GET',
  path: '/audio/static/:file',
  tags,
  summary: 'A sound effect of the lesson player',
  access: 'anyone',
  params: z.object({ file: z.enum(staticSoundNames.map((name) => `${name}.mp3` as const)) }),
  status: 200,
  response: mp3,
  refusals: [400],
});

export const phraseAudio = defineCall({
  method: 'GET',
  path: '/audio/:language/:file',
  tags,
  summary: 'The recording of a phrase of the content, by the hash of packages/core audio/phrase-audio',
  description:
    'Spoken by SVOX Pico where installed, else eSpeak NG; made ahead after start (and before a lesson is served) when not pre-generated; 404 for unknown phrases.',
  access: 'anyone',
  params: z.object({
    language: z.string().regex(/^[a-z]{2}$/),
    file: z.string().regex(/^[0-9a-f]{16}\.mp3$/),
  }),
  status: 200,
  response: mp3,
  refusals: [400, 404],
});

export const picture = defineCall({
  method: 'GET',
  path: '/media/pictures/:file',
  tags,
  summary: 'An OpenMoji picture used by the content (CC BY-SA 4.0)',
  access: 'anyone',
  params: pictureParams,
  status: 200,
  response: svg,
  refusals: [400, 404],
});

export const outlinePicture = defineCall({
  method: 'GET',
  path: '/media/pictures/bw/:file',
  tags,
  summary: 'The black outline version of a picture',
  access: 'anyone',
  params: pictureParams,
  status: 200,
  response: svg,
  refusals: [400, 404],
});
