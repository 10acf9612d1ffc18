import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCOUNT_LANGUAGES, USER_TYPES } from '@bantay/shared';
import { barangayColumn } from './barangays.ts';

export const userTypeEnum = pgEnum('user_type', USER_TYPES);
export const userStatusEnum = pgEnum('user_status', ['active', 'deactivated']);
export const accountLanguageEnum = pgEnum('account_language', ACCOUNT_LANGUAGES);

export const users = pgTable(
  'users',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    /** Stored lower-case so sign-in is case-insensitive. */
    username: text('username'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    userType: userTypeEnum('user_type').notNull(),
    profilePicture: text('profile_picture'),
    isTeamLeader: boolean('is_team_leader').notNull().default(false),
    /** Set when an admin created the account or reset its password: the next sign-in must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    status: userStatusEnum('status').notNull().default('active'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    lastActive: timestamp('last_active', { withTimezone: true }),
    passwordHash: text('password_hash'),
    pinHash: text('pin_hash'),
    address: text('address'),
    birthday: date('birthday', { mode: 'string' }),
    gender: text('gender'),
    /**
     * The language the person chose (docs/product.md §12), staff and residents alike: the app
     * switches to it at sign-in, and the server answers in it when the browser sends no choice.
     * Null until they chose one; the web then stores the language they signed in with.
     */
    language: accountLanguageEnum('language'),
    /**
     * A resident's home (docs/decisions/032-the-text-line.md): a text or a missed call from their
     * number becomes a report here. The purok's name, and optionally a pin; without a pin the
     * patrol area of that name gives the place.
     */
    homePurok: text('home_purok'),
    homeLat: doublePrecision('home_lat'),
    homeLng: doublePrecision('home_lng'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    // Residents sign in with their mobile number, so it identifies them.
    uniqueIndex('users_resident_phone_key').on(t.phoneNumber).where(sql`${t.userType} = 'resident'`),
    index('users_type_status_idx').on(t.userType, t.status),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    /** The token's `jti`. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
