import { msg } from '@lingui/core/macro';
import crypto from 'node:crypto';
import { SECURITY_LIMITS } from '@bantay/shared';
import { verifySecret } from './passwords.ts';
import { AppError } from './app-error.ts';
import type { Text } from './i18n.ts';

/**
 * The rules of a one-time SMS code (docs/product.md §4.12), shared by 2FA (modules/two-factor) and the
 * resident sign-up (modules/residents): six random digits, stored as an argon2id hash, a limited
 * number of attempts spent before each comparison, single use.
 */

export function newOneTimeCode(): string {
  return String(crypto.randomInt(0, 10 ** SECURITY_LIMITS.codeLength)).padStart(SECURITY_LIMITS.codeLength, '0');
}

/** The columns every code table has. */
export interface OneTimeCodeRow {
  id: string;
  phoneNumber: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

export interface OneTimeCodeStore<Row extends OneTimeCodeRow> {
  /** Spends one attempt atomically; undefined when used, expired or out of attempts. */
  spendAttempt(id: string, now: Date, maxAttempts: number): Promise<Row | undefined>;
  /** Marks the code used; false when another request used it first. */
  consume(id: string, now: Date): Promise<boolean>;
}

export const invalidCodeError = (message: Text = msg`Invalid verification code`) =>
  new AppError('INVALID_CODE', message, { fields: [{ field: 'code', message }] });

/**
 * Checks a submitted code against a row: spends an attempt first (so parallel guesses cannot
 * exceed the limit), then compares. The code must also belong to `phoneNumber` when given.
 * Returns normally only for the right code, which is then used up, unless `deferConsume` is set:
 * then the caller marks it used in its own transaction, so a failure there (an email already
 * taken) leaves the code usable for a corrected retry.
 */
export async function checkOneTimeCode<Row extends OneTimeCodeRow>(
  store: OneTimeCodeStore<Row>,
  row: Row,
  code: string,
  options: { now: Date; phoneNumber?: string; deferConsume?: boolean; onExhausted: () => AppError; onExpired: () => AppError },
): Promise<void> {
  const { now } = options;
  const max = SECURITY_LIMITS.codeMaxAttempts;
  if (row.consumedAt) throw row.attempts >= max ? options.onExhausted() : invalidCodeError();
  if (row.expiresAt <= now) throw options.onExpired();
  const spent = await store.spendAttempt(row.id, now, max);
  if (!spent) throw options.onExhausted();
  const matches = (await verifySecret(spent.codeHash, code)) && (!options.phoneNumber || options.phoneNumber === spent.phoneNumber);
  if (!matches) {
    if (spent.attempts >= max) {
      await store.consume(row.id, now);
      throw options.onExhausted();
    }
    throw invalidCodeError();
  }
  if (options.deferConsume) return;
  if (!(await store.consume(row.id, now))) throw invalidCodeError();
}
