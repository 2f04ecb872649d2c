import fs from 'node:fs';
import path from 'node:path';
import { adImage, clickBanner, randomBanner } from '@parlo/contract/ads';
import { adImagesDirIn, defaultAdsDir } from '@parlo/content/ads/house-ads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import type { AdsService } from './ads.service.ts';

/** SPEC §7 GET banners/random, and the click count of issue 11. */
export function adsRoutes(ads: AdsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, randomBanner, async (request) => ({
      banner: await ads.randomBanner(
        currentUserId(request),
        request.query.languageId,
        request.query.placement,
      ),
    }));
    route(app, clickBanner, async (request) => ({
      counted: await ads.click(currentUserId(request), request.body.token),
    }));
  };
}

/** The ads' pictures change only with a content release. */
const IMAGE_CACHE = 'public, max-age=86400';

export function adImageRoutes(adsDir = defaultAdsDir): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      adImage,
      async (request, reply) => {
        // The contract's pattern allows no path separators, so the file stays inside the images folder.
        const file = path.join(adImagesDirIn(adsDir), request.params.file);
        const image = await fs.promises.readFile(file).catch(() => null);
        if (!image) throw errors.notFound('Picture');
        return reply.type('image/svg+xml').header('cache-control', IMAGE_CACHE).send(image);
      },
      { config: { rateLimit: false } },
    );
  };
}
