import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatar as avatarCall, me, updateUser, uploadAvatar } from '@parlo/contract/accounts';
import type { CallBody } from '@parlo/contract/call';
import { AVATAR_MAX_BYTES } from '../src/modules/users/avatar.routes.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A 640×480 JPEG photo carrying EXIF metadata (camera, GPS-like comment). */
const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
  .jpeg()
  .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'home address' } })
  .toBuffer();

/** A valid PNG whose header claims width × height pixels (the IHDR checksum recomputed to match). */
function pngDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(png);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

async function servedPicture(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { response, meta: await sharp(response.rawPayload).metadata() };
}

function multipart(bytes: Buffer, declaredType = 'image/png') {
  const boundary = `parlo${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\n` +
        `Content-Type: ${declaredType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The upload's body is a multipart form, which the contract's call does not type (it has no JSON body), so
 * the upload requests keep their literal URL; `uploaded` reads the answer by the call's response schema.
 */
const upload = (learner: SignedIn | null, bytes: Buffer, declaredType?: string) => {
  const body = multipart(bytes, declaredType);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...(learner?.headers ?? {}) },
  });
};

const uploaded = (response: Awaited<ReturnType<typeof upload>>) =>
  uploadAvatar.response.parse(response.json());

describe('POST /api/upload/avatar', () => {
  it('stores the picture re-encoded as a 300×300 WebP without metadata, cached for a year', async () => {
    const learner = await registerLearner(t.app);
    const response = await upload(learner, photo, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const { url } = uploaded(response);
    expect(url).toMatch(new RegExp(`^/api/avatars/${learner.userId}\\?v=[0-9a-f]{16}$`));

    const own = await injectCall(t.app, me, { headers: learner.headers });
    expect(own.data).toMatchObject({ avatar: url });

    const { response: picture, meta } = await servedPicture(url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('immutable');
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(picture.rawPayload.includes('SecretCam')).toBe(false);
  });

  it('replaces the picture with a new URL', async () => {
    const learner = await registerLearner(t.app);
    const first = uploaded(await upload(learner, png));
    const other = await sharp({ create: { width: 50, height: 80, channels: 4, background: '#f00' } })
      .png()
      .toBuffer();
    const second = uploaded(await upload(learner, other));
    expect(second.url).not.toBe(first.url);
    const { meta } = await servedPicture(second.url);
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 300 });
    // The old URL still answers (the latest picture) but is no longer cached for long.
    expect((await t.app.inject({ method: 'GET', url: first.url })).headers['cache-control']).toBe(
      'public, max-age=60',
    );
  });

  it('refuses what is not a picture, whatever it claims, and changes nothing', async () => {
    const learner = await registerLearner(t.app);
    const response = await upload(learner, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('INVALID_IMAGE');
    const own = await injectCall(t.app, me, { headers: learner.headers });
    expect(own.data).toMatchObject({ avatar: null });
    expect((await injectCall(t.app, avatarCall, { params: { userId: learner.userId } })).statusCode).toBe(
      404,
    );
  });

  it.each([
    ['a PNG declaring 50000×50000 pixels (900 MB decoded)', pngDeclaring(50_000, 50_000)],
    ['a PNG declaring 4097×4097 pixels', pngDeclaring(4097, 4097)],
    ['a 6-byte JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])],
    [
      'a JPEG/HTML polyglot',
      Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x40]),
        Buffer.from('<html><script>alert(document.cookie)</script></html>'.padEnd(62, ' ')),
        Buffer.from([0xff, 0xd9]),
      ]),
    ],
    ['a truncated photo', photo.subarray(0, 600)],
  ])('answers 400 INVALID_IMAGE to %s and stores nothing', async (_name, bytes) => {
    const learner = await registerLearner(t.app);
    // Baseline in the same run: storing an ordinary 640×480 photo. A bomb that were decoded would take
    // seconds and gigabytes; refused from its header it costs no more than the ordinary photo.
    const other = await registerLearner(t.app);
    const ordinaryStarted = performance.now();
    expect((await upload(other, photo, 'image/jpeg')).statusCode).toBe(200);
    const ordinaryMs = performance.now() - ordinaryStarted;
    const started = performance.now();
    const response = await upload(learner, bytes, 'image/jpeg');
    const refusedMs = performance.now() - started;
    expect(response.statusCode, response.body).toBe(400);
    expect(errorCode(response)).toBe('INVALID_IMAGE');
    expect(refusedMs).toBeLessThan(10 * ordinaryMs);
    expect((await injectCall(t.app, avatarCall, { params: { userId: learner.userId } })).statusCode).toBe(
      404,
    );
  });

  it('keeps only the pixels of a photo with a web page appended', async () => {
    const learner = await registerLearner(t.app);
    const tail = Buffer.from('<html><script>alert(1)</script></html>');
    const response = await upload(learner, Buffer.concat([photo, tail]), 'image/jpeg');
    if (response.statusCode === 200) {
      const { response: picture, meta } = await servedPicture(uploaded(response).url);
      expect(meta.format).toBe('webp');
      expect(picture.rawPayload.includes('<script>')).toBe(false);
    } else {
      expect(errorCode(response)).toBe('INVALID_IMAGE');
    }
  });

  it('answers 400 to a malformed multipart body, however small', async () => {
    const learner = await registerLearner(t.app);
    for (const payload of [
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      '--x\r\ngarbage',
      'not multipart at all',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload/avatar',
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=x', ...learner.headers },
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it('refuses a picture over 1 MB with 413', async () => {
    const learner = await registerLearner(t.app);
    const huge = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const response = await upload(learner, huge);
    expect(response.statusCode).toBe(413);
    expect(errorCode(response)).toBe('AVATAR_TOO_LARGE');
  });

  it('refuses a request without a file, and one without a session', async () => {
    const learner = await registerLearner(t.app);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x', ...learner.headers },
    });
    expect(empty.statusCode).toBe(400);
    expect(errorCode(empty)).toBe('AVATAR_MISSING');
    expect((await upload(null, png)).statusCode).toBe(401);
  });
});

describe('POST /api/users/{id}/update with an avatar (issue 30 item 14)', () => {
  const update = (learner: SignedIn, avatar: CallBody<typeof updateUser>['avatar']) =>
    injectCall(t.app, updateUser, {
      params: { id: learner.userId },
      headers: learner.headers,
      body: { avatar },
    });
  const avatarOf = async (learner: SignedIn) =>
    (await injectCall(t.app, me, { headers: learner.headers })).data.avatar;

  it('refuses any URL but the one the upload answered for this account, and changes nothing', async () => {
    const learner = await registerLearner(t.app);
    const other = await registerLearner(t.app);
    const own = uploaded(await upload(learner, png)).url;
    const others = uploaded(await upload(other, png)).url;
    const stale = own.replace(/v=[0-9a-f]+/, 'v=0000000000000000');
    for (const avatar of [
      'javascript:alert(document.cookie)',
      'https://tracker.example/pixel.gif',
      '//tracker.example/pixel.gif',
      'data:image/svg+xml,<svg onload=alert(1)>',
      `https://parlo.test${own}`,
      others,
      stale,
      `${own}&x=1`,
    ]) {
      const response = await update(learner, avatar);
      expect(response.statusCode, avatar).toBe(400);
      expect(errorCode(response), avatar).toBe('AVATAR_NOT_UPLOADED');
    }
    expect(await avatarOf(learner)).toBe(own);
  });

  it('refuses a URL before anything was uploaded', async () => {
    const learner = await registerLearner(t.app);
    const response = await update(learner, `/api/avatars/${learner.userId}?v=0123456789abcdef`);
    expect(errorCode(response)).toBe('AVATAR_NOT_UPLOADED');
    expect(await avatarOf(learner)).toBeNull();
  });

  it('takes its own uploaded URL back, and null to remove the avatar', async () => {
    const learner = await registerLearner(t.app);
    const own = uploaded(await upload(learner, png)).url;
    const removed = await update(learner, null);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.data).toMatchObject({ avatar: null });
    const restored = await update(learner, own);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.data).toMatchObject({ avatar: own });
  });
});
