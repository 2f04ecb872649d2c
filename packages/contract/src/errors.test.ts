import { describe, expect, it } from 'vitest';
import { errorCodes, isErrorCode, refusalCodes } from './errors.ts';

describe('error codes', () => {
  it('lists each code once', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });

  it('knows the declared codes and nothing else', () => {
    expect(refusalCodes.every(isErrorCode)).toBe(true);
    expect(isErrorCode('error-password-too-short')).toBe(true);
    expect(isErrorCode('COMPLETION_LESSON_LOCKED')).toBe(true);
    expect(isErrorCode('COMPLETION_SOMETHING_ELSE')).toBe(false);
    expect(isErrorCode('Password must be at least 6 characters')).toBe(false);
  });
});
