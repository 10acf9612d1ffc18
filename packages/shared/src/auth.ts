import { z } from 'zod';
import { USER_TYPES } from './roles.ts';
import { LIMITS } from './limits.ts';
import { accountLanguageSchema, loginChallengeSchema } from './account.ts';
import { msg } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

export const userTypeSchema = z.enum(USER_TYPES);

export const loginRequestSchema = z.object({
  username: z
    .string(zodMessage(msg`Username is required`))
    .trim()
    .min(1, zodMessage(msg`Username is required`))
    .max(254, zodMessage(msg`Username is too long`)),
  password: z
    .string(zodMessage(msg`Password is required`))
    .min(1, zodMessage(msg`Password is required`))
    .max(LIMITS.passwordMaxLength, zodMessage(msg`Password is too long`)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A completed sign-in. */
export const loginSuccessSchema = z.object({
  token: z.string(),
  userType: userTypeSchema,
  userId: z.string(),
  /** Signed in with a one-time password; the web app leads to the password change. */
  mustChangePassword: z.boolean().optional(),
  /** The language kept on the account (docs/product.md §12); null until one was chosen. */
  language: accountLanguageSchema.nullable(),
});
export type LoginSuccess = z.infer<typeof loginSuccessSchema>;

/**
 * `POST /api/auth/login` either signs in at once or, when the account has 2FA on, answers with
 * a code challenge to complete through `POST /api/auth/login/verify`.
 */
export const loginResponseSchema = z.union([loginSuccessSchema, loginChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The user as the API shows it to the user themself (docs/product.md §A3). Never carries a hash. */
export const currentUserSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  userType: userTypeSchema,
  profilePicture: z.string().nullable(),
  isTeamLeader: z.boolean(),
  status: z.enum(['active', 'deactivated']),
  twoFactorEnabled: z.boolean(),
  isOnline: z.boolean(),
  lastActive: z.string().nullable(),
  address: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.string().nullable(),
  hasUnreadNotifications: z.boolean(),
  /** Signed in with a one-time password; every call but the password change is refused. */
  mustChangePassword: z.boolean(),
  /** The language kept on the account (docs/product.md §12); null until one was chosen. */
  language: accountLanguageSchema.nullable(),
  /** A resident's home purok (docs/decisions/032-the-text-line.md); absent for staff. */
  homePurok: z.string().nullable().optional(),
  /** A resident's home pin; absent for staff, null when not set. */
  homePin: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Another user as shown in pickers and conversations. */
export const userSummarySchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: userTypeSchema,
  profilePicture: z.string().nullable(),
  isOnline: z.boolean(),
  lastActive: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
