/**
 * Where the recording of a target-language phrase lives (SPEC §7: `audio/{lang}/{hash}.mp3`). The content
 * build, the server and the web player all compute the URL with this one function, so they always agree.
 *
 * The phrase is first normalised: Unicode NFC, trimmed, lower-cased (locale-independent `toLowerCase`),
 * so 'Der Kaffee ' and 'der Kaffee' share one recording. The hash is 64-bit FNV-1a over the UTF-8 bytes of
 * the normalised phrase, written as 16 lower-case hex digits. It is synchronous pure JavaScript (no
 * WebCrypto), and it is not a security measure: the server only ever serves phrases of the imported
 * content, looked up by this hash.
 */

const utf8 = new TextEncoder();
/** UTF-8 takes at most 3 bytes per UTF-16 unit. */
let bytes = new Uint8Array(256);

export function normalisePhrase(phrase: string): string {
  return phrase.normalize('NFC').trim().toLowerCase();
}

/**
 * 64-bit FNV-1a of a string's UTF-8 bytes, as 16 hex digits. Also seeds the content build's choices.
 * Computed on four 16-bit limbs with plain numbers (BigInt is many times slower): the FNV prime is
 * 2^40 + 0x1b3, so `hash * prime` is `hash * 0x1b3 + (hash << 40)`, taken modulo 2^64.
 */
export function fnv1a64(text: string): string {
  // The bytes go into one reused buffer: a new array for each of the content build's millions of seeds
  // was most of the hash's time.
  if (bytes.length < text.length * 3) bytes = new Uint8Array(text.length * 3);
  const { written } = utf8.encodeInto(text, bytes);
  // Offset basis 0xcbf29ce484222325, least significant limb first.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let at = 0; at < written; at += 1) {
    const byte = bytes[at] ?? 0;
    h0 ^= byte;
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
    const t3 = h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return [h3, h2, h1, h0].map((limb) => limb.toString(16).padStart(4, '0')).join('');
}

export function phraseAudioHash(phrase: string): string {
  return fnv1a64(normalisePhrase(phrase));
}

/** The path under the app's origin, e.g. `/audio/de/5f0c…e1.mp3`; `language` is the course code. */
export function phraseAudioPath(language: string, phrase: string): string {
  return `/audio/${language}/${phraseAudioHash(phrase)}.mp3`;
}

/** The sound effects played by the lesson player (SPEC §7 static audio). */
export const staticSoundNames = ['correct', 'incorrect', 'congrats', 'success', 'failed'] as const;
export type StaticSoundName = (typeof staticSoundNames)[number];

export function staticSoundPath(name: StaticSoundName): string {
  return `/audio/static/${name}.mp3`;
}

export const PHRASE_AUDIO_HASH_PATTERN = /^[0-9a-f]{16}$/;
