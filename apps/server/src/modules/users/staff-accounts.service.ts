import { msg } from '@lingui/core/macro';
import crypto from 'node:crypto';
import type {
  CreatedStaffUser,
  OneTimePassword,
  StaffUser,
  UserList,
  createStaffUserSchema,
  updateStaffUserSchema,
  userListQuerySchema,
} from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { NewUserRow, UserRow } from '../../db/schema/index.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError, forbidden, notFound, type AppFieldError } from '../../lib/app-error.ts';
import { normalizePhoneNumber } from '../../lib/phone.ts';
import type { Actor } from '../../http/actor.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { removeAvatar, storeAvatar } from '../files/index.ts';
import { canManageUser, creatableTypes, manageableTypes } from './users.policy.ts';
import { presentStaffUser } from './users.presenter.ts';
import { findIdentityConflicts, findUserById, insertUser, listStaffPage, lockActiveSupadminIds, updateUser } from './users.repository.ts';

type ListQuery = z.output<typeof userListQuerySchema>;
type CreateInput = z.output<typeof createStaffUserSchema>;
type UpdateInput = z.output<typeof updateStaffUserSchema>;

const fieldError = (code: 'VALIDATION_FAILED' | 'CONFLICT' | 'INVALID_PHONE_NUMBER', fields: AppFieldError[]) =>
  new AppError(code, fields[0]!.message, { fields });

const TAKEN_MESSAGES = {
  username: msg`This username is already taken`,
  email: msg`This email is already used by another account`,
} as const;

// No 0/O, 1/l/I: the password is read off a screen and typed on a phone.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random one-time password: 14 characters, about 80 bits, never stored in clear. */
function generateOneTimePassword(): string {
  return Array.from(crypto.randomBytes(14), (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]).join('');
}

function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) return { key, id };
  } catch {
    // Falls through to the error below.
  }
  throw fieldError('VALIDATION_FAILED', [{ field: 'cursor', message: msg`cursor is not one this list gave out` }]);
}

/** GET /api/users: admins see tanods; the supadmin sees every staff account. */
export async function listStaffUsers(deps: AppDeps, actor: Actor, query: ListQuery): Promise<UserList> {
  const visible = manageableTypes(actor);
  const role = query.role;
  if (role && !visible.includes(role)) throw forbidden(msg`You cannot list ${role} accounts`);
  const rows = await listStaffPage(deps.db, {
    types: query.role ? [query.role] : visible,
    status: query.status,
    q: query.q || undefined,
    sort: query.sort,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => presentStaffUser(row)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.key, last.row.id) : null,
  };
}

export async function findManageable(deps: AppDeps, actor: Actor, id: string, db: AppDeps['db'] | Tx = deps.db): Promise<UserRow> {
  const user = await findUserById(db, id);
  // Residents are not staff accounts: for this API they do not exist.
  if (!user || user.userType === 'resident') throw notFound(msg`User not found`);
  if (!canManageUser(actor, user)) {
    throw forbidden(actor.userType === 'admin' ? msg`Admins can manage tanod accounts only` : msg`You cannot manage this account`);
  }
  return user;
}

export async function getStaffUser(deps: AppDeps, actor: Actor, id: string): Promise<StaffUser> {
  return presentStaffUser(await findManageable(deps, actor, id));
}

/** Checks the fields that need the database or a library, and returns the row values. */
async function checkedValues(deps: AppDeps, userId: string | null, input: UpdateInput): Promise<Partial<NewUserRow>> {
  const values: Partial<NewUserRow> = {};
  for (const key of ['firstName', 'middleName', 'lastName', 'username', 'email', 'address', 'gender', 'isTeamLeader'] as const) {
    if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
  }
  if (input.birthday !== undefined) {
    if (input.birthday && (input.birthday > deps.clock.now().toISOString().slice(0, 10) || input.birthday < '1900-01-01')) {
      throw fieldError('VALIDATION_FAILED', [{ field: 'birthday', message: msg`Enter a real birthday` }]);
    }
    values.birthday = input.birthday;
  }
  if (input.phoneNumber !== undefined) {
    const phoneNumber = input.phoneNumber === null ? null : normalizePhoneNumber(input.phoneNumber);
    if (input.phoneNumber !== null && !phoneNumber) {
      throw fieldError('INVALID_PHONE_NUMBER', [{ field: 'phoneNumber', message: msg`Please enter a valid phone number` }]);
    }
    values.phoneNumber = phoneNumber;
  }
  const taken = await findIdentityConflicts(deps.db, userId ?? '00000000-0000-0000-0000-000000000000', {
    username: values.username,
    email: values.email,
  });
  if (taken.length > 0) throw fieldError('CONFLICT', taken.map((field) => ({ field, message: TAKEN_MESSAGES[field] })));
  return values;
}

