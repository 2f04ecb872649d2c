import { describe, expect, it } from 'vitest';
import { interfaceLanguages } from '../i18n/interface-languages.ts';
import { localisedStatusTiers, statusTierNames } from './status-names.ts';
import { defaultStatusTiers, STATUS_TIER_COUNT } from './status.ts';

describe('status tier names', () => {
  it.each(interfaceLanguages)('names all 15 tiers, distinctly, in %s', (language) => {
    const names = statusTierNames[language];
    expect(names).toHaveLength(STATUS_TIER_COUNT);
    expect(new Set(names).size).toBe(STATUS_TIER_COUNT);
    expect(names.every((name) => name.trim().length > 0)).toBe(true);
  });

  it('keeps the thresholds and falls back to English for an unknown language', () => {
    expect(localisedStatusTiers('ru').map((tier) => tier.points)).toEqual(
      defaultStatusTiers.map((tier) => tier.points),
    );
    expect(localisedStatusTiers('ru')[14]?.name).toBe('Легенда');
    expect(localisedStatusTiers('xx')[0]?.name).toBe('Newcomer');
  });
});
