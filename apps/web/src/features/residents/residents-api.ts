import type { CodeSent, CurrentUser, LoginSuccess } from '@bantay/shared';
import { t } from '@lingui/core/macro';
import { api, ApiError } from '@/lib/api-client.ts';

/** The residents' calls (server module `residents`). None sends a token but the photo upload. */

export const residentLogin = (phoneNumber: string, pin: string) =>
  api<LoginSuccess>('/api/residents/login', { method: 'POST', body: { phoneNumber, pin }, token: null });

export const sendSignupCode = (phoneNumber: string, botCheck: string) =>
  api<CodeSent>('/api/residents/send-code', { method: 'POST', body: { phoneNumber, botCheck }, token: null });

export interface SignupBody {
  firstName: string;
  middleName?: string;
  lastName: string;
  birthday: string;
  address: string;
  phoneNumber: string;
  code: string;
  pin: string;
  pinConfirm: string;
  email?: string;
  /** The home's purok and pin (docs/decisions/032-the-text-line.md); both optional. */
  homePurok?: string;
  homePin?: { lat: number; lng: number };
}

export const residentSignup = (body: SignupBody) =>
  api<LoginSuccess>('/api/residents/signup', { method: 'POST', body, token: null });

export const uploadResidentPhoto = (file: File, token: string) => {
  const form = new FormData();
  form.append('photo', file);
  return api<CurrentUser>('/api/residents/me/photo', { method: 'POST', body: form, token });
};

export type ForgotPinBody = { phoneNumber: string } | { email: string };

export const requestPinReset = (body: ForgotPinBody) =>
  api<{ ok: true; message: string }>('/api/residents/forgot-pin', { method: 'POST', body, token: null });

export const checkPinResetLink = (token: string, signal?: AbortSignal) =>
  api<{ valid: boolean }>('/api/residents/reset-pin/check', { method: 'POST', body: { token }, token: null, signal });

export const resetPin = (token: string, pin: string, pinConfirm: string) =>
  api<{ ok: true }>('/api/residents/reset-pin', { method: 'POST', body: { token, pin, pinConfirm }, token: null });

/**
 * docs/product.md §A8 texts for the failures they name; the rest are the server's own messages.
 * Each is read in the language on screen at the moment it is shown.
 */
export const RESIDENT_TEXTS = {
  get loginFailed() {
    return t`Error during login process. Please try again.`;
  },
  get codeSent() {
    return t`Verification code sent to your phone`;
  },
  get sendFailed() {
    return t`Error sending verification code. Please try again.`;
  },
  get botCheckExpired() {
    return t`reCAPTCHA expired. Please try again.`;
  },
  get botCheckSetup() {
    return t`Error setting up verification. Please try again.`;
  },
  get somethingWrong() {
    return t`Something went wrong. Please try again.`;
  },
};

/** A failure the person can act on (the server's words), as opposed to a crash or an outage. */
export function isClientError(error: unknown): error is ApiError {
  return error instanceof ApiError && !error.isNetwork && error.status < 500;
}

/** The text for a failure that belongs to no field: the server's words, or a general one. */
export function generalErrorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && (error.isNetwork || error.status < 500)) return error.message;
  return fallback ?? RESIDENT_TEXTS.somethingWrong;
}

export type LoginField = 'phoneNumber' | 'pin';

/**
 * Where a failed sign-in is shown. A wrong PIN and an unknown number get the same answer from the
 * server (it never says which); the lockout after five wrong PINs says how long to wait.
 */
export function loginFailure(error: unknown): { fields: { field: LoginField; message: string }[]; general: string | null; wrongPin: boolean } {
  if (!isClientError(error)) {
    const general = error instanceof ApiError && error.isNetwork ? error.message : RESIDENT_TEXTS.loginFailed;
    return { fields: [], general, wrongPin: false };
  }
  const fields = error.fields
    .filter((item): item is { field: LoginField; message: string } => item.field === 'phoneNumber' || item.field === 'pin')
    .map((item) => ({ field: item.field, message: item.message }));
  if (fields.length > 0) return { fields, general: null, wrongPin: false };
  return { fields: [], general: error.message, wrongPin: error.code === 'INVALID_CREDENTIALS' };
}
