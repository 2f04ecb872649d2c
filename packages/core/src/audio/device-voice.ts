/**
 * Issue 31: a phrase is spoken by the device's own voice when the device has a good one for the course's
 * language, and by Parlo's recording otherwise. These rules pick that voice from the browser's list; they
 * take plain objects shaped like `SpeechSynthesisVoice`, so they run (and are tested) without a browser.
 */

/** What the learner chose to hear phrases in (settings): the device's voice, or always the recordings. */
export const phraseVoices = ['device', 'recordings'] as const;
export type PhraseVoice = (typeof phraseVoices)[number];

/** The fields of a `SpeechSynthesisVoice` the choice reads. */
export interface VoiceLike {
  readonly name: string;
  readonly voiceURI: string;
  readonly lang: string;
  readonly localService: boolean;
  readonly default: boolean;
}

/**
 * The locale each course speaks. The English course is British (its flag, its spelling), so it wants an
 * en-GB voice, never the US one; the others speak the language of their main country.
 */
const COURSE_LOCALES: Readonly<Record<string, string>> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  ja: 'ja-JP',
};

/** The BCP 47 locale a course's phrases are spoken in ('en' → 'en-GB'); an unknown code stays as it is. */
export function courseSpeechLocale(courseLanguageCode: string): string {
  const code = courseLanguageCode.trim().toLowerCase();
  return COURSE_LOCALES[code] ?? code;
}

/** 'en_gb', 'EN-gb' → 'en-gb': Android writes an underscore, browsers differ in case. */
function normaliseLocale(locale: string): string {
  return locale.trim().replace(/_/g, '-').toLowerCase();
}

/**
 * Formant and diphone engines a learner should not imitate: eSpeak (NG), also behind speech-dispatcher
 * (Chromium and Firefox on Linux list its voices as '… espeak-ng' or under the dispatcher), MBROLA, Festival
 * and Flite, SVOX Pico (Parlo's own recordings are at least that), and Apple's Eloquence voices (Eddy,
 * Flo, Rocko…, listed in every language).
 */
const ROBOTIC = /e-?speak|speech[-\s]?dispatcher|mbrola|festival|\bflite\b|\bpico\b|svox|eloquence/i;

export function isRoboticVoice(voice: Pick<VoiceLike, 'name' | 'voiceURI'>): boolean {
  return ROBOTIC.test(voice.name) || ROBOTIC.test(voice.voiceURI);
}

/** Neural voices: Edge's '… Online (Natural)', Apple's Siri, Enhanced and Premium voices, 'Neural' ones. */
const NATURAL = /natural|neural|premium|enhanced|siri/i;
/** Chrome's Google voices are made on Google's servers ('Google UK English Female'). */
const GOOGLE = /\bgoogle\b/i;

/** Higher is better: natural first, then remote or Google voices, then the device's default voice. */
function voiceRank(voice: VoiceLike): number {
  const text = `${voice.name} ${voice.voiceURI}`;
  let rank = 0;
  if (NATURAL.test(text)) rank += 8;
  if (!voice.localService || GOOGLE.test(text)) rank += 4;
  if (voice.default) rank += 1;
  return rank;
}

/**
 * The best installed voice that speaks exactly `locale` ('en-GB': an en-US voice does not do), never a
 * robotic one; the first of equal rank in the browser's order. Null when no voice is good enough: the
 * recordings are played instead.
 */
export function chooseDeviceVoice<Voice extends VoiceLike>(
  voices: readonly Voice[],
  locale: string,
): Voice | null {
  const wanted = normaliseLocale(locale);
  let best: Voice | null = null;
  let bestRank = -1;
  for (const voice of voices) {
    if (normaliseLocale(voice.lang) !== wanted || isRoboticVoice(voice)) continue;
    const rank = voiceRank(voice);
    if (rank > bestRank) {
      best = voice;
      bestRank = rank;
    }
  }
  return best;
}
