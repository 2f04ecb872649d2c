import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for session tokens and password-reset links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so the database never holds a usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
