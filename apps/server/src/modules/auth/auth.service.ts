import { msg, plural } from '@lingui/core/macro';
import { LIMITS, messageableTypes, type LoginRequest, type LoginResponse, type LoginSuccess } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { findStaffByLogin, insertUser, listActiveUsersOfTypes, updateUser, findUserByUsername, presentUserSummary } from '../users/index.ts';
import { endSessionsPush } from '../push/index.ts';
import { findLiveSession, insertSession, revokeSession, revokeUserSessions as revokeSessionsOf, touchSession } from './sessions.repository.ts';
import { hashSecret, verifyAgainstDummy, verifySecret } from '../../lib/passwords.ts';
import type { Actor } from '../../http/actor.ts';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', msg`Incorrect username or password`);

export async function loginStaff(deps: AppDeps, input: LoginRequest, meta: RequestMeta): Promise<LoginResponse> {
  const now = deps.clock.now();
  const user = await findStaffByLogin(deps.db, input.username);
  if (!user || !user.passwordHash) {
    await verifyAgainstDummy(input.password);
    throw invalidCredentials();
  }
  if (user.lockedUntil && user.lockedUntil > now) throw accountLocked(user.lockedUntil, now);

  if (!(await verifySecret(user.passwordHash, input.password))) {
    const lockedUntil = await recordLoginFailure(deps, user, now);
    if (lockedUntil) throw accountLocked(lockedUntil, now);
    throw invalidCredentials();
  }
  // Checked only after the password, so a guesser cannot learn which accounts are deactivated.
  if (user.status !== 'active') {
    throw new AppError('ACCOUNT_DEACTIVATED', msg`This account has been deactivated. Please contact your administrator.`);
  }
  if (user.twoFactorEnabled) {
    // The password was right: the failure count restarts, and the SMS code completes the sign-in.
    await updateUser(deps.db, user.id, { failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null });
    return deps.links.signIn.startLoginChallenge(deps, user);
  }
  return openSession(deps, user, meta);
}

function accountLocked(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'ACCOUNT_LOCKED',
    msg`Too many failed sign-in attempts. Try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`,
    { retryAfterSeconds: seconds },
  );
}

/** Counts a failure in the current 15-minute window; the tenth locks the account. */
async function recordLoginFailure(deps: AppDeps, user: UserRow, now: Date): Promise<Date | null> {
  const windowOpen =
    user.failedLoginWindowStart && now.getTime() - user.failedLoginWindowStart.getTime() < LIMITS.loginFailureWindowMs;
  const count = windowOpen ? user.failedLoginCount + 1 : 1;
  if (count >= LIMITS.loginMaxFailures) {
    const lockedUntil = new Date(now.getTime() + LIMITS.loginLockMs);
    await updateUser(deps.db, user.id, { failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil });
    return lockedUntil;
  }
  await updateUser(deps.db, user.id, {
    failedLoginCount: count,
    failedLoginWindowStart: windowOpen ? user.failedLoginWindowStart : now,
  });
  return null;
}

export async function openSession(deps: AppDeps, user: UserRow, meta: RequestMeta): Promise<LoginSuccess> {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.sessionTtlMs);
  const session = await inTransaction(deps.db, async (tx) => {
    await updateUser(tx, user.id, { failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null });
    return insertSession(tx, { userId: user.id, expiresAt, now, userAgent: meta.userAgent, ip: meta.ip });
  });
  const token = await deps.tokens.sign({ id: user.id, userType: user.userType, jti: session.id }, expiresAt);
  return {
    token,
    userType: user.userType,
    userId: user.id,
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
    language: user.language,
  };
}

// Writing last-seen on every request would turn every read into a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves a bearer token to its caller, or null when the token or its session is not live. A
 * token verified in the last few seconds is answered from memory (see SessionCache for why that
 * is safe); otherwise the signature is checked and the session read in one query.
 */
export async function authenticateToken(deps: AppDeps, token: string): Promise<{ actor: Actor } | null> {
  const now = deps.clock.now();
  const cached = deps.sessionCache.lookup(token, now);
  if (cached) {
    if (now.getTime() - cached.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      deps.sessionCache.touched(token, now);
      await touchSession(deps.db, cached.actor.sessionId, now);
    }
    return { actor: cached.actor };
  }
  const generation = deps.sessionCache.begin();
  const claims = await deps.tokens.verify(token);
  if (!claims) return null;
  const found = await findLiveSession(deps.db, claims.jti, now);
  if (!found || found.userId !== claims.id || found.userStatus !== 'active') return null;
  let lastSeenAt = found.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(deps.db, found.sessionId, now);
    lastSeenAt = now;
  }
  const actor: Actor = {
    id: found.userId,
    userType: found.userType,
    sessionId: found.sessionId,
    mustChangePassword: found.mustChangePassword,
    language: found.language,
  };
  deps.sessionCache.remember(token, { actor, expiresAt: found.expiresAt, lastSeenAt }, generation, now);
  return { actor };
}

/**
 * Ends every live session of a user in the caller's transaction, optionally keeping one (the
 * caller's own), and the push subscriptions those sessions registered with them (decision 017);
 * the ids ended, for the caller to publish `sessions.revoked` after commit. Every path that ends
 * sessions comes here: a password or PIN change or reset, deactivation, an admin's reset.
 */
export const revokeUserSessions: typeof revokeSessionsOf = async (db, userId, now, keepSessionId) => {
  const ended = await revokeSessionsOf(db, userId, now, keepSessionId);
  await endSessionsPush(db, ended);
  return ended;
};

export async function logout(deps: AppDeps, actor: Actor): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    await revokeSession(tx, actor.sessionId, deps.clock.now());
    await endSessionsPush(tx, [actor.sessionId]);
  });
  deps.events.publish('sessions.revoked', { sessionIds: [actor.sessionId], reason: 'logout' });
}

/** docs/product.md §A5: the users the caller may start a conversation with. */
export async function listMessageableUsers(deps: AppDeps, actor: Actor) {
  const types = messageableTypes(actor.userType);
  if (types.length === 0) throw new AppError('FORBIDDEN', msg`Residents cannot send messages`);
  const rows = await listActiveUsersOfTypes(deps.db, types, actor.id);
  return rows.map(presentUserSummary);
}

/**
 * First start: create the supadmin from configuration, or with a random password printed once.
 * Does nothing when any supadmin exists.
 */
export async function ensureSupadmin(
  deps: AppDeps,
  log: (message: string) => void,
  generatePassword: () => string,
): Promise<void> {
  const { db, config } = deps;
  const existing = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.userType, 'supadmin') });
  if (existing) return;
  const username = config.supadmin.username ?? 'supadmin';
  if (await findUserByUsername(db, username)) return;
  const password = config.supadmin.password ?? generatePassword();
  try {
    await insertUser(db, {
      firstName: 'Super',
      lastName: 'Admin',
      username,
      userType: 'supadmin',
      passwordHash: await hashSecret(password),
    });
  } catch (error) {
    // Two instances starting together on a fresh database both find no supadmin; the one whose
    // insert comes second leaves the account (and the one-time password's log line) to the first.
    if (uniqueViolation(error) === 'users_username_key') return;
    throw error;
  }
  if (config.supadmin.password) {
    log(`Created supadmin "${username}" from BANTAY_SUPADMIN_USERNAME/BANTAY_SUPADMIN_PASSWORD.`);
  } else {
    log(
      // One line: a JSON log keeps it readable, with no escaped line break in the middle.
      `Created supadmin "${username}" with the one-time password ${password} (sign in at /tanod-login and change it; it will not be shown again)`,
    );
  }
}
