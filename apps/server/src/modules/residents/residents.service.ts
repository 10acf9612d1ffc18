import { msg, plural, t } from '@lingui/core/macro';
import { currentLocale, translate, withLocale } from '../../lib/i18n.ts';
import crypto from 'node:crypto';
import {
  forgotPinAnswer,
  RESIDENT_LIMITS,
  SECURITY_LIMITS,
  type CodeSent,
  type LoginSuccess,
  type ResidentForgotPinRequest,
  type ResidentLoginRequest,
  type ResidentResetPinRequest,
  type ResidentSendCodeRequest,
  type ResidentSignupInput,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { OutsideServiceError } from '../../adapters/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkOneTimeCode, invalidCodeError, newOneTimeCode } from '../../lib/one-time-code.ts';
import { openSession, type RequestMeta } from '../auth/index.ts';
import { hashSecret, verifyAgainstDummy, verifySecret } from '../../lib/passwords.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { verifyBotCheck } from '../bot-check/index.ts';
import { normalizePhoneNumber } from '../../lib/phone.ts';
import { findUserById, insertUser, updateUser } from '../users/index.ts';
import { enqueueDeliveries } from '../deliveries/index.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import {
  consumePhoneCode,
  countPhoneCodesSince,
  countPinResetTokensSince,
  deletePhoneCode,
  emailTaken,
  findActiveResidentByEmail,
  findLatestPhoneCode,
  findLivePinResetToken,
  findResidentByPhone,
  insertPhoneCode,
  insertPinResetToken,
  retirePinResetTokens,
  spendPhoneCodeAttempt,
  supersedePhoneCodes,
  usePinResetToken,
} from './residents.repository.ts';

const L = SECURITY_LIMITS;
const HOUR_MS = 3_600_000;
/** Reset links sent for one account in an hour; further requests get the same answer, silently. */
const RESET_LINKS_PER_HOUR = 3;

const invalidPhone = () =>
  new AppError('INVALID_PHONE_NUMBER', msg`Please enter a valid mobile number`, {
    fields: [{ field: 'phoneNumber', message: msg`Please enter a valid mobile number` }],
  });
const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', msg`Incorrect mobile number or PIN`);
const invalidResetToken = () => new AppError('INVALID_RESET_TOKEN', msg`This reset link is invalid, used or expired. Please ask for a new one.`);
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const secondsUntil = (later: Date, now: Date) => Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));

/**
 * `POST /api/residents/send-code`: proves a mobile number before sign-up. A number that already
 * has an account gets an SMS saying so instead of a code, and the answer is the same, so the
 * call cannot be used to learn who is registered.
 */
export async function sendResidentSignupCode(deps: AppDeps, input: ResidentSendCodeRequest, meta: RequestMeta): Promise<CodeSent> {
  const phoneNumber = normalizePhoneNumber(input.phoneNumber, { mobileOnly: true });
  if (!phoneNumber) throw invalidPhone();
  const now = deps.clock.now();
  const latest = await findLatestPhoneCode(deps.db, phoneNumber);
  const resendAt = latest ? new Date(latest.sentAt.getTime() + L.codeResendMs) : null;
  if (resendAt && resendAt > now) {
    const seconds = secondsUntil(resendAt, now);
    throw new AppError('RATE_LIMITED', msg`Please wait ${seconds} seconds before asking for a new code.`, { retryAfterSeconds: seconds });
  }
  if ((await countPhoneCodesSince(deps.db, phoneNumber, new Date(now.getTime() - HOUR_MS))) >= L.codeSendsPerHour) {
    throw new AppError('RATE_LIMITED', msg`Too many codes were sent to this number. Please try again in an hour.`, { retryAfterSeconds: 3600 });
  }
  // Last of the checks, because it spends the payload.
  await verifyBotCheck(deps, input.botCheck, meta.ip);
  const answer: CodeSent = { phoneNumber, expiresInSeconds: L.codeTtlMs / 1000, resendAfterSeconds: L.codeResendMs / 1000 };

  const existing = await findResidentByPhone(deps.db, phoneNumber);
  const code = newOneTimeCode();
  // A row is stored either way, so the cooldown and the hourly limit also hold for registered numbers.
  const row = await inTransaction(deps.db, async (tx) => {
    await supersedePhoneCodes(tx, phoneNumber, now);
    return insertPhoneCode(tx, {
      phoneNumber,
      codeHash: await hashSecret(existing ? crypto.randomBytes(16).toString('hex') : code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + L.codeTtlMs),
    });
  });
  // In the account's language, else the language of the page asking (decision 029).
  const link = `${deps.config.publicUrl}/`;
  const text = existing
    ? translate(msg`Bantay: this number already has a resident account. Sign in with your PIN, or reset it at ${link} if you forgot it.`, existing.language ?? currentLocale())
    : translate(msg`Bantay: your sign-up code is ${code}. It expires in 5 minutes. Never share it with anyone.`);
  try {
    await deps.sms.send({ to: phoneNumber, text });
  } catch (error) {
    await deletePhoneCode(deps.db, row.id);
    if (error instanceof OutsideServiceError) {
      const failure = new AppError('UPSTREAM_FAILED', msg`We could not send the verification code. Please try again.`);
      failure.cause = error;
      throw failure;
    }
    throw error;
  }
  return answer;
}

