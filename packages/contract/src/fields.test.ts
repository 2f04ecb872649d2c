import { describe, expect, it } from 'vitest';
import { id, idListText, idText, MAX_ID, NUL_NOT_ALLOWED, text } from './fields.ts';

describe('wire field rules', () => {
  it('refuses a NUL character and text past its bound', () => {
    expect(text(5).safeParse('hello').success).toBe(true);
    expect(text(5).safeParse('hello!').success).toBe(false);
    const withNul = text(50).safeParse('a\u0000b');
    expect(withNul.success).toBe(false);
    expect(withNul.error?.issues[0]?.message).toBe(NUL_NOT_ALLOWED);
  });

  it('takes ids from 1 to the int4 maximum, in a body and as digits in a path', () => {
    expect(id.safeParse(MAX_ID).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, Number.MAX_SAFE_INTEGER])
      expect(id.safeParse(bad).success).toBe(false);
    expect(idText.parse('2147483647')).toBe(MAX_ID);
    for (const bad of ['2147483648', '0', '-1', '1e3', '0x10', ' 1', '', '99999999999']) {
      expect(idText.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('reads id lists written with commas or repeated, each id within int4', () => {
    expect(idListText(3).parse('1, 2,3')).toEqual([1, 2, 3]);
    expect(idListText(3).parse(['4', '5'])).toEqual([4, 5]);
    expect(idListText(3).safeParse('1,2147483648').success).toBe(false);
    expect(idListText(3).safeParse('1,2,3,4').success).toBe(false);
    expect(idListText(3).safeParse('').success).toBe(false);
  });
});
