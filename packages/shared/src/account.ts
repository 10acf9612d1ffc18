import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { LIMITS, PASSWORD_DESCRIPTORS, SECURITY_LIMITS } from './limits.ts';
import { fieldMessage, translate, zodMessage, type MessageDescriptor } from './i18n.ts';

/**
 * Accounts and security: bot-check, SMS two-factor, My Account, password reset.
 * The dictionary check of the password policy runs on the server only, so this module stays
 * small enough for the web's first load. Its constants live in limits.ts.
 */

// ---------------------------------------------------------------------------------------------
// Password policy (docs/product.md §4.12). The web's strength meter uses the same rules and messages.

/** Length rules only; the server adds the common-password check. */
export const newPasswordSchema = z
  .string(zodMessage(PASSWORD_DESCRIPTORS.required))
  .min(LIMITS.passwordMinLength, zodMessage(PASSWORD_DESCRIPTORS.tooShort))
  .max(LIMITS.passwordMaxLength, zodMessage(PASSWORD_DESCRIPTORS.tooLong));

// ---------------------------------------------------------------------------------------------
// Bot-check

export const BOT_CHECK_PROVIDERS = ['altcha', 'turnstile', 'hcaptcha', 'recaptcha'] as const;
export type BotCheckProviderName = (typeof BOT_CHECK_PROVIDERS)[number];

/**
 * The solved bot-check: for ALTCHA the widget's base64 payload, for the others the provider's
 * response token.
 */
export const botCheckPayloadSchema = z
  .string(zodMessage(msg`Bot check is required`))
  .min(1, zodMessage(msg`Bot check is required`))
  .max(8192, zodMessage(msg`Bot check payload is too long`));

/** What the web needs to show the right widget. */
export const botCheckConfigSchema = z.object({
  provider: z.enum(BOT_CHECK_PROVIDERS),
  /** Site key of Turnstile / hCaptcha / reCAPTCHA; null for ALTCHA. */
  siteKey: z.string().nullable(),
  /** ALTCHA's challenge URL (the widget's `challengeurl`); null for the others. */
  challengeUrl: z.string().nullable(),
});
export type BotCheckConfig = z.infer<typeof botCheckConfigSchema>;

/** An ALTCHA v2 challenge, passed to the widget unchanged. */
export const altchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

// ---------------------------------------------------------------------------------------------
// Two-factor

/** A phone number as typed; the server normalises it to E.164 (Philippines by default). */
export const phoneNumberInputSchema = z
  .string(zodMessage(msg`Please enter a valid phone number`))
  .trim()
  .min(SECURITY_LIMITS.phoneMinLength, zodMessage(msg`Please enter a valid phone number`))
  .max(32, zodMessage(msg`Please enter a valid phone number`));

export const verificationCodeSchema = z
  .string(zodMessage(msg`Enter the 6-digit code`))
  .trim()
  .regex(/^\d{6}$/, zodMessage(msg`Enter the 6-digit code`));

export const sendCodeRequestSchema = z.object({
  phoneNumber: phoneNumberInputSchema,
  botCheck: botCheckPayloadSchema,
});
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;

