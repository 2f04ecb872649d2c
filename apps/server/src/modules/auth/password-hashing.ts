import { hash, verify } from '@node-rs/argon2';

// OWASP password storage cheat sheet: argon2id, 19 MiB memory, 2 iterations, 1 lane.
// (@node-rs/argon2 uses argon2id by default.)
const OWASP_ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP_ARGON2ID);
}

// Verifying against this when the account does not exist keeps the answer time the same,
// so timing does not tell which e-mail addresses have accounts.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that never matches');
  const target = passwordHash ?? (await decoyHash);
  try {
    const matches = await verify(target, password);
    return matches && passwordHash != null;
  } catch {
    return false;
  }
}
