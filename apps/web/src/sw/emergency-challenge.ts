/// <reference lib="webworker" />
import type { Challenge } from 'altcha/lib';
import { KEPT_CHALLENGE_REQUEST, type KeptChallengeAnswer } from '../lib/kept-challenge.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * One bot-check challenge kept ready for the next emergency form (src/lite/enhance.ts asks for it
 * with lib/kept-challenge.ts). A form served from this worker's copy carries a spent challenge, so
 * it used to ask the server for one after its script ran: a round trip on one bar of signal before
 * the solve could start (docs/benchmarks.md, "The field"). The worker asks instead as soon as a
 * visitor opens the landing page or the form, while the page paints and the person chooses.
 *
 * A challenge is handed out once, and only while it has a minute left (ALTCHA_CHALLENGE_TTL_SECONDS,
 * ten minutes by default). It lives in the worker's memory only: a worker the browser stopped
 * has none, and the next landing page or form asks again. Where the bot-check is not ALTCHA the
 * challenge path answers 404, and the page asks the server's config as before.
 */
const CHALLENGE_PATH = '/api/bot-check/challenge';
/** The pages from which an emergency form is a tap away, or which are that form. */
const LEADS_TO_THE_FORM = /^\/(?:lite\/emergency)?$/i;
/** A challenge with less than this left is not handed out: the person still has to choose and send. */
const MIN_LIFE_LEFT_MS = 60_000;

let kept: Promise<Challenge | null> | null = null;

function lifeLeft(challenge: Challenge): number {
  const expiresAt = Number((challenge.parameters as { data?: { expiresAt?: unknown } } | undefined)?.data?.expiresAt);
  return Number.isFinite(expiresAt) ? expiresAt * 1000 - Date.now() : 0;
}

async function fetchChallenge(): Promise<Challenge | null> {
  try {
    const response = await fetch(CHALLENGE_PATH, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return null;
    const challenge = (await response.json()) as Challenge;
    return lifeLeft(challenge) > MIN_LIFE_LEFT_MS ? challenge : null;
  } catch {
    return null;
  }
}

/** Asks for a challenge unless one is kept, or on its way, with enough life left. */
async function keepOneReady(): Promise<void> {
  const current = kept ? await kept : null;
  if (current && lifeLeft(current) > MIN_LIFE_LEFT_MS) return;
  const asked = fetchChallenge();
  kept = asked;
  await asked;
}

/** The kept challenge, given away: the next form gets another. */
async function handOut(): Promise<Challenge | null> {
  const waiting = kept;
  kept = null;
  const challenge = waiting ? await waiting : null;
  return challenge && lifeLeft(challenge) > MIN_LIFE_LEFT_MS ? challenge : fetchChallenge();
}

export function registerEmergencyChallenge(): void {
  // Watches navigations without answering them (src/sw/public-pages.ts answers).
  self.addEventListener('fetch', (event) => {
    if (event.request.mode !== 'navigate') return;
    if (!LEADS_TO_THE_FORM.test(new URL(event.request.url).pathname)) return;
    event.waitUntil(keepOneReady());
  });

  self.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type !== KEPT_CHALLENGE_REQUEST) return;
    const port = event.ports[0];
    if (!port) return;
    event.waitUntil(
      handOut().then((challenge) => {
        const answer: KeptChallengeAnswer = { challenge };
        port.postMessage(answer);
      }),
    );
  });
}