/** `POST /api/residents/signup`: the code proves the number; the account is created and signed in. */
export async function signUpResident(deps: AppDeps, input: ResidentSignupInput, meta: RequestMeta): Promise<LoginSuccess> {
  const phoneNumber = normalizePhoneNumber(input.phoneNumber, { mobileOnly: true });
  if (!phoneNumber) throw invalidPhone();
  const now = deps.clock.now();
  const birthday = new Date(`${input.birthday}T00:00:00Z`);
  if (birthday > now || birthday.getUTCFullYear() < 1900) {
    throw new AppError('VALIDATION_FAILED', msg`Enter your real birthday`, { fields: [{ field: 'birthday', message: msg`Enter your real birthday` }] });
  }
  const row = await findLatestPhoneCode(deps.db, phoneNumber);
  if (!row) throw invalidCodeError();
  const store = {
    spendAttempt: (id: string, at: Date, max: number) => spendPhoneCodeAttempt(deps.db, id, at, max),
    consume: (id: string, at: Date) => consumePhoneCode(deps.db, id, at),
  };
  // The code is marked used in the same transaction as the insert: an email already taken can be
  // corrected and sent again with the same code.
  await checkOneTimeCode(store, row, input.code, {
    now,
    phoneNumber,
    deferConsume: true,
    onExhausted: () => new AppError('RATE_LIMITED', msg`Too many wrong codes. Please send a new code.`),
    onExpired: () => invalidCodeError(msg`The verification code has expired. Please send a new code.`),
  });
  if (input.email && (await emailTaken(deps.db, input.email))) throw emailConflict();
  const pinHash = await hashSecret(input.pin);
  let user: UserRow;
  try {
    user = await inTransaction(deps.db, async (tx) => {
      if (!(await consumePhoneCode(tx, row.id, now))) throw invalidCodeError();
      return insertUser(tx, {
        firstName: input.firstName,
        middleName: input.middleName ?? null,
        lastName: input.lastName,
        birthday: input.birthday,
        address: input.address,
        phoneNumber,
        email: input.email ?? null,
        // Where a text or missed call from this number becomes a report (docs/decisions/032-the-text-line.md).
        homePurok: input.homePurok ?? null,
        homeLat: input.homePurok ? (input.homePin?.lat ?? null) : null,
        homeLng: input.homePurok ? (input.homePin?.lng ?? null) : null,
        userType: 'resident',
        pinHash,
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.includes('email')) throw emailConflict();
    if (constraint) {
      throw new AppError('CONFLICT', msg`This mobile number already has an account. Sign in instead.`, {
        fields: [{ field: 'phoneNumber', message: msg`This mobile number already has an account` }],
      });
    }
    throw error;
  }
  return openSession(deps, user, meta);
}

function emailConflict(): AppError {
  return new AppError('CONFLICT', msg`This email address is already used by another account`, {
    fields: [{ field: 'email', message: msg`This email address is already used by another account` }],
  });
}

/** `POST /api/residents/login`: mobile number and PIN; five wrong PINs in 15 minutes lock for 15 minutes. */
export async function loginResident(deps: AppDeps, input: ResidentLoginRequest, meta: RequestMeta): Promise<LoginSuccess> {
  const now = deps.clock.now();
  const phoneNumber = normalizePhoneNumber(input.phoneNumber);
  const user = phoneNumber ? await findResidentByPhone(deps.db, phoneNumber) : undefined;
  if (!user?.pinHash) {
    await verifyAgainstDummy(input.pin);
    throw invalidCredentials();
  }
  if (user.lockedUntil && user.lockedUntil > now) throw pinLocked(user.lockedUntil, now);
  if (!(await verifySecret(user.pinHash, input.pin))) {
    const lockedUntil = await recordPinFailure(deps, user, now);
    if (lockedUntil) throw pinLocked(lockedUntil, now);
    throw invalidCredentials();
  }
  // Checked only after the PIN, so a guesser cannot learn which accounts are deactivated.
  if (user.status !== 'active') {
    throw new AppError('ACCOUNT_DEACTIVATED', msg`This account has been deactivated. Please contact the barangay.`);
  }
  return openSession(deps, user, meta);
}

function pinLocked(until: Date, now: Date): AppError {
  const seconds = secondsUntil(until, now);
  const minutes = Math.ceil(seconds / 60);
  return new AppError('ACCOUNT_LOCKED', msg`Too many wrong PINs. Try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`, {
    retryAfterSeconds: seconds,
  });
}

/** The staff rule (auth.service) with the residents' numbers: 5 failures in 15 minutes lock for 15 minutes. */
async function recordPinFailure(deps: AppDeps, user: UserRow, now: Date): Promise<Date | null> {
  const windowOpen =
    user.failedLoginWindowStart && now.getTime() - user.failedLoginWindowStart.getTime() < RESIDENT_LIMITS.pinFailureWindowMs;
  const count = windowOpen ? user.failedLoginCount + 1 : 1;
  if (count >= RESIDENT_LIMITS.pinMaxFailures) {
    const lockedUntil = new Date(now.getTime() + RESIDENT_LIMITS.pinLockMs);
    await updateUser(deps.db, user.id, { failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil });
    return lockedUntil;
  }
  await updateUser(deps.db, user.id, { failedLoginCount: count, failedLoginWindowStart: windowOpen ? user.failedLoginWindowStart : now });
  return null;
}

/**
 * `POST /api/residents/forgot-pin`: a link by SMS (number) or email. The answer is the same, and
 * as quick, whether or not the account exists: the message is written as a delivery and sent
 * after the answer by the delivery worker (decision 016), never awaited.
 */
export async function requestPinReset(deps: AppDeps, input: ResidentForgotPinRequest): Promise<{ ok: true; message: string }> {
  const answer = { ok: true as const, message: forgotPinAnswer() };
  let user: UserRow | undefined;
  if (input.phoneNumber) {
    const phoneNumber = normalizePhoneNumber(input.phoneNumber);
    const found = phoneNumber ? await findResidentByPhone(deps.db, phoneNumber) : undefined;
    user = found?.status === 'active' ? found : undefined;
  } else if (input.email) {
    user = await findActiveResidentByEmail(deps.db, input.email);
  }
  if (!user) return answer;
  const now = deps.clock.now();
  if ((await countPinResetTokensSince(deps.db, user.id, new Date(now.getTime() - HOUR_MS))) >= RESET_LINKS_PER_HOUR) return answer;
  const token = crypto.randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}/reset-pin/${token}`;
  // The token and its message commit together: a link is never stored without being sent, nor sent
  // for a token that was rolled back. The kind names the message, never the token.
  await inTransaction(deps.db, async (tx, afterCommit) => {
    await insertPinResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESIDENT_LIMITS.resetTokenTtlMs),
      now,
    });
    if (input.phoneNumber && user.phoneNumber) {
      await enqueueDeliveries(deps, tx, afterCommit, [
        {
          channel: 'sms',
          userId: user.id,
          to: user.phoneNumber,
          kind: 'account.pin_reset',
          // In the resident's account language (decision 029).
          payload: { text: translate(msg`Bantay: to choose a new PIN, open ${link} within 1 hour. It works once. Ignore this if you did not ask.`, user.language ?? 'en') },
        },
      ]);
    } else if (user.email) {
      await enqueueDeliveries(deps, tx, afterCommit, [
        {
          channel: 'email',
          userId: user.id,
          to: user.email,
          kind: 'account.pin_reset',
          // In the resident's account language (decision 029).
          payload: withLocale(user.language ?? 'en', () => {
            const firstName = user.firstName;
            return {
              subject: t`Reset your Bantay PIN`,
              text:
                [
                  t`Hello ${firstName},`,
                  '',
                  t`Someone (hopefully you) asked to reset the PIN of your Bantay resident account.`,
                  t`Open this link within 1 hour to choose a new PIN. It works once:`,
                  '',
                  link,
                  '',
                  t`If you did not ask for this, ignore this email: your PIN stays as it is.`,
                ].join('\n') + '\n',
            };
          }),
        },
      ]);
    }
  });
  return answer;
}

/** Tells the reset page whether to show the form or "ask for a new link". */
export async function checkPinResetToken(deps: AppDeps, token: string): Promise<{ valid: boolean }> {
  return { valid: Boolean(await findLivePinResetToken(deps.db, hashToken(token), deps.clock.now())) };
}

/** `POST /api/residents/reset-pin`: sets the PIN, lifts a lockout, ends every session of the resident. */
export async function resetPin(deps: AppDeps, input: ResidentResetPinRequest): Promise<{ ok: true }> {
  const now = deps.clock.now();
  const tokenHash = hashToken(input.token);
  const live = await findLivePinResetToken(deps.db, tokenHash, now);
  if (!live) throw invalidResetToken();
  const user = await findUserById(deps.db, live.userId);
  if (!user || user.status !== 'active' || user.userType !== 'resident') throw invalidResetToken();
  const pinHash = await hashSecret(input.pin);
  await inTransaction(deps.db, async (tx, afterCommit) => {
    if (!(await usePinResetToken(tx, tokenHash, now))) throw invalidResetToken();
    await retirePinResetTokens(tx, user.id, now);
    await updateUser(tx, user.id, { pinHash, failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null, updatedAt: now });
    const sessionIds = await revokeUserSessions(tx, user.id, now);
    if (sessionIds.length > 0) afterCommit(() => deps.events.publish('sessions.revoked', { sessionIds }));
  });
  return { ok: true };
}
