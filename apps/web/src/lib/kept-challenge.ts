import type { Challenge } from 'altcha/lib';

/**
 * A bot-check challenge the service worker holds ready for the next emergency form
 * (src/sw/emergency-challenge.ts): a form opened from the worker's copy asks it for one instead of
 * asking the server, so the solve starts as the form's script runs, a round trip sooner on one bar
 * of signal. The page asks with this message and a port; the worker answers on the port.
 */
export const KEPT_CHALLENGE_REQUEST = 'bantay:kept-challenge?';

export interface KeptChallengeAnswer {
  challenge: Challenge | null;
}

/** How long the page waits for the worker's answer before it asks the server itself. */
const ANSWER_WAIT_MS = 2500;

/** The worker's kept challenge, or null when there is no worker, it has none, or it does not answer in time. */
export function challengeFromWorker(): Promise<Challenge | null> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), ANSWER_WAIT_MS);
    channel.port1.onmessage = (event: MessageEvent<KeptChallengeAnswer | null>) => {
      clearTimeout(timer);
      resolve(event.data?.challenge ?? null);
    };
    worker.postMessage({ type: KEPT_CHALLENGE_REQUEST }, [channel.port2]);
  });
}
