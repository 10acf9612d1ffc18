import type { BotCheckProviderName } from '@bantay/shared';
import { OutsideServiceError, excerpt, postForm } from '../outside-service.ts';
import type { BotCheckProvider } from './bot-check.ts';

const NAMES = { turnstile: 'Cloudflare Turnstile', hcaptcha: 'hCaptcha', recaptcha: 'reCAPTCHA' } as const;
/** Error codes the three providers use for a token that timed out or was already used. */
const EXPIRED_CODES = new Set(['timeout-or-duplicate', 'expired-input-response', 'already-seen-response']);

/**
 * Turnstile, hCaptcha and reCAPTCHA share one verification protocol: POST the form
 * `secret`, `response` and `remoteip` to the provider's siteverify URL; it answers
 * `{ "success": boolean, "error-codes": [...] }`. The providers refuse a token the second time,
 * so no replay store is needed here.
 */
export function createSiteVerifyBotCheck(options: {
  provider: Exclude<BotCheckProviderName, 'altcha'>;
  secret: string;
  siteKey: string;
  verifyUrl: string;
  timeoutMs: number;
}): BotCheckProvider {
  const service = NAMES[options.provider];
  return {
    provider: options.provider,
    siteKey: options.siteKey,
    async createChallenge() {
      return null;
    },
    async verify(payload, ip) {
      const form: Record<string, string> = { secret: options.secret, response: payload };
      if (ip) form.remoteip = ip;
      // hCaptcha recommends sending the site key so a token from another site is refused.
      if (options.provider === 'hcaptcha') form.sitekey = options.siteKey;
      const answer = await postForm(service, options.verifyUrl, form, { timeoutMs: options.timeoutMs });
      const body = answer.json as { success?: unknown; 'error-codes'?: unknown } | undefined;
      if (answer.status !== 200 || typeof body?.success !== 'boolean') {
        throw new OutsideServiceError(service, `unexpected answer HTTP ${answer.status}: ${excerpt(answer.text)}`);
      }
      if (body.success) return { ok: true };
      const codes = Array.isArray(body['error-codes']) ? (body['error-codes'] as string[]) : [];
      if (codes.some((code) => code.includes('secret') || code === 'sitekey-secret-mismatch')) {
        // Our configuration is wrong, not the visitor: say so loudly.
        throw new OutsideServiceError(service, `the provider refused our credentials (${codes.join(', ')})`);
      }
      return { ok: false, reason: codes.some((code) => EXPIRED_CODES.has(code)) ? 'expired' : 'invalid' };
    },
  };
}
