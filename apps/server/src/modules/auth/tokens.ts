import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { UserType } from '@bantay/shared';
import type { Clock } from '../../lib/clock.ts';

interface TokenClaims {
  /** The user id (the brief's clients read it from the token's `id` field). */
  id: string;
  userType: UserType;
  /** The session id. */
  jti: string;
}

export interface TokenService {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** Returns the claims of a well-signed, unexpired token, or null. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims, expiresAt) =>
      new SignJWT({ id: claims.id, userType: claims.userType })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(claims.jti)
        .setSubject(claims.id)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
        if (typeof payload.id !== 'string' || typeof payload.jti !== 'string' || typeof payload.userType !== 'string') {
          return null;
        }
        return { id: payload.id, jti: payload.jti, userType: payload.userType as UserType };
      } catch {
        return null;
      }
    },
  };
}

/** Uses JWT_SECRET when configured; otherwise generates one on first start and keeps it in DATA_DIR. */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it first; then that one's secret wins.
  try {
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
