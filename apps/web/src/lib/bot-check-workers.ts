import { pbkdf2, solveChallenge, solveChallengeWorkers, type Challenge, type Solution } from 'altcha/lib';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/** More workers than this gain little on a phone and each costs memory. */
const MAX_WORKERS = 4;

/**
 * ALTCHA's proof of work (the server's algorithm, apps/server/src/adapters/bot-check/altcha.ts)
 * searched by ALTCHA's own PBKDF2 worker, one per core up to MAX_WORKERS, each trying every n-th
 * number, so the page stays responsive while the person chooses. Where workers cannot start, the
 * same search runs here (the key derivation is the browser's WebCrypto either way). Null when
 * `controller` aborts first.
 */
export async function solveInWorkers(challenge: Challenge, controller: AbortController): Promise<Solution | null> {
  const concurrency = Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
  try {
    return await solveChallengeWorkers({ challenge, controller, concurrency, createWorker: () => new Pbkdf2Worker() });
  } catch {
    if (controller.signal.aborted) return null;
    return solveChallenge({ challenge, controller, deriveKey: pbkdf2.deriveKey });
  }
}
