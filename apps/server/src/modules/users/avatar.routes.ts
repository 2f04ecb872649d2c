import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, avatar, uploadAvatar } from '@parlo/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { findAvatar, saveAvatar } from './avatar.repository.ts';

/** The editor sends 300×300 JPEG of ~30 KB; 1 MB leaves room for a PNG without inviting abuse. */
export { AVATAR_MAX_BYTES };

/** The picture's real type, from its first bytes: the declared content type is the sender's claim. */
export function sniffImageType(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** SPEC §7 POST api/upload/avatar and the pictures it stores. */
export function avatarRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0 } });

    route(app, uploadAvatar, async (request) => {
      const userId = currentUserId(request);
      const file = await request.file().catch(() => undefined);
      if (!file) throw new AppError(400, 'AVATAR_MISSING', 'Choose a picture to upload.');
      let image: Buffer;
      try {
        image = await file.toBuffer();
      } catch {
        throw new AppError(413, 'AVATAR_TOO_LARGE', 'The picture is too large (1 MB at most).');
      }
      const contentType = sniffImageType(image);
      if (!contentType)
        throw new AppError(400, 'AVATAR_NOT_IMAGE', 'The file is not a JPEG, PNG or WebP picture.');
      const version = createHash('sha256').update(image).digest('hex').slice(0, 16);
      const url = `/api/avatars/${userId}?v=${version}`;
      await saveAvatar(deps.db, { userId, contentType, image, version, url }, deps.now());
      request.log.info({ userId, bytes: image.length }, 'avatar saved');
      return { url };
    });

    route(
      app,
      avatar,
      async (request, reply) => {
        const stored = await findAvatar(deps.db, request.params.userId);
        if (!stored) throw errors.notFound('Picture');
        const cache =
          request.query.v === stored.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60';
        return reply.type(stored.contentType).header('cache-control', cache).send(stored.image);
      },
      { config: { rateLimit: false } },
    );
  };
}
