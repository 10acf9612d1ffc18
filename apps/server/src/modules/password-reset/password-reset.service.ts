import { msg, t } from '@lingui/core/macro';
import crypto from 'node:crypto';
import { forgotPasswordAnswer, SECURITY_LIMITS, type ForgotPasswordRequest, type ResetPasswordRequest } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { enqueueDeliveries, type DeliveryRequest } from '../deliveries/index.ts';
import type { AfterCommit } from '../notifications/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { withLocale } from '../../lib/i18n.ts';
import { passwordProblem } from '../account/index.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { revokeUserSessions } from '../auth/index.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { findUserById, updateUser } from '../users/index.ts';
import {
  countResetTokensSince,
  findLiveResetToken,
  findResettableUserByEmail,
  insertResetToken,
  retireResetTokens,
  useResetToken,
} from './password-reset.repository.ts';

/** Random 32-byte tokens need no slow hash: sha256 is enough to make a leaked table useless. */
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const invalidToken = () => new AppError('INVALID_RESET_TOKEN', msg`This reset link is invalid, used or expired. Please ask for a new one.`);

/**
 * `POST /api/auth/forgot-password`. The answer is the same, and as quick, whether or not the
 * account exists: the lookup and one transaction (the token and its email as a delivery) are all the
 * request waits for; the delivery worker sends the email after the answer, so a slow mail server
 * cannot reveal that the address is registered, and a mail server that is down delays the email
 * instead of losing it (decision 016).
 */
export async function requestPasswordReset(deps: AppDeps, input: ForgotPasswordRequest): Promise<{ ok: true; message: string }> {
  const answer = { ok: true as const, message: forgotPasswordAnswer() };
  const user = await findResettableUserByEmail(deps.db, input.email);
  if (!user?.email) return answer;
  const now = deps.clock.now();
  if ((await countResetTokensSince(deps.db, user.id, new Date(now.getTime() - 3_600_000))) >= SECURITY_LIMITS.resetEmailsPerHour) {
    return answer;
  }
  const token = crypto.randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}/reset-password/${token}`;
  const to = user.email;
  const firstName = user.firstName;
  const account = user.username ?? to;
  // In the account's language, else English (decision 029).
  const payload = withLocale(user.language ?? 'en', () => ({
    subject: t`Reset your Bantay password`,
    text:
      [
        t`Hello ${firstName},`,
        '',
        t`Someone (hopefully you) asked to reset the password of your Bantay account (${account}).`,
        t`Open this link within 1 hour to choose a new password. It works once:`,
        '',
        link,
        '',
        t`If you did not ask for this, ignore this email: your password stays as it is.`,
      ].join('\n') + '\n',
  }));
  // The token and its email commit together; the kind names the message, never the token.
  await inTransaction(deps.db, async (tx, afterCommit) => {
    await insertResetToken(tx, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SECURITY_LIMITS.resetTokenTtlMs), now });
    await enqueueDeliveries(deps, tx, afterCommit, [
      {
        channel: 'email',
        userId: user.id,
        to,
        kind: 'account.password_reset',
        payload,
      },
    ]);
  });
  return answer;
}

/** Tells the reset page whether to show the form or "ask for a new link". */
export async function checkResetToken(deps: AppDeps, token: string): Promise<{ valid: boolean }> {
  return { valid: Boolean(await findLiveResetToken(deps.db, hashToken(token), deps.clock.now())) };
}

/** `POST /api/auth/reset-password`: sets the password and ends every session of that user. */
export async function resetPassword(deps: AppDeps, input: ResetPasswordRequest): Promise<{ ok: true }> {
  const now = deps.clock.now();
  const tokenHash = hashToken(input.token);
  const live = await findLiveResetToken(deps.db, tokenHash, now);
  if (!live) throw invalidToken();
  const user = await findUserById(deps.db, live.userId);
  if (!user || user.status !== 'active') throw invalidToken();
  // Checked before the token is spent, so a weak choice can be corrected with the same link.
  const problem = passwordProblem(input.password, [user.username, user.email, user.firstName, user.lastName, user.phoneNumber, 'bantay', 'tanod', 'barangay']);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { fields: [{ field: 'password', message: problem }] });
  const passwordHash = await hashSecret(input.password);
  await inTransaction(deps.db, async (tx, afterCommit) => {
    if (!(await useResetToken(tx, tokenHash, now))) throw invalidToken();
    await retireResetTokens(tx, user.id, now);
    // A reset also lifts a lockout: the owner has just proven control of the email.
    await updateUser(tx, user.id, { passwordHash, mustChangePassword: false, failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null, updatedAt: now });
    const sessionIds = await revokeUserSessions(tx, user.id, now);
    if (sessionIds.length > 0) afterCommit(() => deps.events.publish('sessions.revoked', { sessionIds }));
    afterCommit(() => deps.events.publish('users.changed', { userIds: [user.id] }));
  });
  return { ok: true };
}

/** A set-your-password link stays open longer than a reset link: a new tanod may read it days later. */
const SETUP_LINK_TTL_MS = 72 * 3_600_000;

/**
 * After an admin created an account or reset its password: a single-use link to choose a password
 * goes by email, else by SMS. Called in the transaction that creates the account or resets its
 * password, so the link, its token and the change commit together; the delivery worker sends it
 * after commit (decision 016), so a slow gateway never holds up the admin. Returns whether one was
 * written.
 */
export async function sendPasswordSetupLink(deps: AppDeps, tx: Tx, afterCommit: AfterCommit, user: UserRow): Promise<boolean> {
  const now = deps.clock.now();
  const token = crypto.randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}/reset-password/${token}`;
  const kind = 'account.password_setup';
  // In the account's language, else English (decision 029).
  const say = <T>(write: () => T) => withLocale(user.language ?? 'en', write);
  const firstName = user.firstName;
  const username = user.username ?? '';
  const intro = () => t`Hello ${firstName}, your Bantay account (${username}) is ready.`;
  let delivery: DeliveryRequest;
  if (user.email) {
    const payload = say(() => ({
      subject: t`Choose your Bantay password`,
      text: [
        intro(),
        '',
        t`Open this link within 3 days to choose your password. It works once:`,
        '',
        link,
        '',
        t`You can also sign in with the one-time password your administrator gave you.`,
        '',
      ].join('\n'),
    }));
    delivery = { channel: 'email', userId: user.id, kind, to: user.email, payload };
  } else if (user.phoneNumber) {
    const text = say(() => `${intro()} ${t`Choose your password (link valid 3 days, works once): ${link}`}`);
    delivery = { channel: 'sms', userId: user.id, kind, to: user.phoneNumber, payload: { text } };
  } else {
    return false;
  }
  await insertResetToken(tx, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SETUP_LINK_TTL_MS), now });
  await enqueueDeliveries(deps, tx, afterCommit, [delivery]);
  return true;
}
