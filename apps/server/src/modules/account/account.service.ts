import { msg } from '@lingui/core/macro';
import type { AccountLanguage, AccountSession, ChangePasswordRequest, CurrentUser, accountUpdateSchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { NewUserRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound, type AppFieldError } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { hashSecret, verifySecret } from '../../lib/passwords.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { removeAvatar, storeAvatar } from '../files/index.ts';
import { endSessionsPush } from '../push/index.ts';
import { normalizePhoneNumber } from '../../lib/phone.ts';
import { findIdentityConflicts, findUserById, updateUser } from '../users/index.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { getCurrentUser } from '../users/index.ts';
import { listLiveSessions, revokeOwnSession } from './account.repository.ts';
import { passwordProblem } from './password-policy.ts';

type AccountUpdateInput = z.output<typeof accountUpdateSchema>;

const fieldError = (code: 'VALIDATION_FAILED' | 'CONFLICT' | 'UNPROCESSABLE' | 'INVALID_PHONE_NUMBER', fields: AppFieldError[]) =>
  new AppError(code, fields[0]!.message, { fields });

export function getAccount(deps: AppDeps, actor: Actor): Promise<CurrentUser> {
  return getCurrentUser(deps, actor);
}

/** PATCH /api/account: only the fields sent change; username and email stay unique. */
export async function updateAccount(deps: AppDeps, actor: Actor, input: AccountUpdateInput): Promise<CurrentUser> {
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw notFound(msg`User not found`);
  const changes: Partial<NewUserRow> = {};
  for (const key of ['firstName', 'middleName', 'lastName', 'address', 'gender'] as const) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  }
  if (input.username !== undefined) changes.username = input.username;
  if (input.email !== undefined) changes.email = input.email;
  if (input.birthday !== undefined) {
    if (input.birthday && (input.birthday > deps.clock.now().toISOString().slice(0, 10) || input.birthday < '1900-01-01')) {
      throw fieldError('VALIDATION_FAILED', [{ field: 'birthday', message: msg`Enter a real birthday` }]);
    }
    changes.birthday = input.birthday;
  }
  if (input.phoneNumber !== undefined) {
    const phoneNumber = input.phoneNumber === null ? null : normalizePhoneNumber(input.phoneNumber);
    if (input.phoneNumber !== null && !phoneNumber) {
      throw fieldError('INVALID_PHONE_NUMBER', [{ field: 'phoneNumber', message: msg`Please enter a valid phone number` }]);
    }
    // The 2FA number was proven by a code; changing it here would bypass that proof.
    if (user.twoFactorEnabled && phoneNumber !== user.phoneNumber) {
      throw fieldError('UNPROCESSABLE', [
        { field: 'phoneNumber', message: msg`Turn off two-factor authentication before changing your phone number` },
      ]);
    }
    changes.phoneNumber = phoneNumber;
  }
  const taken = await findIdentityConflicts(deps.db, actor.id, { username: changes.username, email: changes.email });
  if (taken.length > 0) {
    throw fieldError(
      'CONFLICT',
      taken.map((field) => ({ field, message: field === 'username' ? msg`This username is already taken` : msg`This email is already used by another account` })),
    );
  }
  if (Object.keys(changes).length > 0) {
    try {
      await updateUser(deps.db, actor.id, { ...changes, updatedAt: deps.clock.now() });
    } catch (error) {
      // Two users claiming the same name at the same moment: the unique index decides.
      const constraint = uniqueViolation(error);
      if (constraint) {
        const field = constraint.includes('email') ? 'email' : 'username';
        throw fieldError('CONFLICT', [{ field, message: field === 'email' ? msg`This email is already used by another account` : msg`This username is already taken` }]);
      }
      throw error;
    }
    deps.events.publish('users.changed', { userIds: [actor.id] });
  }
  return getCurrentUser(deps, actor);
}

