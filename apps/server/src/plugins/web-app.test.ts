import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

/*
 * ADR 029: `/` and `/login` come prerendered in the learner's interface language, chosen as the browser
 * chooses it (the saved choice's cookie, then Accept-Language, then English); a signed-in browser and
 * every other address get the plain shell. A web build stand-in: each file says which it is.
 */
let app: FastifyInstance;
let dist: string;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `word ${i}`))};`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-web-app-'));
  fs.writeFileSync(path.join(dist, 'index.html'), 'shell');
  for (const language of ['en', 'de', 'ar']) {
    fs.mkdirSync(path.join(dist, 'prerendered', language), { recursive: true });
    fs.writeFileSync(path.join(dist, 'prerendered', language, 'index.html'), `landing ${language}`);
    fs.writeFileSync(path.join(dist, 'prerendered', language, 'login.html'), `login ${language}`);
  }
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'screen-1a2b.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'screen-1a2b.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'screen-1a2b.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-3c4d.js'), 'export {};');
  app = Fastify();
  await app.register(cookie);
  await registerWebApp(app, { distDir: dist });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return {
    body: response.body,
    vary: response.headers.vary,
    cacheControl: response.headers['cache-control'],
  };
}

describe('the first screen in the HTML (ADR 029)', () => {
  it('follows Accept-Language, most wanted first, and says that it varies', async () => {
    expect(await page('/', { 'accept-language': 'nl;q=1, de-CH;q=0.8, ar;q=0.5' })).toEqual({
      body: 'landing de',
      vary: 'Accept-Language, Cookie',
      cacheControl: 'no-cache',
    });
    expect((await page('/login', { 'accept-language': 'ar-EG' })).body).toBe('login ar');
  });

  it('prefers the saved choice in the cookie over the browser languages', async () => {
    const headers = { 'accept-language': 'de', cookie: 'parlo-ui-language=ar' };
    expect((await page('/', headers)).body).toBe('landing ar');
    expect((await page('/login?next=1', headers)).body).toBe('login ar');
  });

  it('falls back to English for unknown languages and a forged cookie', async () => {
    expect((await page('/', { 'accept-language': 'ja, nl' })).body).toBe('landing en');
    expect((await page('/', { cookie: 'parlo-ui-language=../../etc' })).body).toBe('landing en');
    expect((await page('/')).body).toBe('landing en');
  });

  it('gives a browser with a session the plain shell: its / is the dashboard', async () => {
    const signedIn = await page('/', { 'accept-language': 'de', cookie: 'accessToken=abc' });
    expect(signedIn).toEqual({ body: 'shell', vary: 'Accept-Language, Cookie', cacheControl: 'no-cache' });
    expect((await page('/login', { cookie: 'accessToken=abc' })).body).toBe('shell');
  });

  it('gives every other page the plain shell, and the shell when a language was not prerendered', async () => {
    expect(await page('/register', { 'accept-language': 'de' })).toEqual({
      body: 'shell',
      vary: undefined,
      cacheControl: 'no-cache',
    });
    expect((await page('/dashboard', { 'accept-language': 'de' })).body).toBe('shell');
    expect((await page('/', { 'accept-language': 'fr' })).body).toBe('shell');
  });
});

/*
 * Issue 29: a phone is sent to the app offer before any page is served, so the page it asked for is never
 * drawn and then replaced; never when no store listing is configured, nor for a link from a mail.
 */
describe('phones and the app offer (SPEC §2 /mobile.html)', () => {
  const iPhone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0';
  let listed: FastifyInstance;

  beforeAll(async () => {
    listed = Fastify();
    await listed.register(cookie);
    await registerWebApp(listed, { distDir: dist, appsListed: true });
  });

  afterAll(async () => {
    await listed.close();
  });

  const visit = async (server: FastifyInstance, url: string, headers: Record<string, string> = {}) => {
    const response = await server.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, location: response.headers.location, body: response.body };
  };

  it('redirects a phone to /mobile.html when a store listing is configured, and says that it varies', async () => {
    expect(await visit(listed, '/', { 'user-agent': iPhone })).toMatchObject({
      status: 302,
      location: '/mobile.html',
    });
    expect((await visit(listed, '/login', { 'user-agent': iPhone })).location).toBe('/mobile.html');
    expect((await listed.inject({ url: '/', headers: { 'user-agent': desktop } })).headers.vary).toBe(
      'Accept-Language, Cookie, User-Agent',
    );
    expect(await visit(listed, '/mobile.html', { 'user-agent': iPhone })).toMatchObject({
      status: 200,
      body: 'shell',
    });
  });

  it('keeps desktops, phones that chose the web and phones without a store listing on the page', async () => {
    expect(await visit(listed, '/', { 'user-agent': desktop })).toMatchObject({
      status: 200,
      body: 'landing en',
    });
    expect(await visit(listed, '/', { 'user-agent': iPhone, cookie: 'parlo-web-on-phone=1' })).toMatchObject({
      status: 200,
      body: 'landing en',
    });
    expect(await visit(app, '/', { 'user-agent': iPhone })).toMatchObject({
      status: 200,
      body: 'landing en',
    });
  });

  it('never redirects a link carrying a token or the recovery pages', async () => {
    for (const url of [
      '/reset-password?token=abc',
      '/unsubscribe?token=abc',
      '/dashboard?token=abc',
      '/passrecovery',
    ]) {
      expect(await visit(listed, url, { 'user-agent': iPhone }), url).toMatchObject({
        status: 200,
        body: 'shell',
      });
    }
  });
});

/* The build's scripts come with `.br` and `.gz` copies (apps/web precompressed-assets.ts), sent as they are. */
describe('scripts compressed at build time', () => {
  const script = (acceptEncoding?: string, file = 'screen-1a2b.js') =>
    app.inject({
      url: `/assets/${file}`,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy to a browser that takes it, and says the answer varies by encoding', async () => {
    const response = await script('gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one without either', async () => {
    const gzipOnly = await script('gzip, deflate');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipOnly.rawPayload).toString()).toBe(SCRIPT);
    const plain = await script();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await script('br', 'tiny-3c4d.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};');
  });
});
