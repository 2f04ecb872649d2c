import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../src/modules/users/avatar.routes.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';

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

const upload = (learner: SignedIn | null, bytes: Buffer, declaredType?: string) => {
  const body = multipart(bytes, declaredType);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...(learner?.headers ?? {}) },
  });
};

describe('POST /api/upload/avatar', () => {
  it('stores the picture, sets it as the avatar and serves it with a year of caching', async () => {
    const learner = await registerLearner(t.app);
    const response = await upload(learner, png);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/api/avatars/${learner.userId}\\?v=[0-9a-f]{16}$`));

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: learner.headers });
    expect(me.json()).toMatchObject({ avatar: url });

    const picture = await t.app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toContain('immutable');
    expect(picture.rawPayload.equals(png)).toBe(true);
  });

  it('replaces the picture with a new URL', async () => {
    const learner = await registerLearner(t.app);
    const first = (await upload(learner, png)).json() as { url: string };
    const other = Buffer.concat([png, Buffer.from([0])]);
    const second = (await upload(learner, other)).json() as { url: string };
    expect(second.url).not.toBe(first.url);
    const picture = await t.app.inject({ method: 'GET', url: second.url });
    expect(picture.rawPayload.equals(other)).toBe(true);
    // The old URL still answers (the latest picture) but is no longer cached for long.
    expect((await t.app.inject({ method: 'GET', url: first.url })).headers['cache-control']).toBe(
      'public, max-age=60',
    );
  });

  it('refuses what is not a picture, whatever it claims, and changes nothing', async () => {
    const learner = await registerLearner(t.app);
    const response = await upload(learner, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('AVATAR_NOT_IMAGE');
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: learner.headers });
    expect(me.json()).toMatchObject({ avatar: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/avatars/${learner.userId}` })).statusCode).toBe(
      404,
    );
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
