import { describe, expect, it } from 'vitest';
import { genderMark, nounGenderSchema, withGender } from './noun-gender.ts';

describe('noun gender marks', () => {
  it('marks masculine, feminine and either', () => {
    expect(genderMark('m')).toBe('(m.)');
    expect(genderMark('f')).toBe('(f.)');
    expect(genderMark('m/f')).toBe('(m./f.)');
  });
  it('shows the word with its mark, and the word alone without one', () => {
    expect(withGender("l'heure", 'f')).toBe("l'heure (f.)");
    expect(withGender('les parents', 'm')).toBe('les parents (m.)');
    expect(withGender("l'élève", 'm/f')).toBe("l'élève (m./f.)");
    expect(withGender('la pomme', undefined)).toBe('la pomme');
  });
  it('accepts only the three genders', () => {
    expect(nounGenderSchema.safeParse('f').success).toBe(true);
    expect(nounGenderSchema.safeParse('n').success).toBe(false);
    expect(nounGenderSchema.safeParse('F').success).toBe(false);
  });
});
