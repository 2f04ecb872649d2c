import {
  phraseAudioPath,
  staticSoundNames,
  staticSoundPath,
  type StaticSoundName,
} from '@parlo/core/audio/phrase-audio';
import { pictureValuesOf } from '../../lib/offline/lessons-ahead.ts';
import { spokenPhrases } from '../../lib/spoken-phrases.ts';

/**
 * Where the player finds recordings and pictures. Every URL the player uses comes from here, so the
 * scheme can change in one place (the audio path is core's, shared with the content build and server).
 */
export function phraseAudioUrl(courseLanguageCode: string, phrase: string): string {
  return phraseAudioPath(courseLanguageCode.toLowerCase(), phrase);
}

export function soundEffectUrl(name: StaticSoundName): string {
  return staticSoundPath(name);
}

// OpenMoji hexcodes as the content writes them ('1F44B', '1F468-200D-1F469').
const OPENMOJI_HEXCODE = /^[0-9a-f]{4,6}(?:-[0-9a-f]{2,6})*$/i;

/**
 * A picture field is an OpenMoji hexcode (served by the media routes) or, in older content, a URL.
 * Anything else has no picture: the caller shows the default image (SPEC §8).
 */
export function pictureUrl(picture: string | null | undefined): string | undefined {
  const value = picture?.trim();
  if (!value) return undefined;
  if (OPENMOJI_HEXCODE.test(value)) return `/media/pictures/${value.toUpperCase()}.svg`;
  if (value.startsWith('/') || /^https?:\/\//i.test(value)) return value;
  return undefined;
}

/**
 * Every picture and recording a lesson's exercises use, plus the sound effects: what must be cached for
 * the lesson to play offline (issue 17).
 */
export function lessonMediaUrls(
  exercises: readonly object[],
  courseLanguageCode: string | undefined,
): string[] {
  const urls = new Set<string>(staticSoundNames.map((name) => soundEffectUrl(name)));
  for (const exercise of exercises) {
    for (const picture of pictureValuesOf(exercise)) {
      const url = pictureUrl(picture);
      if (url?.startsWith('/')) urls.add(url);
    }
    if (!courseLanguageCode) continue;
    for (const phrase of spokenPhrases(exercise)) urls.add(phraseAudioUrl(courseLanguageCode, phrase));
  }
  return [...urls];
}
