import { z } from 'zod';
import { LIMITS, PIN_DESCRIPTORS, RESIDENT_LIMITS, weakPinProblem } from './limits.ts';
import { botCheckPayloadSchema, phoneNumberInputSchema, verificationCodeSchema } from './account.ts';
import { homePinSchema, homePurokSchema } from './text-line.ts';
import { msg } from '@lingui/core/macro';
import { fieldMessage, translate, zodMessage, type MessageDescriptor } from './i18n.ts';

/**
 * Resident accounts (docs/product.md §4.1): sign-up with an SMS code, sign-in with mobile
 * number and a 6-digit PIN, reset PIN by SMS or email link. Sign-in and sign-up answer with the
 * same `{ token, userType, userId }` as the staff sign-in (`loginSuccessSchema`).
 */

export const pinSchema = z
  .string(zodMessage(PIN_DESCRIPTORS.required))
  .regex(/^\d{6}$/, zodMessage(PIN_DESCRIPTORS.format));

/** A new PIN: six digits, not trivially weak. */
export const newPinSchema = pinSchema.superRefine((pin, ctx) => {
  const problem = weakPinProblem(pin);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const name = (field: MessageDescriptor) =>
  z
    .string(fieldMessage(field, (label) => msg`${label} is required`))
    .trim()
    .min(1, fieldMessage(field, (label) => msg`${label} is required`))
    .max(LIMITS.nameMaxLength, fieldMessage(field, (label) => msg`${label} is too long`));

/** `POST /api/residents/send-code`: an SMS code to prove the mobile number before sign-up. */
export const residentSendCodeRequestSchema = z.object({
  /** Any Philippine format (`0917 123 4567`, `+639171234567`); normalised to E.164. */
  phoneNumber: phoneNumberInputSchema,
  /** The solved bot-check (see `GET /api/bot-check/config`). */
  botCheck: botCheckPayloadSchema,
});
export type ResidentSendCodeRequest = z.infer<typeof residentSendCodeRequestSchema>;

/** `POST /api/residents/signup`: creates the account and signs in. */
export const residentSignupRequestSchema = z
  .object({
    firstName: name(msg`First name`),
    lastName: name(msg`Last name`),
    /** Optional; empty means none. */
    middleName: z
      .string()
      .trim()
      .max(LIMITS.nameMaxLength, zodMessage(msg`Middle name is too long`))
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** `YYYY-MM-DD`, in the past. */
    birthday: z.iso.date(zodMessage(msg`Enter a date as YYYY-MM-DD`)),
    /** Home address in the barangay. */
    address: z
      .string(zodMessage(msg`Address is required`))
      .trim()
      .min(1, zodMessage(msg`Address is required`))
      .max(RESIDENT_LIMITS.addressMaxLength, zodMessage(msg`Address is too long`)),
    /** The mobile number the code was sent to. */
    phoneNumber: phoneNumberInputSchema,
    /** The 6-digit code from the SMS. */
    code: verificationCodeSchema,
    /** The chosen 6-digit PIN. */
    pin: newPinSchema,
    /** The PIN again; must match. */
    pinConfirm: z.string(zodMessage(msg`Confirm the PIN`)),
    /** Optional; lets the resident reset the PIN by email. Unique among accounts. */
    email: z
      .union([z.literal(''), z.email(zodMessage(msg`Enter a valid email address`)).max(254)])
      .optional()
      .transform((value) => (value ? value.toLowerCase() : undefined)),
    /**
     * Optional: the purok of the resident's home (`GET /api/public/puroks`). With it, a text or a
     * missed call from this number becomes a report at home at once (docs/decisions/032-the-text-line.md).
     */
    homePurok: homePurokSchema.optional(),
    /** Optional: the home's point on the map; the purok's centre is used without it. */
    homePin: homePinSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.pin !== value.pinConfirm) ctx.addIssue({ code: 'custom', path: ['pinConfirm'], message: translate(PIN_DESCRIPTORS.mismatch) });
  });
export type ResidentSignupInput = z.output<typeof residentSignupRequestSchema>;

/** `POST /api/residents/login`. */
export const residentLoginRequestSchema = z.object({
  /** Any Philippine format; normalised to E.164. */
  phoneNumber: z.string(zodMessage(msg`Enter your mobile number`)).trim().min(1, zodMessage(msg`Enter your mobile number`)).max(32, zodMessage(msg`Enter your mobile number`)),
  /** The 6-digit PIN. Any string up to 32 characters is accepted here and simply fails when wrong. */
  pin: z
    .string(zodMessage(PIN_DESCRIPTORS.required))
    .min(1, zodMessage(PIN_DESCRIPTORS.required))
    .max(32, zodMessage(PIN_DESCRIPTORS.format)),
});
export type ResidentLoginRequest = z.infer<typeof residentLoginRequestSchema>;

/** `POST /api/residents/forgot-pin`: exactly one of the two. The answer never says whether an account exists. */
export const residentForgotPinRequestSchema = z
  .object({
    /** Sends an SMS with the link. */
    phoneNumber: z.string().trim().max(32, zodMessage(msg`Please enter a valid phone number`)).optional(),
    /** Sends an email with the link. */
    email: z.email(zodMessage(msg`Enter a valid email address`)).max(254).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.phoneNumber && !value.email) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: translate(msg`Enter your mobile number or your email address`) });
    }
    if (value.phoneNumber && value.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: translate(msg`Enter either a mobile number or an email address, not both`) });
    }
  });
export type ResidentForgotPinRequest = z.infer<typeof residentForgotPinRequestSchema>;

/** What a PIN-reset request is answered, whatever the outcome, in the language in use. */
export const forgotPinAnswer = (): string =>
  translate(msg`If an account uses that number or email, we have sent it a link to reset the PIN. The link works once, for 1 hour.`);

/** @deprecated English only: answer with `forgotPinAnswer()`, which speaks the request's language. */
export const FORGOT_PIN_ANSWER =
  'If an account uses that number or email, we have sent it a link to reset the PIN. The link works once, for 1 hour.';

export const residentForgotPinResponseSchema = z.object({ ok: z.literal(true), message: z.string() });

/** `POST /api/residents/reset-pin`: with the token from the link `/reset-pin/{token}`. */
export const residentResetPinRequestSchema = z
  .object({
    token: z.string(zodMessage(msg`The reset link is invalid`)).trim().min(20, zodMessage(msg`The reset link is invalid`)).max(200, zodMessage(msg`The reset link is invalid`)),
    pin: newPinSchema,
    pinConfirm: z.string(zodMessage(msg`Confirm the PIN`)),
  })
  .superRefine((value, ctx) => {
    if (value.pin !== value.pinConfirm) ctx.addIssue({ code: 'custom', path: ['pinConfirm'], message: translate(PIN_DESCRIPTORS.mismatch) });
  });
export type ResidentResetPinRequest = z.infer<typeof residentResetPinRequestSchema>;
