import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me } from '@parlo/contract/accounts';
import { createTestApp, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
let dist: string;
const WORDS = `export const words = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `word ${i}`))};`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'screen-abc123.js'), 'export const screen = 1;');
  fs.writeFileSync(path.join(dist, 'assets', 'words-def456.js'), WORDS);
  fs.writeFileSync(path.join(dist, 'assets', 'words-def456.js.br'), zlib.brotliCompressSync(WORDS));
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, serveWebApp: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves fingerprinted assets for a year and every page as a fresh index.html', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/screen-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('id="root"');

    // Nothing outside the app's folder, however the path is spelled.
    fs.writeFileSync(`${dist}-secret.txt`, 'secret');
    for (const sneaky of [`/..%2F${path.basename(dist)}-secret.txt`, '/%2e%2e/%2e%2e/etc/passwd']) {
      const response = await t.app.inject({ method: 'GET', url: sneaky });
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('root:');
    }
    fs.rmSync(`${dist}-secret.txt`);

    // A literal URL on purpose: an unknown API path.
    const unknownApi = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('sends a script compressed at build time once compressed, and gzips one without a copy (ADR 053)', async () => {
    const brotli = await t.app.inject({
      url: '/assets/words-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(WORDS);

    // No .gz copy: the server's own compression answers, as for every other file.
    const gzipped = await t.app.inject({
      url: '/assets/words-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(WORDS);
  });

  it('never rate-limits the app’s own files, however many chunks a session loads', async () => {
    // The API allows 600 requests a minute per address; the files of the app do not count.
    for (let request = 0; request < 650; request += 1) {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/screen-abc123.js' });
      expect(asset.statusCode).toBe(200);
    }
    expect((await injectCall(t.app, me)).statusCode).toBe(401);
  });
});
