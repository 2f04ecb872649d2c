import fs from 'node:fs';
import path from 'node:path';
import { phraseAudioFile, staticSoundFile, writeFileAtomically } from '@parlo/content/audio/audio-cache';
import { staticSoundMp3 } from '@parlo/content/audio/static-sounds';
import { Synthesiser } from '@parlo/content/audio/synthesiser';
import { audioDirIn, picturesDirIn } from '@parlo/content/paths';
import type { StaticSoundName } from '@parlo/core/audio/phrase-audio';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentPhrases } from '../../db/schema.ts';

export interface MediaFolders {
  /** The content build output (pre-generated audio, pictures); read only. */
  distDir: string;
  /** DATA_DIR/audio: recordings made on first request. */
  runtimeAudioDir: string;
}

/**
 * Recordings and pictures of the imported content. A phrase is looked up by its hash among the texts of
 * the imported content (404 otherwise: arbitrary text is never synthesised); its MP3 comes from the
 * pre-generated build output, else from the runtime cache, else it is synthesised once and cached.
 */
export function mediaService(db: Database, folders: MediaFolders, synthesiser = new Synthesiser(2)) {
  const inFlight = new Map<string, Promise<Buffer>>();
  const readIfExists = (file: string) => (fs.existsSync(file) ? fs.promises.readFile(file) : null);

  async function phraseText(language: string, hash: string): Promise<string | null> {
    const [row] = await db
      .select({ text: contentPhrases.text })
      .from(contentPhrases)
      .where(and(eq(contentPhrases.language, language), eq(contentPhrases.hash, hash)))
      .limit(1);
    return row?.text ?? null;
  }

  return {
    /** The MP3 of a phrase of the content, or null when the content has no such phrase. */
    async phraseAudio(language: string, hash: string): Promise<Buffer | null> {
      const prebuilt = await readIfExists(phraseAudioFile(audioDirIn(folders.distDir), language, hash));
      if (prebuilt) return prebuilt;
      const text = await phraseText(language, hash);
      if (text === null || !Synthesiser.hasVoice(language)) return null;
      const cached = phraseAudioFile(folders.runtimeAudioDir, language, hash);
      const existing = await readIfExists(cached);
      if (existing) return existing;
      const key = `${language}/${hash}`;
      let making = inFlight.get(key);
      if (!making) {
        making = synthesiser
          .mp3(language, text)
          .then((mp3) => {
            writeFileAtomically(cached, mp3);
            return mp3;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, making);
      }
      return making;
    },

    async staticSound(name: StaticSoundName): Promise<Buffer> {
      const prebuilt = await readIfExists(staticSoundFile(audioDirIn(folders.distDir), name));
      if (prebuilt) return prebuilt;
      const cached = staticSoundFile(folders.runtimeAudioDir, name);
      const existing = await readIfExists(cached);
      if (existing) return existing;
      const mp3 = staticSoundMp3(name);
      writeFileAtomically(cached, mp3);
      return mp3;
    },

    /** A picture copied by the content build (only the ones the content uses). */
    async picture(hexcode: string, variant: 'colour' | 'bw'): Promise<Buffer | null> {
      const folder = picturesDirIn(folders.distDir);
      return readIfExists(path.join(variant === 'bw' ? path.join(folder, 'bw') : folder, `${hexcode}.svg`));
    },

    close: () => synthesiser.close(),
  };
}

export type MediaService = ReturnType<typeof mediaService>;
