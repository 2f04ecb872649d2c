import { checkAnswer, type Exercise } from '@parlo/core/exercises/registry';

/**
 * The right answer to an exercise as the player would send it, found with the same check the server runs
 * (core's checkAnswer) over the envelopes a player can send. Speaking exercises without a right envelope
 * fall back to "cannot talk now", which the server accepts as an answer (counted wrong).
 */
export function rightAnswer(exercise: Exercise): Record<string, unknown> {
  for (const candidate of candidates(exercise)) {
    try {
      if (checkAnswer(exercise, candidate).correct) return candidate;
    } catch {
      // not an envelope of this type
    }
  }
  return { cannotTalk: true };
}

function candidates(exercise: Exercise): Array<Record<string, unknown>> {
  const fields = exercise as unknown as Record<string, unknown>;
  const options = Object.values(fields).find(
    (value): value is boolean[] => Array.isArray(value) && value.every((item) => typeof item === 'boolean'),
  );
  const texts = Object.values(fields).filter((value): value is string => typeof value === 'string');
  const list: Array<Record<string, unknown>> = [{}, { verdict: 'right' }, { verdict: 'not-properly' }];
  for (let choice = 0; choice < Math.max(options?.length ?? 0, 6); choice += 1) list.push({ choice });
  for (const text of texts) {
    list.push({ text });
    for (const part of text.split(/\s*;\s*/)) list.push({ text: part });
    list.push({ words: text.split(/\s+/) });
  }
  return list;
}
