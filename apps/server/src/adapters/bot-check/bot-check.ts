import crypto from 'node:crypto';
import type { BotCheckProviderName } from '@bantay/shared';
import type { OutsideServicesConfig } from '../../config.ts';
import { createAltchaBotCheck, type AltchaChallenge } from './altcha.ts';
import { createSiteVerifyBotCheck } from './site-verify.ts';

type BotCheckOutcome =
  | {
      ok: true;
      /**
       * A key that must be used only once, and until when it must be remembered. Set by ALTCHA,
       * whose payloads the server itself must refuse to accept twice; the hosted providers
       * refuse reused tokens themselves.
       */
      once?: { key: string; until: Date };
    }
  | { ok: false; reason: 'malformed' | 'invalid' | 'expired' };

/** Verifies that a request comes from a person's browser. */
export interface BotCheckProvider {
  readonly provider: BotCheckProviderName;
  /** The public site key of the hosted providers; null for ALTCHA. */
  readonly siteKey: string | null;
  /** A new ALTCHA challenge; null for the hosted providers, whose widgets fetch their own. */
  createChallenge(): Promise<AltchaChallenge | null>;
  /** Throws OutsideServiceError when a hosted provider cannot be reached. */
  verify(payload: string, ip: string | null): Promise<BotCheckOutcome>;
}

export function createBotCheck(
  config: OutsideServicesConfig,
  options: { now: () => Date; secret: string },
): BotCheckProvider {
  const botCheck = config.botCheck;
  if (botCheck.provider === 'altcha') {
    // One configured secret (JWT_SECRET) is enough for several instances: the key derives from it.
    const hmacKey = botCheck.hmacKey ?? crypto.createHmac('sha256', options.secret).update('bantay:altcha').digest('hex');
    return createAltchaBotCheck({ ...botCheck, hmacKey, now: options.now });
  }
  return createSiteVerifyBotCheck({ ...botCheck, timeoutMs: config.timeoutMs });
}
