// Argon2id for every password and link password (ARCHITECTURE "Secrets"). better-auth is
// configured to use these same functions, so accounts made here and by the library agree.
import { hash, verify } from '@node-rs/argon2';

// OWASP's second recommended Argon2id setting: m=19 MiB, t=2, p=1.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, not a server error.
    return false;
  }
}
