import fs from 'node:fs';
import path from 'node:path';
import {
  recordingFile,
  recordingOf,
  staticSoundFile,
  writeFileAtomically,
} from '@parlo/content/audio/audio-cache';
import { staticSoundMp3 } from '@parlo/content/audio/static-sounds';
import { Synthesiser } from '@parlo/content/audio/synthesiser';
import {
  installedEngines,
  recordingKey,
  type InstalledEngines,
  type Voice,
} from '@parlo/content/audio/voices';
import { audioDirIn, picturesDirIn } from '@parlo/content/paths';
import { phraseAudioHash, type StaticSoundName } from '@parlo/core/audio/phrase-audio';
import { audioPhraseFor } from '@parlo/core/exercises/registry';
import type { Database } from '../../db/client.ts';
import {
  findPhrase,
  findPhrases,
  lessonWithExercises,
  phrasesInLessonOrder,
  type PhraseRow,
} from './media.repository.ts';

export interface MediaFolders {
  /** The content build output (pre-generated audio, pictures); read only. */
  distDir: string;
  /** DATA_DIR/audio: recordings made by the server. */
  runtimeAudioDir: string;
}

export interface MediaOptions {
  /** Speaks text into MP3 in child processes (tests pass a stand-in). */
  synthesiser?: Pick<Synthesiser, 'mp3' | 'close'>;
  /** Which engines this machine has (voices.ts); detected when left out. */
  installed?: InstalledEngines;
  /**
   * Recordings made at once, each in its own child process. Making ahead uses one less (at least one),
   * so a learner's lesson waits behind at most the recordings already being made.
   */
  concurrency?: number;
  log?: { warn(details: object, message: string): void };
}

export interface AheadStats {
  phrases: number;
  made: number;
  failed: number;
}

/** Where one recording is found or made, by this machine's voice. */
interface Places {
  voice: Voice;
  spoken: string;
  /** In the content build output (made by `content:build`). */
  prebuilt: string;
  /** Under DATA_DIR (made by the server). */
  runtime: string;
}

interface Job {
  places: Places;
  urgent: boolean;
  done: Promise<Buffer>;
  resolve(mp3: Buffer): void;
  reject(error: Error): void;
}

/**
 * Recordings and pictures of the imported content. A phrase is looked up by its hash among the texts of
 * the imported content (404 otherwise: arbitrary text is never synthesised); its MP3 is the one made by
 * this machine's voice (voices.ts: the engine, voice and spoken text are in the file name), from the
 * content build output or DATA_DIR, else it is made once and kept.
 *
 * No learner should wait for one (issue 31): `makeAhead` makes every missing recording in the background,
 * the early lessons' first, and `prepareLesson` makes a lesson's recordings before the lesson is served,
 * ahead of everything else. Both go through one queue with a bounded number of child processes, so the
 * event loop only moves bytes.
 */
