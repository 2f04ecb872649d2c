import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newSecretToken } from './tokens.ts';

// ADR 041: the one-shot hash must give exactly the digest the stored session and reset hashes were made with.
describe('hashToken', () => {
  it('is the hex SHA-256 of the token, as createHash gave it', () => {
    const tokens = [
      '',
      'a',
      'bench-token-bench-1@example.com',
      'ünïcødé ✓',
      ...Array.from({ length: 50 }, newSecretToken),
    ];
    for (const token of tokens) {
      expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    }
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
