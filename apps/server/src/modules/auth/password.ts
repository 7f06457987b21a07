import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the enum is ambient const and cannot be imported under isolatedModules. */
const ARGON2ID = 2;

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
