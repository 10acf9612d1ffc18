import { msg } from '@lingui/core/macro';
import type { CodeSent, TwoFactorStatus } from '@bantay/shared';
import { SECURITY_LIMITS } from '@bantay/shared/limits';
import { api, ApiError } from '@/lib/api-client.ts';
import { BotCheckError } from '@/lib/bot-check.ts';
import { i18n } from '@/lib/i18n.ts';

/** docs/product.md §A8 texts, verbatim in English (the catalogue's source). */
const TWO_FACTOR_TEXTS = {
  codeSent: msg`Verification code sent to your phone`,
  enabled: msg`2FA enabled successfully`,
  disabled: msg`Two-factor authentication has been disabled`,
  disableFailed: msg`Failed to disable 2FA. Please try again.`,
  updateFailed: msg`Failed to update 2FA settings`,
  invalidCode: msg`Invalid verification code`,
  invalidPhone: msg`Please enter a valid phone number`,
  sendFailed: msg`Error sending verification code. Please try again.`,
  botCheckExpired: msg`reCAPTCHA expired. Please try again.`,
  botCheckSetup: msg`Error setting up verification. Please try again.`,
} as const;

export type TwoFactorText = keyof typeof TWO_FACTOR_TEXTS;

/** One of the texts above in the language on screen, read when a step ends. */
export function twoFactorText(key: TwoFactorText): string {
  return i18n._(TWO_FACTOR_TEXTS[key]);
}

/** docs/product.md §A5: a + is prefixed when missing. */
function withPlus(phone: string): string {
  const trimmed = phone.trim();
  return trimmed === '' || trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

/** docs/product.md §A5: Send Code is disabled if the number is empty, shorter than 10 characters, or busy. */
export function canSendCode(phone: string | undefined, busy: boolean): boolean {
  return !busy && Boolean(phone) && withPlus(phone ?? '').length >= SECURITY_LIMITS.phoneMinLength;
}

/** docs/product.md §A5: Enable 2FA needs exactly 6 characters in the code field. */
export function canEnable(code: string, busy: boolean): boolean {
  return !busy && code.length === SECURITY_LIMITS.codeLength;
}

export const sendCode = (phoneNumber: string, botCheck: string) =>
  api<CodeSent>('/api/2fa/send-code', { method: 'POST', body: { phoneNumber: withPlus(phoneNumber), botCheck } });

export const enableTwoFactor = (phoneNumber: string, code: string) =>
  api<TwoFactorStatus>('/api/2fa/enable', { method: 'POST', body: { phoneNumber: withPlus(phoneNumber), code } });

export const disableTwoFactor = () => api<TwoFactorStatus>('/api/2fa/disable', { method: 'POST', body: {} });

/** The docs/product.md §A8 text for a failed Send Code (bot-check or server answer). */
export function sendCodeErrorText(error: unknown): string {
  if (error instanceof BotCheckError) return error.reason === 'expired' ? twoFactorText('botCheckExpired') : twoFactorText('botCheckSetup');
  if (!(error instanceof ApiError)) return twoFactorText('sendFailed');
  switch (error.code) {
    case 'INVALID_PHONE_NUMBER':
      return twoFactorText('invalidPhone');
    case 'BOT_CHECK_FAILED':
      return /expired/i.test(error.message) ? twoFactorText('botCheckExpired') : twoFactorText('botCheckSetup');
    case 'RATE_LIMITED':
      // The server says how long to wait ("Please wait 42 seconds …"); the brief has no text for it.
      return error.message;
    case 'VALIDATION_FAILED':
      return error.fields.some((field) => field.field === 'phoneNumber') ? twoFactorText('invalidPhone') : twoFactorText('sendFailed');
    default:
      return twoFactorText('sendFailed');
  }
}

/** The docs/product.md §A8 text for a failed Enable 2FA. */
export function enableErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return twoFactorText('updateFailed');
  switch (error.code) {
    case 'INVALID_CODE':
      return twoFactorText('invalidCode');
    case 'INVALID_PHONE_NUMBER':
      return twoFactorText('invalidPhone');
    case 'RATE_LIMITED':
      return error.message;
    case 'VALIDATION_FAILED':
      if (error.fields.some((field) => field.field === 'code')) return twoFactorText('invalidCode');
      if (error.fields.some((field) => field.field === 'phoneNumber')) return twoFactorText('invalidPhone');
      return twoFactorText('updateFailed');
    default:
      return twoFactorText('updateFailed');
  }
}
