import crypto from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { BotCheckProvider } from './bot-check.ts';

export type AltchaChallenge = Required<Pick<Challenge, 'parameters' | 'signature'>>;

const ALGORITHM = 'PBKDF2/SHA-256';

/**
 * ALTCHA proof-of-work (v2 protocol, the `altcha` widget 3.x): the browser searches for a number
 * whose PBKDF2 key starts with the signed prefix. Invisible, self-hosted, works offline.
 *
 * The expiry travels in the signed `data.expiresAt` and is checked against the server's clock,
 * not in the protocol's own `expiresAt`, which altcha-lib compares with the machine time: the
 * server decides time (and tests move it).
 */
export function createAltchaBotCheck(options: {
  hmacKey: string;
  cost: number;
  maxNumber: number;
  challengeTtlSeconds: number;
  now: () => Date;
}): BotCheckProvider {
  return {
    provider: 'altcha',
    siteKey: null,
    async createChallenge() {
      const expiresAt = Math.floor(options.now().getTime() / 1000) + options.challengeTtlSeconds;
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(Math.max(1, Math.floor(options.maxNumber / 5)), options.maxNumber),
        deriveKey,
        data: { expiresAt },
        hmacSignatureSecret: options.hmacKey,
      });
      return { parameters: challenge.parameters, signature: challenge.signature! };
    },
    async verify(payload) {
      const decoded = decodePayload(payload);
      if (!decoded) return { ok: false, reason: 'malformed' };
      const { challenge, solution } = decoded;
      if (challenge.parameters.algorithm !== ALGORITHM) return { ok: false, reason: 'invalid' };
      const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: options.hmacKey });
      if (!result.verified) return { ok: false, reason: 'invalid' };
      // Signed, so trustworthy from here on.
      const expiresAt = Number(challenge.parameters.data?.expiresAt);
      if (!Number.isFinite(expiresAt) || expiresAt * 1000 <= options.now().getTime()) return { ok: false, reason: 'expired' };
      const key = crypto.createHash('sha256').update(`altcha:${challenge.signature}`).digest('hex');
      return { ok: true, once: { key, until: new Date(expiresAt * 1000) } };
    },
  };
}

function decodePayload(payload: string): { challenge: AltchaChallenge; solution: Solution } | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
      challenge?: { parameters?: unknown; signature?: unknown };
      solution?: { counter?: unknown; derivedKey?: unknown };
    };
    const challenge = value?.challenge;
    const solution = value?.solution;
    if (!challenge || typeof challenge.parameters !== 'object' || challenge.parameters === null) return null;
    if (typeof challenge.signature !== 'string' || !solution) return null;
    if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return {
      challenge: { parameters: challenge.parameters as AltchaChallenge['parameters'], signature: challenge.signature },
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    };
  } catch {
    return null;
  }
}
