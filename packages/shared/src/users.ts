import { z } from 'zod';
import { currentUserSchema } from './auth.ts';
import { profileFields } from './account.ts';

/**
 * Staff accounts (issue 13, product §2): admins manage tanods; the supadmin manages tanods and
 * admins. There is no public staff sign-up.
 */

export const STAFF_ROLES = ['tanod', 'admin', 'supadmin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const USER_SORTS = ['name', '-name', 'createdAt', '-createdAt', 'lastActive', '-lastActive'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** A staff account as an admin sees it in Manage Tanod: the user's own view, less their unread state. */
export const staffUserSchema = currentUserSchema.omit({ hasUnreadNotifications: true }).extend({ updatedAt: z.string() });
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

const teamLeader = { isTeamLeader: z.boolean().optional() };

export const createStaffUserSchema = z
  .object(profileFields)
  .partial({ middleName: true, email: true, phoneNumber: true, address: true, birthday: true, gender: true })
  .extend({
    ...teamLeader,
    /** An admin creates tanods; the supadmin creates admins too. */
    userType: z.enum(['tanod', 'admin'], { error: 'userType must be tanod or admin' }).default('tanod'),
  });
export type CreateStaffUser = z.input<typeof createStaffUserSchema>;

export const updateStaffUserSchema = z.object(profileFields).extend(teamLeader).partial();
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
