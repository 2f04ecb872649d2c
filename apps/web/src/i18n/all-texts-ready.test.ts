// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { allTextsReady, i18n } from './i18n.ts';

describe('every feature’s English', () => {
  it('is merged into the fallback once, however many screens wait for it', async () => {
    // The dashboard's own texts are not part of the first visit's English.
    expect(i18n.exists('dashboard.premiumChip', { lng: 'en' })).toBe(false);
    const add = vi.spyOn(i18n, 'addResourceBundle');

    await Promise.all([allTextsReady(), allTextsReady()]);
    await allTextsReady();

    expect(i18n.t('dashboard.premiumChip', { lng: 'en' })).toBe('Premium: no limits');
    expect(add.mock.calls.filter(([language]) => language === 'en')).toHaveLength(1);
  });
});