export const codeSentSchema = z.object({
  /** The number the code went to, in E.164. */
  phoneNumber: z.string(),
  expiresInSeconds: z.number(),
  resendAfterSeconds: z.number(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

export const enableTwoFactorRequestSchema = z.object({
  phoneNumber: phoneNumberInputSchema,
  code: verificationCodeSchema,
});
export type EnableTwoFactorRequest = z.infer<typeof enableTwoFactorRequestSchema>;

export const twoFactorStatusSchema = z.object({
  twoFactorEnabled: z.boolean(),
  phoneNumber: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The answer of `POST /api/auth/login` when the account has 2FA on. */
export const loginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeId: z.string(),
  /** The stored number with all but the last four digits hidden, e.g. `+63•••••••4567`. */
  phoneHint: z.string(),
  expiresInSeconds: z.number(),
  resendAfterSeconds: z.number(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

export const loginVerifyRequestSchema = z.object({
  challengeId: z.uuid(zodMessage(msg`Sign in again`)),
  code: verificationCodeSchema,
});
export type LoginVerifyRequest = z.infer<typeof loginVerifyRequestSchema>;

export const loginResendRequestSchema = z.object({
  challengeId: z.uuid(zodMessage(msg`Sign in again`)),
});
export type LoginResendRequest = z.infer<typeof loginResendRequestSchema>;

// ---------------------------------------------------------------------------------------------
// My Account

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, zodMessage(msg`Must be at most ${max} characters`))
    .transform((value) => (value === '' ? null : value))
    .nullable();

const name = (field: MessageDescriptor) =>
  z
    .string(fieldMessage(field, (label) => msg`${label} is required`))
    .trim()
    .min(1, fieldMessage(field, (label) => msg`${label} is required`))
    .max(LIMITS.nameMaxLength, fieldMessage(field, (label) => msg`${label} is too long`));

/**
 * A staff member's profile fields, as their owner edits them in My Account and an admin in Manage
 * Tanod. Empty optional fields clear the value.
 */
export const profileFields = {
  firstName: name(msg`First name`),
  middleName: optionalText(LIMITS.nameMaxLength),
  lastName: name(msg`Last name`),
  email: z
    .union([z.literal(''), z.email(zodMessage(msg`Enter a valid email address`)).max(254)])
    .transform((value) => (value === '' ? null : value.toLowerCase()))
    .nullable(),
  phoneNumber: z
    .union([z.literal(''), phoneNumberInputSchema])
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  username: z
    .string(zodMessage(msg`Username is required`))
    .trim()
    .min(3, zodMessage(msg`Username must be at least 3 characters`))
    .max(LIMITS.usernameMaxLength, zodMessage(msg`Username is too long`))
    .regex(/^[A-Za-z0-9._-]+$/, zodMessage(msg`Use letters, digits, dots, dashes and underscores only`))
    .transform((value) => value.toLowerCase()),
  address: optionalText(300),
  birthday: z
    .union([z.literal(''), z.iso.date(zodMessage(msg`Enter a date as YYYY-MM-DD`))])
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  gender: optionalText(40),
};

/** PATCH body: every field optional. */
export const accountUpdateSchema = z.object(profileFields).partial();
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string(zodMessage(msg`Current password is required`))
    .min(1, zodMessage(msg`Current password is required`))
    .max(LIMITS.passwordMaxLength),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const passwordChangedSchema = z.object({
  ok: z.literal(true),
  /** How many other sessions were ended. */
  sessionsEnded: z.number(),
});

export const accountSessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** True for the session making the request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });

// ---------------------------------------------------------------------------------------------
// Password reset

export const forgotPasswordRequestSchema = z.object({
  email: z
    .email(zodMessage(msg`Enter a valid email address`))
    .max(254)
    .transform((value) => value.toLowerCase()),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** What a password-reset request is answered, whatever the outcome, in the language in use. */
export const forgotPasswordAnswer = (): string =>
  translate(
    msg`If an account uses that email address, we have sent it a link to reset the password. The link works once, for 1 hour.`,
  );

/** @deprecated English only: answer with `forgotPasswordAnswer()`, which speaks the request's language. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses that email address, we have sent it a link to reset the password. The link works once, for 1 hour.';

export const forgotPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });

export const resetPasswordRequestSchema = z.object({
  token: z
    .string(zodMessage(msg`The reset link is invalid`))
    .trim()
    .min(20, zodMessage(msg`The reset link is invalid`))
    .max(200, zodMessage(msg`The reset link is invalid`)),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Language (docs/product.md §12)

/** The languages an account can keep; the web's own list is apps/web/src/lib/locale.ts. */
export const ACCOUNT_LANGUAGES = ['en', 'fil'] as const;
export type AccountLanguage = (typeof ACCOUNT_LANGUAGES)[number];

export const accountLanguageSchema = z.enum(ACCOUNT_LANGUAGES, zodMessage(msg`language must be en or fil`));

/**
 * `PUT /api/account/language` (staff) and `PUT /api/residents/me/language` (residents): the
 * language the account keeps, so the app opens in it at the next sign-in on any device and the
 * server answers in it when the browser sends no choice of its own.
 */
export const accountLanguageRequestSchema = z.object({ language: accountLanguageSchema });

export const accountLanguageResponseSchema = z.object({ language: accountLanguageSchema });
