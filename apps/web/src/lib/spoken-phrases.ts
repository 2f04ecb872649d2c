/** The fields whose phrase the player speaks (AudioButton in the exercise views). */
const SPOKEN_FIELDS = [
  'type1_word',
  'type6_word',
  'type7_sentence',
  'type13_word_or_phrase',
  'type14_sentence',
] as const;

/** The phrases an exercise's views speak aloud, in field order; the offline cache and the voice preview read them. */
export function spokenPhrases(exercise: object): string[] {
  const fields = exercise as Record<string, unknown>;
  const phrases: string[] = [];
  for (const field of SPOKEN_FIELDS) {
    const phrase = fields[field];
    if (typeof phrase === 'string' && phrase.trim() !== '') phrases.push(phrase);
  }
  return phrases;
}