/** Two creators claiming the same name at once: the unique index decides, with the same message. */
async function withUniqueNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    const field = constraint.includes('email') ? 'email' : 'username';
    throw fieldError('CONFLICT', [{ field, message: TAKEN_MESSAGES[field] }]);
  }
}

/** A summary for the audit log: what changed, never a secret. */
function auditSummary(values: Partial<NewUserRow>): Record<string, unknown> {
  const { passwordHash: _hash, pinHash: _pin, ...rest } = values;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

function pick(user: UserRow, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, (user as Record<string, unknown>)[key]]));
}

/**
 * POST /api/users. The one-time password is answered once to the creator and stored only as a
 * hash; the account must choose its own at the first sign-in. With an email or phone on file, a
 * set-your-password link goes out too.
 */
export async function createStaffUser(deps: AppDeps, actor: Actor, input: CreateInput): Promise<CreatedStaffUser> {
  if (!creatableTypes(actor).includes(input.userType)) {
    throw forbidden(actor.userType === 'admin' ? msg`Admins can create tanod accounts only` : msg`You cannot create this kind of account`);
  }
  const values = await checkedValues(deps, null, input);
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashSecret(oneTimePassword);
  const now = deps.clock.now();
  const { user, linkSent } = await withUniqueNames(() =>
    inTransaction(deps.db, async (tx, afterCommit) => {
      const row = await insertUser(tx, {
        ...values,
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username,
        userType: input.userType,
        passwordHash,
        mustChangePassword: true,
        createdAt: now,
        updatedAt: now,
      });
      await appendAuditEntry(tx, { actor, action: 'create', entity: 'user', entityId: row.id, after: { userType: row.userType, ...auditSummary(values), username: row.username }, at: now });
      // The set-your-password link commits with the account (decision 016).
      return { user: row, linkSent: await deps.links.staffAccounts.sendPasswordSetupLink(deps, tx, afterCommit, row) };
    }),
  );
  return { user: presentStaffUser(user), oneTimePassword, linkSent };
}

/** PATCH /api/users/:id: only the fields sent change. */
export async function updateStaffUser(deps: AppDeps, actor: Actor, id: string, input: UpdateInput): Promise<StaffUser> {
  const user = await findManageable(deps, actor, id);
  const values = await checkedValues(deps, user.id, input);
  if (user.twoFactorEnabled && values.phoneNumber !== undefined && values.phoneNumber !== user.phoneNumber) {
    // The 2FA number was proven by a code; an admin changing it would bypass that proof.
    throw fieldError('VALIDATION_FAILED', [{ field: 'phoneNumber', message: msg`This user has two-factor authentication on: they change their number themselves` }]);
  }
  if (Object.keys(values).length === 0) return presentStaffUser(user);
  const now = deps.clock.now();
  const updated = await withUniqueNames(() =>
    inTransaction(deps.db, async (tx) => {
      await updateUser(tx, user.id, { ...values, updatedAt: now });
      await appendAuditEntry(tx, { actor, action: 'update', entity: 'user', entityId: user.id, before: pick(user, Object.keys(values)), after: auditSummary(values), at: now });
      return findUserById(tx, user.id);
    }),
  );
  deps.events.publish('users.changed', { userIds: [user.id] });
  return presentStaffUser(updated!);
}

/**
 * POST /api/users/:id/deactivate: the account can no longer sign in, its sessions end and its
 * sockets close at once; its history stays. Nobody deactivates themself or the last supadmin. The
 * incident they were responding to goes back to the queue in the same transaction; their loans and
 * shifts stay for an admin to receive and reassign (the dialog lists them: handoff.service.ts).
 */
