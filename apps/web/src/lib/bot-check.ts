import type { BotCheckConfig } from '@bantay/shared';
import { api, ApiError } from '@/lib/api-client.ts';

/**
 * Why the invisible bot-check could not give a payload; each maps to a docs/product.md §A8 text. `offline`:
 * the server or the widget's code could not be reached (a report then waits for the signal).
 */
export class BotCheckError extends Error {
  constructor(
    readonly reason: 'expired' | 'setup',
    readonly offline = false,
  ) {
    // For the logs only: the forms show their own text for each reason (two-factor-api.ts).
    super(reason === 'expired' ? ('The bot check expired' as const) : ('The bot check could not be set up' as const));
    this.name = 'BotCheckError';
  }
}

/** A solve longer than this is treated as a failure rather than left spinning. */
const SOLVE_TIMEOUT_MS = 60_000;

/**
 * Solves the invisible bot-check (self-hosted ALTCHA proof-of-work) and returns the
 * payload for the protected call's `botCheck` field. Every call solves a fresh challenge: the
 * server accepts a payload once only and checks its expiry with its own clock. The widget's code
 * (about 35 KB gzip) is fetched here, on the first Send Code, never with the page.
 */
export async function solveBotCheck(): Promise<string> {
  let config: BotCheckConfig;
  try {
    config = await api<BotCheckConfig>('/api/bot-check/config', { token: null });
  } catch (error) {
    throw new BotCheckError('setup', error instanceof ApiError && error.isNetwork);
  }
  // Turnstile, hCaptcha and reCAPTCHA would load a third-party script, which the content
  // security policy forbids; only the self-hosted check is wired in the browser so far.
  if (config.provider !== 'altcha' || !config.challengeUrl) throw new BotCheckError('setup');

  try {
    await import('altcha');
  } catch {
    throw new BotCheckError('setup', true);
  }
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('aria-hidden', 'true');
  widget.setAttribute('challenge', new URL(config.challengeUrl, window.location.origin).href);
  widget.setAttribute('display', 'invisible');
  widget.setAttribute('auto', 'off');
  // The proof of work is the check; no artificial delay on top of it.
  widget.setAttribute('configuration', JSON.stringify({ hideLogo: true, hideFooter: true, minDuration: 0, humanInteractionSignature: false }));
  widget.style.display = 'none';
  let expired = false;
  const onExpired = () => {
    expired = true;
  };
  widget.addEventListener('expired', onExpired);
  const timeout = new AbortController();
  const timer = window.setTimeout(() => timeout.abort(), SOLVE_TIMEOUT_MS);
  try {
    // The element's methods exist once it has mounted, which it announces with `load`.
    const loaded = new Promise<void>((resolve, reject) => {
      widget.addEventListener('load', () => resolve(), { once: true });
      timeout.signal.addEventListener('abort', () => reject(new BotCheckError('setup', !navigator.onLine)), { once: true });
    });
    document.body.append(widget);
    await loaded;
    const result = await widget.verify({ controller: timeout });
    if (expired) throw new BotCheckError('expired');
    if (!result?.payload) throw new BotCheckError(widget.getState() === 'expired' ? 'expired' : 'setup', !navigator.onLine);
    return result.payload;
  } catch (error) {
    if (error instanceof BotCheckError) throw error;
    throw new BotCheckError(expired ? 'expired' : 'setup', !navigator.onLine);
  } finally {
    window.clearTimeout(timer);
    widget.removeEventListener('expired', onExpired);
    widget.remove();
  }
}
