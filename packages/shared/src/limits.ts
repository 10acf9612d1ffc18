import { msg, ph } from '@lingui/core/macro';
import { translatedLabels } from './i18n.ts';

/**
 * Constants and plain rules shared by the server and the web forms. This module must stay free of
 * zod (and of anything else heavy): the web's public pages import it as `@bantay/shared/limits`,
 * so a light page gets one rule without the schemas of the whole package. Its messages speak the
 * language in use (./i18n.ts, which the web loads anyway).
 */
export const LIMITS = {
  passwordMinLength: 10,
  passwordMaxLength: 200,
  usernameMaxLength: 64,
  nameMaxLength: 80,
  /** docs/product.md §4.12: ten failures in 15 minutes lock the account for 15 minutes. */
  loginMaxFailures: 10,
  loginFailureWindowMs: 15 * 60_000,
  loginLockMs: 15 * 60_000,
} as const;

export const SECURITY_LIMITS = {
  /** docs/product.md §4.12: codes are six digits, expire in 5 minutes, allow 5 attempts, resend after 60 s. */
  codeLength: 6,
  codeTtlMs: 5 * 60_000,
  codeMaxAttempts: 5,
  codeResendMs: 60_000,
  /** Codes a user may request to set up 2FA in one hour. */
  codeSendsPerHour: 5,
  /** Sends (first plus resends) of one sign-in challenge; then the user signs in again. */
  loginChallengeMaxSends: 5,
  /** A sign-in challenge ends this long after the password step, however often it is resent. */
  loginChallengeTtlMs: 15 * 60_000,
  /** docs/product.md §A5: Send Code is disabled below 10 characters. */
  phoneMinLength: 10,
  resetTokenTtlMs: 60 * 60_000,
  /** Reset emails sent for one account in an hour; further requests get the same answer, silently. */
  resetEmailsPerHour: 3,
  photoMaxBytes: 5 * 1024 * 1024,
  photoTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** The password rules' messages (`msg`-marked, for zod's `zodMessage` and for translating later). */
export const PASSWORD_DESCRIPTORS = {
  tooShort: msg`Password must be at least ${ph({ min: LIMITS.passwordMinLength })} characters`,
  tooLong: msg`Password must be at most ${ph({ max: LIMITS.passwordMaxLength })} characters`,
  tooCommon: msg`This password is too common or too easy to guess. Try a longer phrase or add unusual words.`,
  required: msg`Password is required`,
};

/** The same messages as text, in the language in use when read (packages/shared/src/i18n.ts). */
export const PASSWORD_MESSAGES = translatedLabels(PASSWORD_DESCRIPTORS);

export const RESIDENT_LIMITS = {
  pinLength: 6,
  /** docs/product.md §4.1: five wrong PINs (within 15 minutes) lock the account for 15 minutes. */
  pinMaxFailures: 5,
  pinFailureWindowMs: 15 * 60_000,
  pinLockMs: 15 * 60_000,
  /** Reset links: single use, 1 hour. */
  resetTokenTtlMs: 60 * 60_000,
  addressMaxLength: 300,
} as const;

/** The PIN rules' messages (`msg`-marked, for zod's `zodMessage` and for translating later). */
export const PIN_DESCRIPTORS = {
  required: msg`Enter a 6-digit PIN`,
  format: msg`The PIN must be exactly 6 digits`,
  weak: msg`This PIN is too easy to guess. Avoid repeated digits and sequences like 123456.`,
  mismatch: msg`The PINs do not match`,
};

/** The same messages as text, in the language in use when read (packages/shared/src/i18n.ts). */
export const PIN_MESSAGES = translatedLabels(PIN_DESCRIPTORS);

/**
 * Why a 6-digit PIN is too easy to guess, or null when it is fine: one digit repeated
 * (`111111`), a straight run up or down (`123456`, `987654`, wrapping `890123`), or a
 * repeated pair or triple (`121212`, `123123`). The server applies the same rule.
 */
export function weakPinProblem(pin: string): string | null {
  if (!/^\d{6}$/.test(pin)) return PIN_MESSAGES.format;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, i) => (digit - digits[i]! + 10) % 10);
  const straight = steps.every((step) => step === steps[0]) && (steps[0] === 0 || steps[0] === 1 || steps[0] === 9);
  const repeatedPair = pin === pin.slice(0, 2).repeat(3);
  const repeatedTriple = pin === pin.slice(0, 3).repeat(2);
  return straight || repeatedPair || repeatedTriple ? PIN_MESSAGES.weak : null;
}

/** Exactly six digits (the strength rule runs on top, see `weakPinProblem`). */

/** Limits of tanod evaluations (docs/product.md §4.9), shared by the server's rules and the web form. */
export const EVALUATION_LIMITS = {
  commentMaxLength: 500,
  nameMaxLength: 80,
  /** One directory rating per tanod per device (or per signed-in resident) in this time. */
  ratingCooldownMs: 30 * 24 * 60 * 60_000,
  /** Visible comments shown per tanod in the directory, newest first. */
  recentComments: 3,
  searchMaxLength: 80,
} as const;

// --- Incidents on the residents' side: the report's limits and the ticket format. -------

/** The emergency screen's types (docs/product.md §4.2); the barangay's settings list them too. */
export const EMERGENCY_TYPES = [
  'Fire',
  'Medical emergency',
  'Crime in progress',
  'Natural disaster',
  'Accident',
  'Other',
] as const;

export const INCIDENT_LIMITS = {
  descriptionMaxLength: 1000,
  landmarkMaxLength: 200,
  addressMaxLength: 300,
  reporterNameMaxLength: 80,
  /** Photos per report, and per upload request. */
  photosMax: 3,
  photoMaxBytes: 5 * 1024 * 1024,
  photoTypes: ['image/jpeg', 'image/png', 'image/webp'],
  /** A photo must be attached to a report within this time after its upload. */
  photoClaimWindowMs: 60 * 60_000,
  /** `occurredAt` may be this far ahead of the server clock (phones' clocks drift). */
  clockSkewMs: 5 * 60_000,
  /** docs/product.md §4.2: a report of the same type this close in space and time is a possible duplicate. */
  duplicateRadiusMeters: 100,
  duplicateWindowMs: 30 * 60_000,
  /** Length of the client's `deviceId` (a random id kept in localStorage). */
  deviceIdMinLength: 8,
  deviceIdMaxLength: 128,
} as const;

/**
 * The ticket: `IR-` (normal) or `ER-` (emergency) and two groups of four characters from an
 * alphabet without look-alikes (no 0/O, 1/I/L), e.g. `IR-7K3F-9QXM`.
 */
export const TICKET_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TICKET_PATTERN = /^(IR|ER)-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/**
 * A ticket as typed or pasted (`ir 7k3f 9qxm`, ` IR-7K3F-9QXM `, `IR7K3F9QXM`) in its canonical
 * form, or null when it cannot be a ticket. The web uses it before calling the lookup; the server
 * applies it again.
 */
export function normalizeTicket(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s\-–—_.]/g, '');
  const candidate = compact.length === 10 ? `${compact.slice(0, 2)}-${compact.slice(2, 6)}-${compact.slice(6)}` : '';
  return TICKET_PATTERN.test(candidate) ? candidate : null;
}
