import { pbkdf2, solveChallenge, type Challenge } from 'altcha/lib';
import type { BotCheckConfig } from '@bantay/shared';
import { ApiError, type ApiRequest } from './api-request.ts';
import { BotCheckError } from './bot-check-error.ts';

/** As long as the page's solve may take (lib/bot-check.ts). */
const SOLVE_TIMEOUT_MS = 60_000;

/**
 * The invisible bot-check solved in the service worker, which can start none of the Web Workers the
 * page searches in (lib/bot-check-workers.ts): the same PBKDF2 search of `altcha/lib` on the
 * worker's own thread, and the same payload, the challenge and its solution as base64 JSON
 * (apps/server/src/adapters/bot-check/altcha.ts reads it).
 */
export async function solveBotCheckWithoutPage(request: ApiRequest): Promise<string> {
  let challenge: Challenge;
  try {
    const config = await request<BotCheckConfig>('/api/bot-check/config', { token: null });
    if (config.provider !== 'altcha' || !config.challengeUrl) throw new BotCheckError('setup');
    const url = new URL(config.challengeUrl, 'http://origin.invalid');
    const path = url.pathname + url.search;
    challenge = await request<Challenge>(path, { token: null });
  } catch (error) {
    if (error instanceof BotCheckError) throw error;
    throw new BotCheckError('setup', error instanceof ApiError && error.isNetwork);
  }
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2.deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new BotCheckError('setup');
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}