export async function deactivateStaffUser(deps: AppDeps, actor: Actor, id: string): Promise<StaffUser> {
  if (id === actor.id) throw forbidden(msg`You cannot deactivate your own account`);
  const now = deps.clock.now();
  const updated = await inTransaction(deps.db, async (tx, afterCommit) => {
    const user = await findManageable(deps, actor, id, tx);
    if (user.status === 'deactivated') return user;
    if (user.userType === 'supadmin') {
      const active = await lockActiveSupadminIds(tx);
      if (active.filter((other) => other !== user.id).length === 0) throw forbidden(msg`The last supadmin cannot be deactivated`);
    }
    await updateUser(tx, user.id, { status: 'deactivated', isOnline: false, updatedAt: now });
    const sessionIds = await deps.links.staffAccounts.endSessions(tx, user.id, now);
    await deps.links.staffAccounts.endCalendarFeed(tx, user.id);
    // The hand-off (getStaffHandoff lists it first): an incident they hold goes back to the queue now.
    const returned = await deps.links.staffAccounts.returnIncidentOfDeactivated(deps, tx, afterCommit, { tanod: user, actor, now });
    const after = { status: 'deactivated', sessionsEnded: sessionIds.length, ...(returned ? { incidentReturnedToQueue: returned.ticket } : {}) };
    await appendAuditEntry(tx, { actor, action: 'deactivate', entity: 'user', entityId: user.id, before: { status: 'active' }, after, at: now });
    if (sessionIds.length > 0) afterCommit(() => deps.events.publish('sessions.revoked', { sessionIds }));
    afterCommit(() => deps.events.publish('users.changed', { userIds: [user.id] }));
    return findUserById(tx, user.id);
  });
  return presentStaffUser(updated!);
}

export async function reactivateStaffUser(deps: AppDeps, actor: Actor, id: string): Promise<StaffUser> {
  const now = deps.clock.now();
  const updated = await inTransaction(deps.db, async (tx) => {
    const user = await findManageable(deps, actor, id, tx);
    if (user.status === 'active') return user;
    await updateUser(tx, user.id, { status: 'active', failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null, updatedAt: now });
    await appendAuditEntry(tx, { actor, action: 'reactivate', entity: 'user', entityId: user.id, before: { status: 'deactivated' }, after: { status: 'active' }, at: now });
    return findUserById(tx, user.id);
  });
  deps.events.publish('users.changed', { userIds: [updated!.id] });
  return presentStaffUser(updated!);
}

/**
 * POST /api/users/:id/reset-password: a new one-time password, shown once; the old password stops
 * working, every session of the account ends, and the next sign-in must choose a new password.
 */
export async function resetStaffPassword(deps: AppDeps, actor: Actor, id: string): Promise<OneTimePassword> {
  if (id === actor.id) throw forbidden(msg`Change your own password in My Account`);
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashSecret(oneTimePassword);
  const now = deps.clock.now();
  const linkSent = await inTransaction(deps.db, async (tx, afterCommit) => {
    const row = await findManageable(deps, actor, id, tx);
    await updateUser(tx, row.id, { passwordHash, mustChangePassword: true, failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null, updatedAt: now });
    const sessionIds = await deps.links.staffAccounts.endSessions(tx, row.id, now);
    await appendAuditEntry(tx, { actor, action: 'reset_password', entity: 'user', entityId: row.id, after: { sessionsEnded: sessionIds.length }, at: now });
    if (sessionIds.length > 0) afterCommit(() => deps.events.publish('sessions.revoked', { sessionIds }));
    afterCommit(() => deps.events.publish('users.changed', { userIds: [row.id] }));
    // The set-your-password link commits with the reset (decision 016); a deactivated account gets none.
    return row.status === 'active' ? deps.links.staffAccounts.sendPasswordSetupLink(deps, tx, afterCommit, row) : false;
  });
  return { oneTimePassword, linkSent };
}

/** POST /api/users/:id/photo: the photo is checked by content and re-encoded like a profile photo. */
export async function updateStaffPhoto(deps: AppDeps, actor: Actor, id: string, bytes: Buffer): Promise<StaffUser> {
  const user = await findManageable(deps, actor, id);
  const url = await storeAvatar(deps.files, bytes);
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    await updateUser(tx, user.id, { profilePicture: url, updatedAt: now });
    await appendAuditEntry(tx, { actor, action: 'update', entity: 'user', entityId: user.id, before: { profilePicture: user.profilePicture }, after: { profilePicture: url }, at: now });
  });
  deps.events.publish('users.changed', { userIds: [user.id] });
  await removeAvatar(deps.files, user.profilePicture);
  return presentStaffUser((await findUserById(deps.db, user.id))!);
}
