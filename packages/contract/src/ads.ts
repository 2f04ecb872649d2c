import { z } from 'zod';
import { defineCall } from './call.ts';
import { fileAnswer, idText } from './fields.ts';

const tags = ['ads'];

/** Where a banner is shown: the frame on the dashboard and result screens, or the full-screen ad. */
export const adPlacements = ['banner', 'modal'] as const;
export type AdPlacement = (typeof adPlacements)[number];

/** SPEC §9: the full-screen ad is 1110×630. */
export const AD_MODAL_SIZE = { width: 1110, height: 630 } as const;

export const bannerSchema = z
  .object({
    /** The serve token: sent back with a click, good for one click. */
    token: z.uuid(),
    id: z.string(),
    kind: z.enum(['premium', 'course']),
    placement: z.enum(adPlacements),
    eyebrow: z.string(),
    title: z.string(),
    text: z.string(),
    action: z.string(),
    /** An in-app path the banner leads to (/offer, /select-course). */
    href: z.string().startsWith('/'),
    /** The decorative picture (square SVG); the texts above describe the banner. */
    imageUrl: z.string().startsWith('/'),
  })
  .meta({ id: 'Banner' });
export type Banner = z.output<typeof bannerSchema>;

/**
 * SPEC §7 GET banners/random?platform=Web&languageId=: a house ad in the learner's language. Premium
 * learners (decided by the server from their subscription) get `{ banner: null }`, never an ad.
 */
export const randomBanner = defineCall({
  method: 'GET',
  path: '/api/banners/random',
  tags,
  summary: "A random house ad in the learner's language, or none for a premium learner",
  description:
    'Answers { banner: null } for premium learners, and for placement=modal unless the learner has ' +
    'completed 2 lessons since the last full-screen ad. Each banner served counts one impression; asking ' +
    'again within 30 s answers the same banner and token without counting another.',
  access: 'learner',
  query: z.object({
    platform: z.literal('Web'),
    languageId: idText,
    placement: z.enum(adPlacements).default('banner'),
  }),
  status: 200,
  response: z.object({ banner: bannerSchema.nullable() }).meta({ id: 'RandomBanner' }),
  refusals: [400],
});

/** A click on a served banner; counted once per serve token, never for a premium learner. */
export const clickBanner = defineCall({
  method: 'POST',
  path: '/api/banners/click',
  tags,
  summary: 'Count a click on a served banner',
  access: 'learner',
  body: z.object({ token: z.uuid() }).meta({ id: 'BannerClick' }),
  status: 200,
  response: z.object({ counted: z.boolean() }).meta({ id: 'BannerClickCounted' }),
  refusals: [400],
});

/** The pictures of the house ads (content/ads/images). */
export const adImage = defineCall({
  method: 'GET',
  path: '/media/ads/:file',
  tags,
  summary: 'A picture of a house ad',
  access: 'anyone',
  params: z.object({ file: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/) }),
  status: 200,
  response: fileAnswer(['image/svg+xml'], 'An SVG banner'),
  refusals: [400, 404],
});
