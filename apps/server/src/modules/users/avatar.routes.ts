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

/** Pictures declaring more pixels than this are refused before they are decoded (a 4096×4096 photo). */
export const AVATAR_MAX_INPUT_PIXELS = 4096 * 4096;
/** What is stored and served: the editor's 300×300 canvas, as WebP. */
export const AVATAR_SIZE = 300;

function invalidImage(): AppError {
  return new AppError(
    400,
    'INVALID_IMAGE',
    'This picture could not be read. Choose a JPEG, PNG or WebP photo.',
  );
}

/**
 * Decodes the upload (never trusting its name, type or first bytes) and re-encodes it as a 300×300 WebP
 * with no metadata: what is stored is always an image we made, so a polyglot or a camera's GPS tags never
 * reach another browser. The pixel limit is checked from the header before any pixel is decoded, so a
 * small file declaring 50000×50000 pixels costs nothing. Decoding runs on libuv's thread pool, not on
 * the event loop.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer> {
  // Loaded on the first upload: libvips is ~13 MB of resident memory an idle server need not hold (issue 15).
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
}

/** SPEC §7 POST api/upload/avatar and the pictures it stores. */
export function avatarRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0 } });

    route(app, uploadAvatar, async (request) => {
      const userId = currentUserId(request);
      const missing = () => new AppError(400, 'AVATAR_MISSING', 'Choose a picture to upload.');
      // A body that is not well-formed multipart is the sender's mistake (400), whatever its size.
      const file = await request.file().catch(() => undefined);
      if (!file) throw missing();
      let upload: Buffer;
      try {
        upload = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'AVATAR_TOO_LARGE', 'The picture is too large (1 MB at most).');
        }
        throw missing();
      }
      const image = await reencodeAvatar(upload);
      const contentType = 'image/webp';
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
