import zlib from 'node:zlib';
import {
  catalogueOutline,
  catalogueOutlineSchema,
  catalogueSchema,
  config,
  courses,
  languages as languagesCall,
  type CatalogueLanguage,
} from '@parlo/contract/catalogue';
import { callUrl } from '@parlo/contract/call';
import { errorResponseSchema } from '@parlo/contract/errors';
import { health } from '@parlo/contract/health';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { languages } from '../src/db/schema.ts';
import { route } from '../src/plugins/route.ts';
import { createCourseApp, createTestApp, errorCode, injectGet, statusesOf, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

// Issue 15 (ADR 025): the catalogue's outline per spoken language from its own prebuilt bytes, and public answers
// (health, the catalogue, the course list) without the per-request work they do not need.

let t: TestApp;
/** A second instance on the same database that logs at info level into `logLines`. */
let logged: FastifyInstance;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  ({ t } = await createCourseApp());
  // A second spoken language, so that a part is not the whole.
  await t.database.db.insert(languages).values({ name: 'Français', code: 'fr-test', order: 5 });
  logged = await buildApp(
    {
      env: { ...t.env, LOG_LEVEL: 'info' },
      db: t.database.db,
      mailer: { send: async () => {} },
      now: () => t.clock.now,
      push: t.push,
    },
    { logStream: { write: (line) => void logLines.push(JSON.parse(line) as Record<string, unknown>) } },
  );
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

const get = injectGet(() => t.app);
const catalogue = (headers?: Record<string, string>) => injectCall(t.app, languagesCall, { headers });
const outline = (languageId: number, headers?: Record<string, string>) =>
  injectCall(t.app, catalogueOutline, { params: { languageId }, headers });

async function wholeCatalogue() {
  const response = await catalogue({ 'accept-encoding': 'identity' });
  expect(response.statusCode).toBe(200);
  return catalogueSchema.parse(response.json());
}

/** A spoken language of the whole document without its HTML texts, as the outline should be. */
function withoutHtml(language: CatalogueLanguage) {
  return {
    ...language,
    packages: language.packages.map((coursePackage) => ({
      ...coursePackage,
      programs: coursePackage.programs.map((program) => ({
        ...program,
        topics: program.topics.map(({ html: _topicHtml, ...topic }) => ({
          ...topic,
          lessons: topic.lessons.map(({ html: _lessonHtml, ...lesson }) => lesson),
        })),
      })),
    })),
  };
}

/** For the ids the contract refuses, sent as they are. */
const outlineUrl = (languageId: string) => `/api/languages/${languageId}/outline`;

describe('GET /api/languages/{languageId}/outline (one spoken language without its texts)', () => {
  it("answers each spoken language's part of the whole document without the HTML texts, in every encoding", async () => {
    const whole = await wholeCatalogue();
    expect(whole.length).toBeGreaterThanOrEqual(2);
    // The seeded course has rules texts on a topic and a rules lesson: the outline must leave them out.
    const texts = whole.flatMap((language) =>
      language.packages.flatMap((p) =>
        p.programs.flatMap((program) =>
          program.topics.flatMap((topic) => [topic.html, ...topic.lessons.map((lesson) => lesson.html)]),
        ),
      ),
    );
    expect(texts.filter((text) => text).length).toBeGreaterThan(0);
    for (const language of whole) {
      const plain = await outline(language.id, { 'accept-encoding': 'identity' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      // Field for field and in the same order as the whole document, only without `html`.
      const expected = JSON.stringify(withoutHtml(language));
      expect(plain.body).toBe(expected);
      expect(plain.body).not.toContain('"html"');
      expect(catalogueOutlineSchema.parse(plain.json())).toEqual(withoutHtml(language));
      const brotli = await outline(language.id, { 'accept-encoding': 'br, gzip' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(expected);
      const gzipped = await outline(language.id, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(expected);
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('gives each outline its own strong ETag and answers 304 to it', async () => {
    const [first, second] = await wholeCatalogue();
    const firstId = first!.id;
    const answer = await outline(firstId, { 'accept-encoding': 'br' });
    const whole = await catalogue();
    const etag = answer.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(etag).not.toBe(whole.headers.etag);
    expect(etag).not.toBe((await outline(second!.id)).headers.etag);
    expect((await outline(firstId, { 'accept-encoding': 'gzip' })).headers.etag).toBe(etag);
    const again = await outline(firstId, { 'if-none-match': etag, 'accept-encoding': 'br, gzip' });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The whole document's ETag does not stand for an outline, nor an outline's for the whole.
    expect((await outline(firstId, { 'if-none-match': whole.headers.etag as string })).statusCode).toBe(200);
    expect((await catalogue({ 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('refuses an id that is not a whole number with a 400, and an unknown language with a 404', async () => {
    for (const bad of ['abc', '-1', '1.5', '0', '12345678901']) {
      const response = await get(outlineUrl(encodeURIComponent(bad)));
      expect(response.statusCode, bad).toBe(400);
      expect(errorCode(response), bad).toBe('VALIDATION_FAILED');
      expect(errorResponseSchema.parse(response.json()).error.message, bad).toMatch(/languageId/);
    }
    const unknown = await outline(987654);
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
  });

  it('leaves the whole document as it was: no part by query', async () => {
    const [first] = await wholeCatalogue();
    const whole = await catalogue({ 'accept-encoding': 'identity' });
    // A literal URL on purpose: a query the call does not take.
    const queried = await get(`/api/languages?languageId=${first!.id}`, { 'accept-encoding': 'identity' });
    expect(queried.statusCode).toBe(200);
    expect(queried.body).toBe(whole.body);
    expect(whole.body).toBe(JSON.stringify(catalogueSchema.parse(whole.json())));
  });

  it('reads the id as the contract declares it', () => {
    expect(catalogueOutline.params.parse({ languageId: '3' })).toEqual({ languageId: 3 });
    expect(catalogueOutline.params.safeParse({ languageId: 'x' }).success).toBe(false);
  });
});

describe('public answers skip what they do not need', () => {
  it('keeps the security headers on every public answer', async () => {
    const [first] = await wholeCatalogue();
    const answers = [
      [callUrl(health), () => injectCall(t.app, health)],
      [callUrl(catalogueOutline, { languageId: first!.id }), () => outline(first!.id)],
      [callUrl(courses), () => injectCall(t.app, courses)],
    ] as const;
    for (const [url, send] of answers) {
      const response = await send();
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('writes no log line for a public answer served, and still logs its refusals and other calls', async () => {
    const [first] = await wholeCatalogue();
    logLines.length = 0;
    expect((await injectCall(logged, health)).statusCode).toBe(200);
    expect(
      (await injectCall(logged, catalogueOutline, { params: { languageId: first!.id } })).statusCode,
    ).toBe(200);
    expect((await injectCall(logged, courses)).statusCode).toBe(200);
    expect(logLines.filter((line) => line.msg === 'request completed')).toEqual([]);

    expect((await logged.inject({ method: 'GET', url: outlineUrl('abc') })).statusCode).toBe(400);
    expect((await injectCall(logged, config)).statusCode).toBe(200);
    const completed = logLines
      .filter((line) => line.msg === 'request completed')
      .map((line) => [(line.req as { url: string }).url, (line.res as { statusCode: number }).statusCode]);
    expect(completed).toEqual([
      [outlineUrl('abc'), 400],
      [callUrl(config), 200],
    ]);
  });

  it('still counts the catalogue against the general rate limit', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT: '3' } });
    try {
      const statuses = await statusesOf(limited.app, 5, {
        method: languagesCall.method,
        url: callUrl(languagesCall),
        remoteAddress: '10.9.8.7',
      });
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('lets only calls anyone may read be public answers', async () => {
    const app = Fastify();
    await app.register(
      async (api) => {
        const learnerCall = { ...languagesCall, access: 'learner' as const };
        expect(() => route(api, learnerCall, async () => [], { publicAnswer: true })).toThrow(
          /cannot be a public answer/,
        );
      },
      { prefix: '/api' },
    );
    await app.close();
  });
});
