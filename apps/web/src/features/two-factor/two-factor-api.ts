import type { CodeSent, TwoFactorStatus } from '@bantay/shared';
import { SECURITY_LIMITS } from '@bantay/shared/limits';
import { api, ApiError } from '@/lib/api-client.ts';
import { BotCheckError } from '@/lib/bot-check.ts';

/** docs/product.md §A8 texts, verbatim. */
export const TWO_FACTOR_TEXTS = {
  codeSent: 'Verification code sent to your phone',
  enabled: '2FA enabled successfully',
  disabled: 'Two-factor authentication has been disabled',
  disableFailed: 'Failed to disable 2FA. Please try again.',
  updateFailed: 'Failed to update 2FA settings',
  invalidCode: 'Invalid verification code',
  invalidPhone: 'Please enter a valid phone number',
  sendFailed: 'Error sending verification code. Please try again.',
  botCheckExpired: 'reCAPTCHA expired. Please try again.',
  botCheckSetup: 'Error setting up verification. Please try again.',
} as const;

/** docs/product.md §A5: a + is prefixed when missing. */
export function withPlus(phone: string): string {
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
  if (error instanceof BotCheckError) return error.reason === 'expired' ? TWO_FACTOR_TEXTS.botCheckExpired : TWO_FACTOR_TEXTS.botCheckSetup;
  if (!(error instanceof ApiError)) return TWO_FACTOR_TEXTS.sendFailed;
  switch (error.code) {
    case 'INVALID_PHONE_NUMBER':
      return TWO_FACTOR_TEXTS.invalidPhone;
    case 'BOT_CHECK_FAILED':
      return /expired/i.test(error.message) ? TWO_FACTOR_TEXTS.botCheckExpired : TWO_FACTOR_TEXTS.botCheckSetup;
    case 'RATE_LIMITED':
      // The server says how long to wait ("Please wait 42 seconds …"); the brief has no text for it.
      return error.message;
    case 'VALIDATION_FAILED':
      return error.fields.some((field) => field.field === 'phoneNumber') ? TWO_FACTOR_TEXTS.invalidPhone : TWO_FACTOR_TEXTS.sendFailed;
    default:
      return TWO_FACTOR_TEXTS.sendFailed;
  }
}

/** The docs/product.md §A8 text for a failed Enable 2FA. */
export function enableErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return TWO_FACTOR_TEXTS.updateFailed;
  switch (error.code) {
    case 'INVALID_CODE':
      return TWO_FACTOR_TEXTS.invalidCode;
    case 'INVALID_PHONE_NUMBER':
      return TWO_FACTOR_TEXTS.invalidPhone;
    case 'RATE_LIMITED':
      return error.message;
    case 'VALIDATION_FAILED':
      if (error.fields.some((field) => field.field === 'code')) return TWO_FACTOR_TEXTS.invalidCode;
      if (error.fields.some((field) => field.field === 'phoneNumber')) return TWO_FACTOR_TEXTS.invalidPhone;
      return TWO_FACTOR_TEXTS.updateFailed;
    default:
      return TWO_FACTOR_TEXTS.updateFailed;
  }
}
