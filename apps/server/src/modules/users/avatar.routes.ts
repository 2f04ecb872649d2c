import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, avatar, uploadAvatar } from '@parlo/contract/accounts';
import type { FastifyRequest } from 'fastify';
import type SharpLibrary from 'sharp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { boundedQueue, QueueRefusal } from '../../lib/bounded-queue.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { findAvatar, saveAvatar } from './avatar.repository.ts';

/** The editor sends 300×300 JPEG of ~30 KB; 1 MB leaves room for a PNG without inviting abuse. */
export { AVATAR_MAX_BYTES };

/** Pictures declaring more pixels than this are refused before they are decoded (a 4096×4096 photo). */
export const AVATAR_MAX_INPUT_PIXELS = 4096 * 4096;
/**
 * What decoding may cost in memory: a 4096×4096 picture of 8-bit RGBA. A picture with 16-bit samples
 * (or more channels) must be smaller to be taken: the cost is its bytes decoded, not its pixel count.
 */
export const AVATAR_MAX_DECODED_BYTES = 4096 * 4096 * 4;
/** What is stored and served: the editor's 300×300 canvas, as WebP. */
export const AVATAR_SIZE = 300;
/** A picture whose decoding takes longer than this (CPU seconds of libvips) is given up. */
const AVATAR_MAX_DECODE_SECONDS = 10;

/**
 * Pictures are made one at a time, with at most 4 more waiting: libvips works on libuv's thread pool,
 * which argon2 (sign-in, sign-up, reset) needs too, so image work may hold one of its threads at most.
 */
export const AVATAR_QUEUE = { concurrency: 1, maxWaiting: 4 } as const;
/** Seconds to wait before trying again when the queue is full. */
const AVATAR_BUSY_RETRY_AFTER_SECONDS = 5;
/** Per account: one upload at a time, and this many an hour. */
export const AVATAR_UPLOADS_PER_HOUR = 20;

type AvatarFormat = 'jpeg' | 'png' | 'webp';

/**
 * The format the first bytes say, of the three taken; anything else (SVG, GIF, TIFF, AVIF, HEIC…) is
 * refused before any decoder sees it. The decoder must then agree (see reencodeAvatar).
 */
export function sniffAvatarFormat(bytes: Buffer): AvatarFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

function invalidImage(): AppError {
  return new AppError(
    400,
    'INVALID_IMAGE',
    'This picture could not be read. Choose a JPEG, PNG or WebP photo.',
  );
}

const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

let loadedSharp: Promise<typeof SharpLibrary> | null = null;
/**
 * Loaded on the first upload: libvips is ~13 MB of resident memory an idle server need not hold (issue
 * 15). One libvips thread per picture: the queue already runs one picture at a time.
 */
function imageLibrary(): Promise<typeof SharpLibrary> {
  return (loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }));
}

/**
 * Decodes the upload (never trusting its name or type) and re-encodes it as a 300×300 WebP with no
 * metadata: what is stored is always an image we made, so a polyglot or a camera's GPS tags never reach
 * another browser. Only JPEG, PNG and WebP are taken: the first bytes must say so and the decoder must
 * agree. The pixel count and the decoded size are checked from the header before any pixel is decoded,
 * so a small file declaring 50000×50000 pixels costs nothing, and decoding is given up after
 * AVATAR_MAX_DECODE_SECONDS. Decoding runs on libuv's thread pool, not on the event loop; callers run it
 * through the avatar queue.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer> {
  const sniffed = sniffAvatarFormat(bytes);
  if (!sniffed) throw invalidImage();
  const sharp = await imageLibrary();
  const options = { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
  try {
    const header = await sharp(bytes, options).metadata();
    const decodedBytes =
      (header.width ?? Infinity) *
      (header.height ?? Infinity) *
      (header.channels ?? 4) *
      (BYTES_PER_SAMPLE[header.depth ?? ''] ?? 8);
    if (header.format !== sniffed || !(decodedBytes <= AVATAR_MAX_DECODED_BYTES)) throw invalidImage();
    return await sharp(bytes, options)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .timeout({ seconds: AVATAR_MAX_DECODE_SECONDS })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
}

/** Where a stored picture is served; the upload answers it, and it is the only avatar an update accepts. */
export function avatarUrl(userId: string, version: string): string {
  return `/api/avatars/${userId}?v=${version}`;
}

/** SPEC §7 POST api/upload/avatar and the pictures it stores. */
export function avatarRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0 } });
    const images = boundedQueue(AVATAR_QUEUE);
    const uploadsPerHour = app.createRateLimit({
      max: AVATAR_UPLOADS_PER_HOUR,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) => `avatar-uploads:${request.auth?.userId ?? ''}`,
    });
    const perAccount = async (request: FastifyRequest) => {
      const limit = await uploadsPerHour(request);
      if (!limit.isAllowed && limit.isExceeded) throw errors.tooManyRequests(limit.ttlInSeconds);
    };

    route(
      app,
      uploadAvatar,
      async (request) => {
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
        const image = await images
          .run(userId, () => reencodeAvatar(upload))
          .catch((error: unknown) => {
            if (!(error instanceof QueueRefusal)) throw error;
            if (error.reason === 'key-busy') throw errors.tooManyRequests(1);
            throw new AppError(
              503,
              'AVATAR_BUSY',
              'Many pictures are being uploaded right now. Try again in a few seconds.',
              AVATAR_BUSY_RETRY_AFTER_SECONDS,
            );
          });
        const contentType = 'image/webp';
        const version = createHash('sha256').update(image).digest('hex').slice(0, 16);
        const url = avatarUrl(userId, version);
        await saveAvatar(deps.db, { userId, contentType, image, version, url }, deps.now());
        request.log.info({ userId, bytes: image.length }, 'avatar saved');
        return { url };
      },
      { preHandler: perAccount },
    );

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
