import { describe, expect, it } from 'vitest';
import { readableTextOn } from './readable-text.ts';

describe('readableTextOn', () => {
  it('puts white on dark course colours and dark text on light ones', () => {
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    expect(readableTextOn('#6d28d9')).toBe('#ffffff');
    expect(readableTextOn('#f59e0b')).toBe('#111827');
    expect(readableTextOn('#fff')).toBe('#111827');
  });

  it('falls back to white for a colour it cannot read', () => {
    expect(readableTextOn('tomato')).toBe('#ffffff');
  });
});
