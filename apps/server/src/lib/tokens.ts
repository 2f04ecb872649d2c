import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for session tokens and password-reset links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as this hash, so the database never holds a usable token. Every signed-in request
 * hashes its token: Node's one-shot `hash` gives the same digest as a `createHash` object at about half the
 * CPU (ADR 041).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
