import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login } from '@parlo/contract/accounts';
import { AVATAR_UPLOADS_PER_HOUR } from '../src/modules/users/avatar.routes.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/*
 * Issue 30 item 1: the avatar upload decoded SVG, GIF, TIFF and AVIF, and a few small SVGs of chained
 * filters held every libuv thread for seconds, so argon2 (sign-in, sign-up, reset) waited behind them.
 * Only JPEG, PNG and WebP are taken, decided by decoding; image work has its own bounded queue.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function multipart(bytes: Buffer, declaredType: string) {
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

const upload = (learner: SignedIn, bytes: Buffer, declaredType = 'image/png') => {
  const body = multipart(bytes, declaredType);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...learner.headers },
  });
};

/** A small SVG whose nested blur and dilate filters cost librsvg seconds of a thread to render. */
function svgBomb(): Buffer {
  let filters = '';
  let body = '<rect width="100%" height="100%" fill="red"/>';
  for (let level = 0; level < 2; level += 1) {
    filters +=
      `<filter id="f${level}" x="0" y="0" width="1" height="1"><feGaussianBlur stdDeviation="50"/>` +
      `<feMorphology radius="30" operator="dilate"/></filter>`;
    body = `<g filter="url(#f${level})">${body}</g>`;
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><defs>${filters}</defs>${body}</svg>`,
  );
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } });

async function timedSignIn(learner: SignedIn): Promise<number> {
  const started = performance.now();
  const response = await injectCall(t.app, login, {
    body: { email: learner.email, password: learner.password },
  });
  expect(response.statusCode).toBe(200);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Until the image library is at work (sharp's task counters, shared by the app in this process) or every
 * upload was answered without it (refused from its first bytes): either way, a sign-in from now on meets
 * whatever the uploads cost.
 */
async function untilImageWorkStarted(uploads: Array<Promise<unknown>>): Promise<void> {
  let answered = 0;
  const count = () => (answered += 1);
  for (const upload of uploads) void upload.then(count, count);
  await vi.waitFor(
    () => {
      const tasks = sharp.counters();
      expect(tasks.queue + tasks.process > 0 || answered === uploads.length).toBe(true);
    },
    { timeout: 60_000, interval: 10 },
  );
}

describe('avatar formats', () => {
  it.each([
    ['SVG', 'image/svg+xml', async () => svgBomb()],
    ['GIF', 'image/gif', () => picture(64, 64).gif().toBuffer()],
    ['TIFF', 'image/tiff', () => picture(64, 64).tiff().toBuffer()],
    ['AVIF', 'image/avif', () => picture(64, 64).avif().toBuffer()],
  ])('refuses %s with 400 INVALID_IMAGE, also when it claims to be a PNG', async (_format, type, make) => {
    const bytes = await make();
    for (const declared of [type, 'image/png']) {
      const learner = await registerLearner(t.app);
      const response = await upload(learner, bytes, declared);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorCode(response)).toBe('INVALID_IMAGE');
    }
  });

  it.each([
    ['JPEG', () => picture(640, 480).jpeg().toBuffer()],
    ['PNG', () => picture(640, 480).png().toBuffer()],
    ['WebP', () => picture(640, 480).webp().toBuffer()],
  ])('takes %s, whatever type it claims', async (_format, make) => {
    const learner = await registerLearner(t.app);
    const response = await upload(learner, await make(), 'application/octet-stream');
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a PNG whose decoding would cost more than its pixels allow (16 bits per sample, 4096×4096)', async () => {
    const deep = await picture(4096, 4096).toColourspace('rgb16').png({ compressionLevel: 9 }).toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    const learner = await registerLearner(t.app);
    const response = await upload(learner, deep);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('INVALID_IMAGE');
  });
});

describe('image work never starves password hashing', () => {
  it('signs in during 4 heavy uploads about as fast as alone (a ratio, same run)', async () => {
    const learner = await registerLearner(t.app);
    await timedSignIn(learner); // warm up
    const alone = median([
      await timedSignIn(learner),
      await timedSignIn(learner),
      await timedSignIn(learner),
    ]);

    const uploaders = await Promise.all([1, 2, 3, 4].map(() => registerLearner(t.app)));
    const bomb = svgBomb();
    const uploads = uploaders.map((uploader) => upload(uploader, bomb, 'image/png'));
    await untilImageWorkStarted(uploads);
    const during = await timedSignIn(learner);
    const statuses = (await Promise.all(uploads)).map((response) => response.statusCode);
    process.stdout.write(
      `sign-in alone ${alone.toFixed(0)} ms, during 4 SVG-bomb uploads ${during.toFixed(0)} ms ` +
        `(×${(during / alone).toFixed(1)}); uploads answered ${statuses.join(', ')}\n`,
    );
    expect(statuses.every((status) => status >= 400 && status < 500)).toBe(true);
    expect(during).toBeLessThan(10 * alone);
  }, 120_000);

  it('makes legal heavy pictures one at a time, so sign-in keeps its threads (a ratio, same run)', async () => {
    const learner = await registerLearner(t.app);
    await timedSignIn(learner);
    const alone = median([
      await timedSignIn(learner),
      await timedSignIn(learner),
      await timedSignIn(learner),
    ]);
    const heavy = await picture(4096, 4096).png().toBuffer();
    const uploaders = await Promise.all([1, 2, 3, 4].map(() => registerLearner(t.app)));
    const uploads = uploaders.map((uploader) => upload(uploader, heavy));
    await untilImageWorkStarted(uploads);
    const during = await timedSignIn(learner);
    const statuses = (await Promise.all(uploads)).map((response) => response.statusCode);
    process.stdout.write(
      `sign-in alone ${alone.toFixed(0)} ms, during 4 uploads of 4096×4096 PNGs ${during.toFixed(0)} ms ` +
        `(×${(during / alone).toFixed(1)}); uploads answered ${statuses.join(', ')}\n`,
    );
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(during).toBeLessThan(10 * alone);
  }, 120_000);
});

describe('limits on image work', () => {
  it('answers 503 AVATAR_BUSY with Retry-After when the queue is full, and takes pictures again after', async () => {
    const heavy = await picture(4096, 4096).png().toBuffer();
    const uploaders = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => registerLearner(t.app)));
    const responses = await Promise.all(uploaders.map((uploader) => upload(uploader, heavy)));
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.map(errorCode)).toEqual(busy.map(() => 'AVATAR_BUSY'));
    expect(busy[0]?.headers['retry-after']).toBe('5');
    expect(responses.filter((response) => response.statusCode === 200).length).toBeGreaterThanOrEqual(5);
    const later = await upload(uploaders[6] as SignedIn, await picture(64, 64).png().toBuffer());
    expect(later.statusCode).toBe(200);
  }, 120_000);

  it('takes one upload at a time per account (429 for a second one meanwhile)', async () => {
    const learner = await registerLearner(t.app);
    const heavy = await picture(4096, 4096).png().toBuffer();
    const [first, second] = await Promise.all([upload(learner, heavy), upload(learner, heavy)]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 429]);
    expect(errorCode((first?.statusCode === 429 ? first : second) as NonNullable<typeof first>)).toBe(
      'TOO_MANY_REQUESTS',
    );
  }, 60_000);

  it('takes at most AVATAR_UPLOADS_PER_HOUR uploads an hour per account', async () => {
    const learner = await registerLearner(t.app);
    const small = await picture(16, 16).png().toBuffer();
    const statuses: number[] = [];
    for (let sent = 0; sent < AVATAR_UPLOADS_PER_HOUR + 1; sent += 1) {
      statuses.push((await upload(learner, small)).statusCode);
    }
    expect(statuses.slice(0, AVATAR_UPLOADS_PER_HOUR).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another account is not affected.
    expect((await upload(await registerLearner(t.app), small)).statusCode).toBe(200);
  }, 120_000);
});
