import { msg } from '@lingui/core/macro';
import {
  SECURITY_LIMITS,
  type CodeSent,
  type EnableTwoFactorRequest,
  type LoginChallenge,
  type LoginResendRequest,
  type LoginSuccess,
  type LoginVerifyRequest,
  type SendCodeRequest,
  type TwoFactorStatus,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { TwoFactorCodeRow, UserRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { OutsideServiceError } from '../../adapters/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { currentLocale, translate, type Locale } from '../../lib/i18n.ts';
import type { Actor } from '../../http/actor.ts';
import { openSession, type RequestMeta } from '../auth/index.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { checkOneTimeCode, newOneTimeCode } from '../../lib/one-time-code.ts';
import { verifyBotCheck } from '../bot-check/index.ts';
import { findUserById, updateUser } from '../users/index.ts';
import { maskPhoneNumber, normalizePhoneNumber } from '../../lib/phone.ts';
import {
  consumeCode,
  countCodesSince,
  deleteCode,
  findCode,
  findLatestCode,
  insertCode,
  replaceCode,
  spendAttempt,
  supersedeCodes,
} from './two-factor.repository.ts';

const L = SECURITY_LIMITS;
/** Sign-in codes one account may receive in an hour, whatever the number of sign-ins. */
const LOGIN_CODES_PER_HOUR = 10;

const invalidPhone = () =>
  new AppError('INVALID_PHONE_NUMBER', msg`Please enter a valid phone number`, {
    fields: [{ field: 'phoneNumber', message: msg`Please enter a valid phone number` }],
  });
const invalidCode = (message = msg`Invalid verification code`) =>
  new AppError('INVALID_CODE', message, { fields: [{ field: 'code', message }] });
const signInEnded = (message = msg`This sign-in has ended. Please sign in again.`) => new AppError('UNPROCESSABLE', message);

const newCode = newOneTimeCode;

/** The code's SMS in the account's language, else the language of the page asking (decision 029). */
function smsText(code: string, purpose: TwoFactorCodeRow['purpose'], language: Locale | null | undefined): string {
  const locale = language ?? currentLocale();
  return purpose === 'login'
    ? translate(msg`Bantay: your sign-in code is ${code}. It expires in 5 minutes. Never share it with anyone.`, locale)
    : translate(msg`Bantay: your verification code is ${code}. It expires in 5 minutes. Never share it with anyone.`, locale);
}

function secondsUntil(later: Date, now: Date): number {
  return Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));
}

/** Sends the SMS; on failure `undo` runs (removing the code) so the user can retry. */
async function deliverCode(deps: AppDeps, to: string, text: string, undo: () => Promise<void>): Promise<void> {
  try {
    await deps.sms.send({ to, text });
  } catch (error) {
    await undo();
    if (error instanceof OutsideServiceError) {
      const failure = new AppError('UPSTREAM_FAILED', msg`We could not send the verification code. Please try again.`);
      // The central handler logs the gateway's own message for the operator.
      failure.cause = error;
      throw failure;
    }
    throw error;
  }
}

/** `POST /api/2fa/send-code`: proves a number before 2FA is turned on. */
export async function sendSetupCode(deps: AppDeps, actor: Actor, input: SendCodeRequest, meta: RequestMeta): Promise<CodeSent> {
  const phoneNumber = normalizePhoneNumber(input.phoneNumber, { mobileOnly: true });
  if (!phoneNumber) throw invalidPhone();
  const now = deps.clock.now();

  const latest = await findLatestCode(deps.db, actor.id, 'enable');
  const resendAt = latest ? new Date(latest.sentAt.getTime() + L.codeResendMs) : null;
  if (resendAt && resendAt > now) {
    const seconds = secondsUntil(resendAt, now);
    throw new AppError('RATE_LIMITED', msg`Please wait ${seconds} seconds before asking for a new code.`, { retryAfterSeconds: seconds });
  }
  const hourAgo = new Date(now.getTime() - 3_600_000);
  if ((await countCodesSince(deps.db, actor.id, 'enable', hourAgo)) >= L.codeSendsPerHour) {
    throw new AppError('RATE_LIMITED', msg`Too many codes were sent to this account. Please try again in an hour.`, {
      retryAfterSeconds: 3600,
    });
  }
  // Last, because it spends the payload.
  await verifyBotCheck(deps, input.botCheck, meta.ip);

  const code = newCode();
  const expiresAt = new Date(now.getTime() + L.codeTtlMs);
  const codeHash = await hashSecret(code);
  const row = await inTransaction(deps.db, async (tx) => {
    await supersedeCodes(tx, actor.id, 'enable', now);
    return insertCode(tx, { userId: actor.id, purpose: 'enable', phoneNumber, codeHash, sentAt: now, expiresAt });
  });
  await deliverCode(deps, phoneNumber, smsText(code, 'enable', actor.language), () => deleteCode(deps.db, row.id));
  return { phoneNumber, expiresInSeconds: L.codeTtlMs / 1000, resendAfterSeconds: L.codeResendMs / 1000 };
}

/** Checks a submitted code with the shared rules (lib/one-time-code.ts). */
async function checkCode(
  deps: AppDeps,
  row: TwoFactorCodeRow,
  code: string,
  options: { phoneNumber?: string; onExhausted: () => AppError; onExpired: () => AppError },
): Promise<void> {
  const store = {
    spendAttempt: (id: string, now: Date, max: number) => spendAttempt(deps.db, id, now, max),
    consume: (id: string, now: Date) => consumeCode(deps.db, id, now),
  };
  await checkOneTimeCode(store, row, code, { ...options, now: deps.clock.now() });
}

