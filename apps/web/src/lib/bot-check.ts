import type { BotCheckConfig } from '@bantay/shared';
import { api, ApiError } from '@/lib/api-client.ts';
import type { Challenge } from 'altcha/lib';
import { BotCheckError } from './bot-check-error.ts';
import { solveInWorkers } from './bot-check-workers.ts';

export { BotCheckError };

/** A solve longer than this is treated as a failure rather than left spinning. */
const SOLVE_TIMEOUT_MS = 60_000;
/**
 * Where the server hands out challenges (apps/server/src/modules/bot-check/bot-check.service.ts,
 * CHALLENGE_PATH): asked for together with the config, so the set-up is one round trip, not two.
 * Should the config name another address, that one is asked for after.
 */
const CHALLENGE_PATH = '/api/bot-check/challenge';

/**
 * Solves the invisible bot-check (self-hosted ALTCHA proof-of-work) and returns the
 * payload for the protected call's `botCheck` field. Every call solves a fresh challenge: the
 * server accepts a payload once only and checks its expiry with its own clock.
 *
 * The config and a challenge are asked for at once; the search runs in Web Workers (ALTCHA's own
 * PBKDF2 worker, 5 KB, one per core up to four: lib/bot-check-workers.ts), never on the page's
 * thread, and with no widget: on slow 3G the widget's 35 KB and its own challenge request were
 * most of the wait after Send (docs/benchmarks.md, "The field"). The payload is the widget's:
 * the challenge and its solution as base64 JSON (apps/server/src/adapters/bot-check/altcha.ts).
 */
export async function solveBotCheck(): Promise<string> {
  const guessed = api<Challenge>(CHALLENGE_PATH, { token: null });
  guessed.catch(() => undefined);
  let challenge: Challenge;
  try {
    const config = await api<BotCheckConfig>('/api/bot-check/config', { token: null });
    // Turnstile, hCaptcha and reCAPTCHA would load a third-party script, which the content
    // security policy forbids; only the self-hosted check is wired in the browser so far.
    if (config.provider !== 'altcha' || !config.challengeUrl) throw new BotCheckError('setup');
    challenge = config.challengeUrl === CHALLENGE_PATH ? await guessed : await api<Challenge>(config.challengeUrl, { token: null });
  } catch (error) {
    if (error instanceof BotCheckError) throw error;
    throw new BotCheckError('setup', error instanceof ApiError && error.isNetwork);
  }
  const timeout = new AbortController();
  const timer = window.setTimeout(() => timeout.abort(), SOLVE_TIMEOUT_MS);
  try {
    const solution = await solveInWorkers(challenge, timeout);
    if (!solution) throw new BotCheckError('setup', !navigator.onLine);
    return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
  } catch (error) {
    if (error instanceof BotCheckError) throw error;
    throw new BotCheckError('setup', !navigator.onLine);
  } finally {
    window.clearTimeout(timer);
  }
}

/** A solve started ahead is taken only while the server still accepts it (ALTCHA_CHALLENGE_TTL_SECONDS, 600 by default). */
const AHEAD_MAX_AGE_MS = 4 * 60_000;
let ahead: { payload: Promise<string>; startedAt: number } | null = null;

/**
 * Starts a solve as the emergency screen is asked for (src/app/router.tsx), while its code and
 * words load, instead of once it has rendered: on slow 3G that is the second the challenge's round
 * trip and the search take (docs/benchmarks.md, "The field"). The screen takes it with takeSolvedAhead.
 */
export function solveBotCheckAhead(): void {
  ahead = { payload: solveBotCheck(), startedAt: Date.now() };
  ahead.payload.catch(() => {
    // The screen solves again if this one failed (report-send.ts).
  });
}

/** The solve started ahead, once, if it is recent enough; else null. */
export function takeSolvedAhead(): Promise<string> | null {
  const taken = ahead;
  ahead = null;
  return taken && Date.now() - taken.startedAt < AHEAD_MAX_AGE_MS ? taken.payload : null;
}
