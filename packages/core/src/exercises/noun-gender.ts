import { z } from 'zod';

/**
 * A noun's grammatical gender, written by the content where the article does not show it (issue 31: French
 * *l'heure*, *les lunettes*). Shown after the word as dictionaries do: "l'heure (f.)". Only what is shown
 * carries the mark; what is spoken or typed (recordings, dictation answers) is the word alone.
 */
export const nounGenders = ['m', 'f', 'm/f'] as const;
export type NounGender = (typeof nounGenders)[number];
export const nounGenderSchema = z.enum(nounGenders);

const marks: Record<NounGender, string> = { m: '(m.)', f: '(f.)', 'm/f': '(m./f.)' };

export function genderMark(gender: NounGender): string {
  return marks[gender];
}

/** The word as shown: with its gender mark when it has one. */
export function withGender(text: string, gender: NounGender | undefined): string {
  return gender === undefined ? text : `${text} ${genderMark(gender)}`;
}