/** `POST /api/2fa/enable`: only with the right, live code sent to that same number. */
export async function enableTwoFactor(deps: AppDeps, actor: Actor, input: EnableTwoFactorRequest): Promise<TwoFactorStatus> {
  const phoneNumber = normalizePhoneNumber(input.phoneNumber, { mobileOnly: true });
  if (!phoneNumber) throw invalidPhone();
  const row = await findLatestCode(deps.db, actor.id, 'enable');
  if (!row) throw invalidCode();
  await checkCode(deps, row, input.code, {
    phoneNumber,
    onExhausted: () => new AppError('RATE_LIMITED', msg`Too many wrong codes. Please send a new code.`),
    onExpired: () => invalidCode(msg`The verification code has expired. Please send a new code.`),
  });
  await updateUser(deps.db, actor.id, { twoFactorEnabled: true, phoneNumber, updatedAt: deps.clock.now() });
  deps.events.publish('users.changed', { userIds: [actor.id] });
  return { twoFactorEnabled: true, phoneNumber };
}

/** `POST /api/2fa/disable`. */
export async function disableTwoFactor(deps: AppDeps, actor: Actor): Promise<TwoFactorStatus> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    await updateUser(tx, actor.id, { twoFactorEnabled: false, updatedAt: now });
    await supersedeCodes(tx, actor.id, 'enable', now);
  });
  deps.events.publish('users.changed', { userIds: [actor.id] });
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw notFound(msg`User not found`);
  return { twoFactorEnabled: false, phoneNumber: user.phoneNumber };
}

function presentChallenge(row: TwoFactorCodeRow, now: Date): LoginChallenge {
  return {
    twoFactorRequired: true,
    challengeId: row.id,
    phoneHint: maskPhoneNumber(row.phoneNumber),
    expiresInSeconds: secondsUntil(row.expiresAt, now),
    resendAfterSeconds: secondsUntil(new Date(row.sentAt.getTime() + L.codeResendMs), now),
  };
}

/** The password was right and the account has 2FA on: send a code to the stored phone. */
export async function startLoginChallenge(deps: AppDeps, user: UserRow): Promise<LoginChallenge> {
  if (!user.phoneNumber) {
    throw new AppError('FORBIDDEN', msg`Two-factor authentication is on but no phone number is set. Please ask an administrator.`);
  }
  const now = deps.clock.now();
  if ((await countCodesSince(deps.db, user.id, 'login', new Date(now.getTime() - 3_600_000))) >= LOGIN_CODES_PER_HOUR) {
    throw new AppError('RATE_LIMITED', msg`Too many sign-in codes were sent to this account. Please try again later.`, {
      retryAfterSeconds: 3600,
    });
  }
  const code = newCode();
  const row = await insertCode(deps.db, {
    userId: user.id,
    purpose: 'login',
    phoneNumber: user.phoneNumber,
    codeHash: await hashSecret(code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + L.codeTtlMs),
  });
  await deliverCode(deps, user.phoneNumber, smsText(code, 'login', user.language), () => deleteCode(deps.db, row.id));
  return presentChallenge(row, now);
}

async function liveLoginChallenge(deps: AppDeps, challengeId: string): Promise<TwoFactorCodeRow> {
  const row = await findCode(deps.db, challengeId);
  const now = deps.clock.now();
  if (!row || row.purpose !== 'login') throw signInEnded();
  if (row.createdAt.getTime() + L.loginChallengeTtlMs <= now.getTime()) throw signInEnded();
  return row;
}

/** `POST /api/auth/login/verify`: the code completes the sign-in. */
export async function verifyLoginChallenge(deps: AppDeps, input: LoginVerifyRequest, meta: RequestMeta): Promise<LoginSuccess> {
  const row = await liveLoginChallenge(deps, input.challengeId);
  if (row.consumedAt && row.attempts < L.codeMaxAttempts) throw signInEnded();
  await checkCode(deps, row, input.code, {
    onExhausted: () => signInEnded(msg`Too many wrong codes. Please sign in again.`),
    onExpired: () => invalidCode(msg`The code has expired. Please ask for a new code.`),
  });
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.status !== 'active' || !user.twoFactorEnabled) throw signInEnded();
  return openSession(deps, user, meta);
}

/** `POST /api/auth/login/resend`: a new code for the same sign-in, after the cooldown. */
export async function resendLoginCode(deps: AppDeps, input: LoginResendRequest): Promise<LoginChallenge> {
  const row = await liveLoginChallenge(deps, input.challengeId);
  if (row.consumedAt) throw signInEnded();
  const now = deps.clock.now();
  const resendAt = new Date(row.sentAt.getTime() + L.codeResendMs);
  if (resendAt > now) {
    const seconds = secondsUntil(resendAt, now);
    throw new AppError('RATE_LIMITED', msg`Please wait ${seconds} seconds before asking for a new code.`, { retryAfterSeconds: seconds });
  }
  if (row.sendCount >= L.loginChallengeMaxSends) throw signInEnded(msg`Too many codes for this sign-in. Please sign in again.`);
  const code = newCode();
  const updated = await replaceCode(
    deps.db,
    row.id,
    { codeHash: await hashSecret(code), sentAt: now, expiresAt: new Date(now.getTime() + L.codeTtlMs) },
    new Date(now.getTime() - L.codeResendMs),
  );
  if (!updated) throw new AppError('RATE_LIMITED', msg`A new code was just sent. Please wait before asking again.`, { retryAfterSeconds: 60 });
  // A failed send leaves the challenge as it was before, minus the old code; the user may resend.
  const language = (await findUserById(deps.db, updated.userId))?.language;
  await deliverCode(deps, updated.phoneNumber, smsText(code, 'login', language), async () => {});
  return presentChallenge(updated, now);
}
