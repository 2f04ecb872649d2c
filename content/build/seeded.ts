import { fnv1a64 } from '@parlo/core/audio/phrase-audio';

/**
 * Deterministic choices for the build: the same sources always give the same distractors and option order,
 * so a rebuild changes nothing. Seeds are made of course, lesson and exercise ids, never of the spoken
 * language, so every speaker of a course sees the same choices.
 */

export function seededNumber(seed: string): bigint {
  return BigInt(`0x${fnv1a64(seed)}`);
}

export function seededIndex(seed: string, length: number): number {
  return length <= 1 ? 0 : Number(seededNumber(seed) % BigInt(length));
}

/** The items in an order fixed by the seed (each item ranked by the hash of seed and its key). */
export function seededOrder<T>(items: readonly T[], seed: string, keyOf: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, rank: fnv1a64(`${seed}|${keyOf(item)}`) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .map(({ item }) => item);
}

/** Puts the right option among the distractors at a seeded position. */
export function withAnswerAt<T>(
  answer: T,
  distractors: readonly T[],
  seed: string,
): { options: T[]; index: number } {
  const index = seededIndex(`${seed}#answer`, distractors.length + 1);
  const options = [...distractors];
  options.splice(index, 0, answer);
  return { options, index };
}
