import { z } from 'zod';
import { currentUserSchema } from './auth.ts';
import { profileFields } from './account.ts';
import { msg, ph } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/**
 * Staff accounts (docs/product.md §2): admins manage tanods; the supadmin manages tanods and
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
  q: z.string().trim().max(100, zodMessage(msg`Search is too long`)).optional(),
  sort: z.enum(USER_SORTS, zodMessage(msg`sort must be one of ${ph({ allowed: USER_SORTS.join(', ') })}`)).default('name'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

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
    userType: z.enum(['tanod', 'admin'], zodMessage(msg`userType must be tanod or admin`)).default('tanod'),
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

/**
 * `GET /api/users/{id}/handoff` (admins, for accounts they may deactivate): what a deactivation
 * leaves behind, shown in the deactivation dialog before the admin confirms. Deactivating returns
 * `activeIncident` to the queue in the same transaction; the loans stay open for an admin to
 * receive, and the shifts keep the member until an admin reassigns them.
 */
export const staffHandoffSchema = z.object({
  /** The in-progress incident they respond to, which goes back to the queue on deactivation. */
  activeIncident: z
    .object({
      _id: z.string(),
      ticket: z.string(),
      type: z.string(),
      classification: z.enum(['normal', 'emergency']),
      /** The landmark or address as reported, when there is one. */
      place: z.string().nullable(),
      respondedAt: z.string().nullable(),
    })
    .nullable(),
  /** Equipment not yet returned, oldest due first. */
  openLoans: z.array(
    z.object({
      _id: z.string(),
      itemName: z.string(),
      quantity: z.number().int(),
      borrowedAt: z.string(),
      dueAt: z.string(),
      overdue: z.boolean(),
    }),
  ),
  /** Schedules not yet over that list them as a member (an ongoing one first), soonest first. */
  futureShifts: z.array(
    z.object({
      _id: z.string(),
      code: z.string(),
      shift: z.enum(['day', 'night', 'custom']),
      startsAt: z.string(),
      endsAt: z.string(),
      areaName: z.string(),
      isLeader: z.boolean(),
      /** True while the shift is under way. */
      ongoing: z.boolean(),
      /** The other members of the schedule, who stay on it. */
      otherMembers: z.number().int(),
    }),
  ),
  /** All the schedules not yet over, when there are more than `futureShifts` lists. */
  futureShiftCount: z.number().int(),
});
export type StaffHandoff = z.infer<typeof staffHandoffSchema>;
