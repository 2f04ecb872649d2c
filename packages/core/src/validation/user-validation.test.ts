import { describe, expect, it } from 'vitest';
import { firstRegistrationError, passwordChangeError, registrationSchema } from './user-validation.ts';

const valid = { name: 'Ana', age: 30, email: 'ana@example.com', password: 'secret1' };

describe('registration rules (SPEC §5, in order)', () => {
  it.each([
    [{}, 'error-name-not-set'],
    [{ ...valid, name: '   ' }, 'error-name-not-set'],
    [{ ...valid, name: 'A', age: 0 }, 'error-age-not-set'],
    [{ ...valid, age: '' }, 'error-age-not-set'],
    [{ ...valid, age: undefined }, 'error-age-not-set'],
    [{ ...valid, age: 12 }, 'error-age-too-young'],
    [{ ...valid, age: -3 }, 'error-age-not-valid'],
    [{ ...valid, age: 'abc' }, 'error-age-not-set'],
    [{ ...valid, email: '' }, 'error-email-not-set'],
    [{ ...valid, email: '  ' }, 'error-email-not-set'],
    [{ ...valid, email: 'ana@example' }, 'error-email-not-valid'],
    [{ ...valid, email: 'ana@example.info' }, 'error-email-not-valid'],
    [{ ...valid, password: '' }, 'error-password-not-set'],
    [{ ...valid, password: '12345' }, 'error-password-too-short'],
    // Several broken fields: the earliest rule wins.
    [{ name: '', age: 0, email: '', password: '' }, 'error-name-not-set'],
    [{ name: 'Ana', age: 0, email: 'x', password: '' }, 'error-age-not-set'],
    [{ name: 'Ana', age: 20, email: 'x', password: '' }, 'error-email-not-valid'],
  ])('%j -> %s', (input, code) => {
    expect(firstRegistrationError(input)).toBe(code);
  });

  it('accepts a valid registration, trimming the name and lower-casing the e-mail', () => {
    expect(firstRegistrationError(valid)).toBeNull();
    const parsed = registrationSchema.parse({
      ...valid,
      name: ' Ana ',
      email: ' Ana@Example.COM ',
      age: '13',
    });
    expect(parsed).toEqual({ name: 'Ana', age: 13, email: 'ana@example.com', password: 'secret1' });
  });
});

describe('password change rules (SPEC §5 profile)', () => {
  it('sends nothing when both passwords are empty', () => {
    expect(passwordChangeError({})).toBeNull();
    expect(passwordChangeError({ oldPassword: ' ', newPassword: '' })).toBeNull();
  });
  it('needs the current password', () => {
    expect(passwordChangeError({ newPassword: 'newpass1' })).toBe('old-password-empty');
  });
  it('needs a new password of at least 6 characters', () => {
    expect(passwordChangeError({ oldPassword: 'old', newPassword: ' 12345 ' })).toBe('new-password-len');
  });
  it('needs the repeat to match', () => {
    expect(
      passwordChangeError({ oldPassword: 'old', newPassword: '123456', repeatPassword: '1234567' }),
    ).toBe('error-password-match');
    expect(
      passwordChangeError({ oldPassword: 'old', newPassword: '123456', repeatPassword: '123456' }),
    ).toBeNull();
  });
});
