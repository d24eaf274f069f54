import { hash, verify } from '@node-rs/argon2';

/** argon2id at the OWASP ASVS 5.0 bar: m = 46 MiB, t = 1, p = 1. */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
