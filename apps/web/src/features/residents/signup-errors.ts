import { t } from '@lingui/core/macro';
import { SECURITY_LIMITS } from '@bantay/shared/limits';
import { ApiError } from '@/lib/api-client.ts';
import { BotCheckError } from '@/lib/bot-check.ts';
import { RESIDENT_TEXTS } from './residents-api.ts';

export type SignupField =
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'birthday'
  | 'address'
  | 'phoneNumber'
  | 'code'
  | 'pin'
  | 'pinConfirm'
  | 'email'
  | 'homePurok'
  | 'homePin';

const SIGNUP_FIELDS: readonly string[] = ['firstName', 'middleName', 'lastName', 'birthday', 'address', 'phoneNumber', 'code', 'pin', 'pinConfirm', 'email', 'homePurok', 'homePin'];

/** The home's pin is one field on the form, its latitude and longitude two on the server (`homePin.lat`). */
const formField = (field: string) => (field.startsWith('homePin.') ? 'homePin' : field);

/** The text of a failed Send Code, shown under the mobile number field. */
export function sendCodeErrorText(error: unknown): string {
  if (error instanceof BotCheckError) {
    return error.reason === 'expired' ? RESIDENT_TEXTS.botCheckExpired : RESIDENT_TEXTS.botCheckSetup;
  }
  if (!(error instanceof ApiError)) return RESIDENT_TEXTS.sendFailed;
  if (error.code === 'BOT_CHECK_FAILED') {
    return /expired/i.test(error.message) ? RESIDENT_TEXTS.botCheckExpired : RESIDENT_TEXTS.botCheckSetup;
  }
  const phoneField = error.fields.find((field) => field.field === 'phoneNumber');
  if (phoneField) return phoneField.message;
  // Cooldown and hourly limit ("Please wait 42 seconds …"), an unreadable number, a network failure.
  if (error.isNetwork || error.code === 'RATE_LIMITED' || error.code === 'INVALID_PHONE_NUMBER') return error.message;
  return RESIDENT_TEXTS.sendFailed;
}

/**
 * Where the server's answer to a failed sign-up belongs: next to each named field, or (for a
 * failure with no field) above the form. "Too many wrong codes" names no field but is about the
 * code, so it goes under the code.
 */
export function signupFailure(error: unknown): { fields: { field: SignupField; message: string }[]; general: string | null } {
  if (!(error instanceof ApiError)) return { fields: [], general: RESIDENT_TEXTS.somethingWrong };
  const fields = error.fields
    .filter((item) => SIGNUP_FIELDS.includes(formField(item.field)))
    .map((item) => ({ field: formField(item.field) as SignupField, message: item.message }));
  if (fields.length > 0) return { fields, general: null };
  if (error.code === 'INVALID_CODE' || (error.code === 'RATE_LIMITED' && /code/i.test(error.message))) {
    return { fields: [{ field: 'code', message: error.message }], general: null };
  }
  if (error.code === 'INVALID_PHONE_NUMBER') return { fields: [{ field: 'phoneNumber', message: error.message }], general: null };
  if (error.isNetwork || error.status < 500) return { fields: [], general: error.message };
  return { fields: [], general: RESIDENT_TEXTS.somethingWrong };
}

/** Why a chosen photo cannot be used (the server checks the content again), or null. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(SECURITY_LIMITS.photoTypes as readonly string[]).includes(file.type)) return t`Choose a JPEG, PNG or WebP photo`;
  if (file.size > SECURITY_LIMITS.photoMaxBytes) return t`The photo is larger than 5 MB`;
  return null;
}
