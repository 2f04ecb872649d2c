import { interfaceLanguages } from '@parlo/core/i18n/interface-languages';
import { describe, expect, it } from 'vitest';
import { resetMail } from './reset-mail.ts';

const link = 'https://parlo.test/reset-password?token=abc_123-XYZ';

describe('the password-reset mail', () => {
  it.each(interfaceLanguages)('in %s carries the name, the link and its own subject', (language) => {
    const mail = resetMail(link, 'Ada', language);
    expect(mail.language).toBe(language);
    expect(mail.text).toContain('Ada');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`lang="${language}"`);
    if (language !== 'en') expect(mail.subject).not.toBe(resetMail(link, 'Ada', 'en').subject);
  });

  it('is right-to-left in Arabic', () => {
    expect(resetMail(link, 'Ada', 'ar').html).toContain('dir="rtl"');
    expect(resetMail(link, 'Ada', 'en').html).toContain('dir="ltr"');
  });

  it('falls back to English for a language it does not know', () => {
    expect(resetMail(link, 'Ada', 'xx')).toEqual(resetMail(link, 'Ada', 'en'));
  });

  it('escapes the name in HTML, so a name cannot inject markup', () => {
    const mail = resetMail(link, '<img src=x onerror=alert(1)>', 'en');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img');
  });
});
