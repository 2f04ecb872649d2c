import { phraseAudioPath } from '@parlo/core/audio/phrase-audio';
import { describe, expect, it } from 'vitest';
import { lessonMediaUrls } from './media.ts';

describe('the media a lesson needs offline', () => {
  it('are its pictures, the recordings of the phrases the player speaks, and the sound effects', () => {
    const urls = lessonMediaUrls(
      [
        { type: 1, type1_word: 'Hallo', type1_image: '1F44B' },
        { type: 4, type4_images: ['1f436', 'not-a-picture'], type4_word: 'Hund' },
        { type: 7, type7_sentence: 'Guten Morgen' },
      ],
      'DE',
    );
    expect(urls).toEqual(
      expect.arrayContaining([
        '/media/pictures/1F44B.svg',
        '/media/pictures/1F436.svg',
        phraseAudioPath('de', 'Hallo'),
        phraseAudioPath('de', 'Guten Morgen'),
        '/audio/static/correct.mp3',
        '/audio/static/failed.mp3',
      ]),
    );
    // 'Hund' is only read, never played; a word that is no OpenMoji code has no picture file.
    expect(urls).not.toContain(phraseAudioPath('de', 'Hund'));
    expect(urls.filter((url) => url.startsWith('/media/'))).toHaveLength(2);
  });

  it("include the recording of a 'say this text' sentence (type 14), played before the learner speaks", () => {
    const urls = lessonMediaUrls(
      [{ type: 14, type14_sentence: 'Ich heiße Anna.', type14_translation: 'My name is Anna.' }],
      'de',
    );
    expect(urls).toContain(phraseAudioPath('de', 'Ich heiße Anna.'));
    expect(urls).not.toContain(phraseAudioPath('de', 'My name is Anna.'));
  });
});
