import { registerLearner, testEnv, testPushSender } from './helper.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordingOf } from '@parlo/content/audio/audio-cache';
import { startsWithMp3Frame } from '@parlo/content/audio/mp3';
import { installedEngines, type Voice } from '@parlo/content/audio/voices';
import { phraseAudioHash, phraseAudioPath } from '@parlo/core/audio/phrase-audio';
import { audioPhraseFor } from '@parlo/core/exercises/registry';
import { lessonToPlay, playableLessonSchema } from '@parlo/contract/catalogue';
import { errorResponseSchema } from '@parlo/contract/errors';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { contentPhrases, lessons } from '../src/db/schema.ts';
import { importCatalogue } from '../src/modules/content/content-import.service.ts';
import { lessonWithExercises } from '../src/modules/media/media.repository.ts';
import { mediaService, type AheadStats } from '../src/modules/media/media.service.ts';
import { buildFixtureContent, fixtureCoursesDir } from './content-fixture.ts';
import { injectCall } from './support/inject-call.ts';

let app: FastifyInstance;
let database: DatabaseHandle;
let distDir: string;
let dataDir: string;

/** The file the server keeps a German recording in, by this machine's voice (Pico or eSpeak NG). */
function keptRecording(text: string, say: string | null = null): string {
  const phrase = { language: 'de', hash: phraseAudioHash(text), text, say };
  const recording = recordingOf(path.join(dataDir, 'audio'), phrase, installedEngines());
  if (!recording) throw new Error(`no voice for '${text}'`);
  return recording.file;
}

async function lessonId(sourceKey: string): Promise<number> {
  const [row] = await database.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.sourceKey, sourceKey));
  if (!row) throw new Error(`no lesson ${sourceKey}`);
  return row.id;
}

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-dist-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-data-'));
  const catalogue = await buildFixtureContent(fixtureCoursesDir, distDir);
  database = await openDatabase({ kind: 'pglite', directory: null });
  await importCatalogue(database.db, catalogue);
  const env = testEnv({ DATA_DIR: dataDir });
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
    // Not immutable: installing another engine or changing a `say:` changes the recording behind the URL.
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(startsWithMp3Frame(response.rawPayload)).toBe(true);
    expect(response.rawPayload.length).toBeGreaterThan(1000);
    // Kept under DATA_DIR, named by engine, voice and text, and served from there the next time.
    expect(fs.readFileSync(keptRecording('der Kaffee')).equals(response.rawPayload)).toBe(true);
    const again = await app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('answers 404 for a text that is not in the content, 400 for a malformed name', async () => {
    const unknown = await app.inject({ method: 'GET', url: phraseAudioPath('de', 'Das ist nicht im Kurs') });
    expect(unknown.statusCode).toBe(404);
    expect(errorResponseSchema.parse(unknown.json()).error.code).toBe('NOT_FOUND');
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

describe("a lesson's recordings (issue 31)", () => {
  it('exist as soon as the lesson is served: its audio answers without being made on request', async () => {
    const learner = await registerLearner(app);
    const id = await lessonId('en:de:lesson:hello');
    const spoken = ['Hallo', 'Guten Morgen!'];
    for (const text of spoken) expect(fs.existsSync(keptRecording(text))).toBe(false);

    const response = await injectCall(app, lessonToPlay, {
      params: { lessonId: id },
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(200);
    const lesson = playableLessonSchema.parse(response.json());
    const played = [...new Set(lesson.exercises.map((exercise) => audioPhraseFor(exercise)))];
    expect(played.sort()).toEqual([...spoken].sort());

    // Made before the lesson was answered: on disk already, so no request below waits for synthesis.
    for (const text of spoken) expect(fs.existsSync(keptRecording(text)), text).toBe(true);
    for (const text of spoken) {
      const audio = await app.inject({ method: 'GET', url: phraseAudioPath('de', text) });
      expect(audio.statusCode).toBe(200);
      expect(audio.rawPayload.equals(fs.readFileSync(keptRecording(text)))).toBe(true);
    }
  });
});

describe('the recording queue (issue 31)', () => {
  /** A synthesiser that records what it was asked and answers when the test says so. */
  function heldSynthesiser() {
    const calls: { text: string; voice: Voice; release(): void }[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    return {
      calls,
      mostInFlight: () => mostInFlight,
      synthesiser: {
        mp3(voice: Voice, text: string) {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          return new Promise<Buffer>((resolve) => {
            calls.push({
              text,
              voice,
              release() {
                inFlight -= 1;
                resolve(Buffer.from(`mp3 of ${text}`));
              },
            });
          });
        },
        close: async () => {},
      },
    };
  }

  it('makes recordings ahead in lesson order, lets an opened lesson go first and never runs more than asked', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-queue-'));
    const held = heldSynthesiser();
    const media = mediaService(
      database.db,
      { distDir, runtimeAudioDir: folder },
      { synthesiser: held.synthesiser, installed: { pico: true }, concurrency: 2 },
    );
    try {
      const ahead = media.makeAhead();
      // One process makes recordings ahead; the other is kept for learners. The first is lesson 1's.
      await vi.waitFor(() => expect(held.calls).toHaveLength(1));
      expect(['Hallo', 'Guten Morgen!']).toContain(held.calls[0]?.text);
      expect(held.calls[0]?.voice).toEqual({ engine: 'pico', name: 'de-DE' });

      // A learner opens a later lesson: its recordings start at once, in the free process.
      const drinks = await lessonId('en:de:lesson:coffee-or-tea');
      const lessonTexts = new Set(
        (await lessonWithExercises(database.db, drinks))?.exercises
          .map((exercise) => audioPhraseFor(exercise))
          .filter((text): text is string => text !== undefined),
      );
      expect(lessonTexts.size).toBeGreaterThan(0);
      let prepared = false;
      const preparing = media.prepareLesson(drinks).then(() => (prepared = true));
      await vi.waitFor(() => expect(held.calls).toHaveLength(2));
      expect(lessonTexts).toContain(held.calls[1]?.text);

      // Every process that frees up takes the lesson's recordings before any other made ahead.
      let released = 0;
      while (!prepared) {
        const next = held.calls[released];
        if (!next) {
          await vi.waitFor(() => expect(held.calls.length).toBeGreaterThan(released));
          continue;
        }
        next.release();
        released += 1;
        await vi.waitFor(() => expect(prepared || held.calls.length > released).toBe(true));
      }
      await preparing;
      const madeBeforeLesson = held.calls.slice(1).map((call) => call.text);
      const lessonFirst = madeBeforeLesson.slice(0, lessonTexts.size);
      expect(new Set(lessonFirst)).toEqual(lessonTexts);

      // The rest is made ahead, each text once, never more than two at a time.
      let finished: AheadStats | null = null;
      void ahead.then((stats) => (finished = stats));
      while (!finished) {
        const open = held.calls.slice(released);
        released = held.calls.length;
        for (const call of open) call.release();
        await vi.waitFor(() => expect(finished !== null || held.calls.length > released).toBe(true));
      }
      const texts = held.calls.map((call) => call.text);
      expect(new Set(texts).size).toBe(texts.length);
      const phrases = await database.db
        .select()
        .from(contentPhrases)
        .where(eq(contentPhrases.language, 'de'));
      expect(texts.length).toBe(phrases.length);
      expect(finished).toMatchObject({ phrases: phrases.length, failed: 0 });
      expect(held.mostInFlight()).toBeLessThanOrEqual(2);

      // Made and kept: a second run (a restart) has nothing left to make.
      expect(await media.makeAhead()).toMatchObject({ made: 0, failed: 0 });
    } finally {
      await media.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
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