export function mediaService(db: Database, folders: MediaFolders, options: MediaOptions = {}) {
  const installed = options.installed ?? installedEngines();
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const aheadLanes = Math.max(1, concurrency - 1);
  const synthesiser = options.synthesiser ?? new Synthesiser(concurrency);
  const prebuiltDir = audioDirIn(folders.distDir);
  const readIfExists = (file: string) => (fs.existsSync(file) ? fs.promises.readFile(file) : null);
  const exists = (file: string) =>
    fs.promises.access(file).then(
      () => true,
      () => false,
    );

  function placesOf(row: PhraseRow): Places | null {
    const recording = recordingOf(prebuiltDir, row, installed);
    if (!recording) return null;
    const key = recordingKey(recording.voice, recording.spoken);
    return {
      voice: recording.voice,
      spoken: recording.spoken,
      prebuilt: recording.file,
      runtime: recordingFile(folders.runtimeAudioDir, row.language, row.hash, key),
    };
  }

  async function madeAlready(places: Places): Promise<boolean> {
    return (await exists(places.prebuilt)) || (await exists(places.runtime));
  }

  // ---- The queue: a learner's recordings first, then the ones made ahead -------------------------------
  const jobs = new Map<string, Job>();
  const waiting: Job[] = [];
  let running = 0;
  let runningAhead = 0;
  let closed = false;

  function make(places: Places, urgent: boolean): Promise<Buffer> {
    if (closed) return Promise.reject(new Error('the media service is closed'));
    let job = jobs.get(places.runtime);
    if (job) {
      job.urgent ||= urgent;
    } else {
      let resolve!: (mp3: Buffer) => void;
      let reject!: (error: Error) => void;
      const done = new Promise<Buffer>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      job = { places, urgent, done, resolve, reject };
      jobs.set(places.runtime, job);
      waiting.push(job);
    }
    pump();
    return job.done;
  }

  function pump(): void {
    while (running < concurrency && waiting.length > 0) {
      let index = waiting.findIndex((job) => job.urgent);
      if (index === -1) {
        // Recordings made ahead leave a process free for a learner's lesson.
        if (runningAhead >= aheadLanes) return;
        index = 0;
      }
      const [job] = waiting.splice(index, 1);
      if (job) void run(job);
    }
  }

  async function run(job: Job): Promise<void> {
    const ahead = !job.urgent;
    running += 1;
    if (ahead) runningAhead += 1;
    try {
      const mp3 = await synthesiser.mp3(job.places.voice, job.places.spoken);
      writeFileAtomically(job.places.runtime, mp3);
      job.resolve(mp3);
    } catch (error) {
      job.reject(error instanceof Error ? error : new Error(String(error)));
    } finally {
      running -= 1;
      if (ahead) runningAhead -= 1;
      jobs.delete(job.places.runtime);
      pump();
    }
  }

  /** Lessons whose recordings were made (or are being made) since start; bounded by the content's size. */
  const preparedLessons = new Map<number, Promise<void>>();

  async function makeLessonRecordings(lessonId: number): Promise<void> {
    const lesson = await lessonWithExercises(db, lessonId);
    if (!lesson) return;
    const hashes = new Set<string>();
    for (const exercise of lesson.exercises) {
      const phrase = audioPhraseFor(exercise);
      if (phrase !== undefined && phrase.trim() !== '') hashes.add(phraseAudioHash(phrase));
    }
    const rows = await findPhrases(db, lesson.language, [...hashes]);
    const results = await Promise.allSettled(
      rows.map(async (row) => {
        const places = placesOf(row);
        if (places && !(await madeAlready(places))) await make(places, true);
      }),
    );
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) {
      options.log?.warn(
        { lessonId, failed: failed.length, err: failed[0]?.reason },
        'recordings of a lesson could not be made; the player asks for each again',
      );
      throw new Error(`${failed.length} recording(s) of lesson ${lessonId} failed`);
    }
  }

  return {
    /** The MP3 of a phrase of the content, or null when the content has no such phrase. */
    async phraseAudio(language: string, hash: string): Promise<Buffer | null> {
      const row = await findPhrase(db, language, hash);
      const places = row ? placesOf(row) : null;
      if (!places) return null;
      const made = (await readIfExists(places.prebuilt)) ?? (await readIfExists(places.runtime));
      return made ?? make(places, true);
    },

    /**
     * Makes the recordings a lesson plays, ahead of any made in the background; resolves when they exist
     * (at once for a lesson prepared before). A failure is logged and does not fail the lesson: the player
     * then asks for each recording, which tries again.
     */
    async prepareLesson(lessonId: number): Promise<void> {
      let prepared = preparedLessons.get(lessonId);
      if (!prepared) {
        prepared = makeLessonRecordings(lessonId);
        preparedLessons.set(lessonId, prepared);
        prepared.catch(() => preparedLessons.delete(lessonId));
      }
      await prepared.catch(() => {});
    },

    /**
     * Makes every missing recording in the background, in lesson order (the content build's `position`:
     * every course's first lesson, then every second one, …), with `concurrency - 1` processes.
     */
    async makeAhead(): Promise<AheadStats> {
      const rows = await phrasesInLessonOrder(db);
      const stats: AheadStats = { phrases: rows.length, made: 0, failed: 0 };
      let next = 0;
      const lane = async () => {
        while (!closed && next < rows.length) {
          const row = rows[next++];
          const places = row ? placesOf(row) : null;
          if (!places || (await madeAlready(places))) continue;
          try {
            await make(places, false);
            stats.made += 1;
          } catch (error) {
            if (closed) break;
            stats.failed += 1;
            options.log?.warn({ err: error, language: row?.language, text: row?.text }, 'recording failed');
          }
        }
      };
      await Promise.all(Array.from({ length: aheadLanes }, lane));
      return stats;
    },

    async staticSound(name: StaticSoundName): Promise<Buffer> {
      const prebuilt = await readIfExists(staticSoundFile(prebuiltDir, name));
      if (prebuilt) return prebuilt;
      const cached = staticSoundFile(folders.runtimeAudioDir, name);
      const existing = await readIfExists(cached);
      if (existing) return existing;
      const mp3 = await staticSoundMp3(name);
      writeFileAtomically(cached, mp3);
      return mp3;
    },

    /** A picture copied by the content build (only the ones the content uses). */
    async picture(hexcode: string, variant: 'colour' | 'bw'): Promise<Buffer | null> {
      const folder = picturesDirIn(folders.distDir);
      return readIfExists(path.join(variant === 'bw' ? path.join(folder, 'bw') : folder, `${hexcode}.svg`));
    },

    async close(): Promise<void> {
      closed = true;
      for (const job of waiting.splice(0)) {
        jobs.delete(job.places.runtime);
        job.reject(new Error('the media service is closed'));
      }
      await synthesiser.close();
    },
  };
}

export type MediaService = ReturnType<typeof mediaService>;
