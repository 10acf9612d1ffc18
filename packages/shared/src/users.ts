import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { userTypeSchema } from './auth.ts';
import { phoneNumberInputSchema } from './account.ts';

/**
 * Staff accounts (issue 13, product §2): admins manage tanods; the supadmin manages tanods and
 * admins. There is no public staff sign-up.
 */

export const STAFF_ROLES = ['tanod', 'admin', 'supadmin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const USER_SORTS = ['name', '-name', 'createdAt', '-createdAt', 'lastActive', '-lastActive'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** A staff account as an admin sees it in Manage Tanod. Never carries a hash. */
export const staffUserSchema = z.object({
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
  mustChangePassword: z.boolean(),
  isOnline: z.boolean(),
  lastActive: z.string().nullable(),
  address: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const userListQuerySchema = z.object({
  role: z.enum(STAFF_ROLES).optional(),
  status: z.enum(['active', 'deactivated']).optional(),
  q: z.string().trim().max(100, 'Search is too long').optional(),
  sort: z.enum(USER_SORTS, { error: `sort must be one of ${USER_SORTS.join(', ')}` }).default('name'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userListSchema = z.object({
  items: z.array(staffUserSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type UserList = z.infer<typeof userListSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable();

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.nameMaxLength, `${label} is too long`);

const staffFields = {
  firstName: requiredName('First name'),
  middleName: optionalText(LIMITS.nameMaxLength).optional(),
  lastName: requiredName('Last name'),
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(LIMITS.usernameMaxLength, 'Username is too long')
    .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes and underscores only')
    .transform((value) => value.toLowerCase()),
  email: z
    .union([z.literal(''), z.email('Enter a valid email address').max(254)])
    .transform((value) => (value === '' ? null : value.toLowerCase()))
    .nullable()
    .optional(),
  phoneNumber: z
    .union([z.literal(''), phoneNumberInputSchema])
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  address: optionalText(300).optional(),
  birthday: z
    .union([z.literal(''), z.iso.date('Enter a date as YYYY-MM-DD')])
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  gender: optionalText(40).optional(),
  isTeamLeader: z.boolean().optional(),
};

export const createStaffUserSchema = z.object({
  ...staffFields,
  /** An admin creates tanods; the supadmin creates admins too. */
  userType: z.enum(['tanod', 'admin'], { error: 'userType must be tanod or admin' }).default('tanod'),
});
export type CreateStaffUser = z.input<typeof createStaffUserSchema>;

export const updateStaffUserSchema = z.object(staffFields).partial();
export type UpdateStaffUser = z.input<typeof updateStaffUserSchema>;

/** The answer to creating an account or resetting its password: the password is shown once. */
export const oneTimePasswordSchema = z.object({
  oneTimePassword: z.string(),
  /** True when a set-your-password link also went out by email or SMS. */
  linkSent: z.boolean(),
});
export type OneTimePassword = z.infer<typeof oneTimePasswordSchema>;

export const createdStaffUserSchema = oneTimePasswordSchema.extend({ user: staffUserSchema });
export type CreatedStaffUser = z.infer<typeof createdStaffUserSchema>;
