import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms here, cheap for us, costly for a cracker.
const ARGON2_OPTIONS = { algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under isolatedModules */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2_OPTIONS);
}

export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(secretHash, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the account does not exist, so response timing does
 * not reveal which usernames are registered.
 */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummyHash ??= hashSecret('not-a-real-password-for-timing-only');
  await verifySecret(await dummyHash, secret);
  return false;
}