/**
 * PUT /api/account/language and PUT /api/residents/me/language (docs/product.md §12): the
 * language the account keeps. The answers of `/api/auth/me` and the sign-ins carry it. This
 * session's cached check is dropped so its next request is answered in the new language; the
 * caller's other sessions follow within the session cache's few seconds.
 */
export async function setAccountLanguage(deps: AppDeps, actor: Actor, language: AccountLanguage): Promise<{ language: AccountLanguage }> {
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw notFound(msg`User not found`);
  if (user.language !== language) {
    await updateUser(deps.db, actor.id, { language, updatedAt: deps.clock.now() });
    deps.events.publish('users.changed', { userIds: [actor.id] });
    deps.sessionCache.forgetSessions([actor.sessionId]);
  }
  return { language };
}

/** POST /api/account/photo: stores the re-encoded image and points profilePicture at it. */
export async function updateAccountPhoto(deps: AppDeps, actor: Actor, bytes: Buffer): Promise<CurrentUser> {
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw notFound(msg`User not found`);
  const url = await storeAvatar(deps.files, bytes);
  await updateUser(deps.db, actor.id, { profilePicture: url, updatedAt: deps.clock.now() });
  deps.events.publish('users.changed', { userIds: [actor.id] });
  await removeAvatar(deps.files, user.profilePicture);
  return getCurrentUser(deps, actor);
}

/** POST /api/account/password: the current password is required; every other session ends. */
export async function changePassword(deps: AppDeps, actor: Actor, input: ChangePasswordRequest): Promise<{ ok: true; sessionsEnded: number }> {
  const user = await findUserById(deps.db, actor.id);
  if (!user?.passwordHash) throw notFound(msg`User not found`);
  if (!(await verifySecret(user.passwordHash, input.currentPassword))) {
    throw fieldError('VALIDATION_FAILED', [{ field: 'currentPassword', message: msg`Current password is incorrect` }]);
  }
  const problem = passwordProblem(input.newPassword, [user.username, user.email, user.firstName, user.lastName, user.phoneNumber, 'bantay', 'tanod', 'barangay']);
  if (problem) throw fieldError('VALIDATION_FAILED', [{ field: 'newPassword', message: problem }]);
  if (input.newPassword === input.currentPassword) {
    throw fieldError('VALIDATION_FAILED', [{ field: 'newPassword', message: msg`Choose a password different from the current one` }]);
  }
  const passwordHash = await hashSecret(input.newPassword);
  const now = deps.clock.now();
  const ended = await inTransaction(deps.db, async (tx, afterCommit) => {
    await updateUser(tx, actor.id, { passwordHash, mustChangePassword: false, updatedAt: now });
    const sessionIds = await revokeUserSessions(tx, actor.id, now, actor.sessionId);
    if (sessionIds.length > 0) afterCommit(() => deps.events.publish('sessions.revoked', { sessionIds }));
    afterCommit(() => deps.events.publish('users.changed', { userIds: [actor.id] }));
    return sessionIds.length;
  });
  // This session stays, but its cached check still says a new password is required.
  if (user.mustChangePassword) deps.sessionCache.forgetSessions([actor.sessionId]);
  return { ok: true, sessionsEnded: ended };
}

export async function listAccountSessions(deps: AppDeps, actor: Actor): Promise<AccountSession[]> {
  const rows = await listLiveSessions(deps.db, actor.id, deps.clock.now());
  return rows.map((row) => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    userAgent: row.userAgent,
    ip: row.ip,
    current: row.id === actor.sessionId,
  }));
}

/**
 * DELETE /api/account/sessions/:id: own sessions only; anyone else's is "not found". The push
 * subscriptions that session registered end with it: a lost phone stops showing alerts.
 */
export async function endAccountSession(deps: AppDeps, actor: Actor, sessionId: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    if (!(await revokeOwnSession(tx, actor.id, sessionId, deps.clock.now()))) throw notFound(msg`Session not found`);
    await endSessionsPush(tx, [sessionId]);
  });
  deps.events.publish('sessions.revoked', { sessionIds: [sessionId] });
}
