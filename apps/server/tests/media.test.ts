import { testPushSender } from './helper.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startsWithMp3Frame } from '@parlo/content/audio/mp3';
import { phraseAudioHash, phraseAudioPath } from '@parlo/core/audio/phrase-audio';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { importCatalogue } from '../src/modules/content/content-import.service.ts';
import { buildFixtureContent, fixtureCoursesDir } from './content-fixture.ts';

let app: FastifyInstance;
let database: DatabaseHandle;
let distDir: string;
let dataDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-dist-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-data-'));
  const catalogue = buildFixtureContent(fixtureCoursesDir, distDir);
  database = await openDatabase({ kind: 'pglite', directory: null });
  await importCatalogue(database.db, catalogue);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  app = await buildApp(
    { env, db: database.db, mailer: { send: async () => {} }, now: () => new Date(), push: testPushSender() },
    { contentDistDir: distDir },
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('phrase audio', () => {
  it('synthesises a phrase of the content on first request, as a cacheable MP3', async () => {
    const url = phraseAudioPath('de', 'der Kaffee');
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(startsWithMp3Frame(response.rawPayload)).toBe(true);
    expect(response.rawPayload.length).toBeGreaterThan(1000);
    // Kept under DATA_DIR and served from there the next time.
    const cached = path.join(dataDir, 'audio', 'de', `${phraseAudioHash('der Kaffee')}.mp3`);
    expect(fs.existsSync(cached)).toBe(true);
    const again = await app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('answers 404 for a text that is not in the content, 400 for a malformed name', async () => {
    const unknown = await app.inject({ method: 'GET', url: phraseAudioPath('de', 'Das ist nicht im Kurs') });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect((await app.inject({ method: 'GET', url: phraseAudioPath('fr', 'der Kaffee') })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/audio/de/nothex.mp3' })).statusCode).toBe(400);
  });

  it('serves the sound effects', async () => {
    for (const name of ['correct', 'incorrect', 'congrats', 'success', 'failed']) {
      const response = await app.inject({ method: 'GET', url: `/audio/static/${name}.mp3` });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-type']).toBe('audio/mpeg');
      expect(startsWithMp3Frame(response.rawPayload)).toBe(true);
    }
    expect((await app.inject({ method: 'GET', url: '/audio/static/fanfare.mp3' })).statusCode).toBe(400);
  });
});

describe('pictures', () => {
  it('serves the OpenMoji pictures the content uses, and only those', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/pictures/2615.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toContain('max-age');
    expect(response.body).toContain('<svg');
    expect((await app.inject({ method: 'GET', url: '/media/pictures/bw/2615.svg' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/media/pictures/1F600.svg' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/media/pictures/..%2Fcatalogue.json' })).statusCode).toBe(
      400,
    );
  });
});
