import { t } from '@lingui/core/macro';

/**
 * Mobile numbers as residents type them: `0917 123 4567`, `917-123-4567`, `+63 917 123 4567`,
 * `639171234567`. The server normalises with libphonenumber (too big for these pages); this is a
 * light check so an obvious typo is caught before the round trip, never a second authority: a
 * number from another country (`+1…`) is passed through for the server to judge.
 */

/** The field's errors, in the language on screen when read (getters, so never frozen at import). */
export const PHONE_TEXTS = {
  get required(): string {
    return t`Enter your mobile number`;
  },
  get invalid(): string {
    return t`Enter a mobile number like 0917 123 4567`;
  },
};

const SEPARATORS = /[\s\-().]/g;

/** A Philippine mobile number is 9 followed by nine digits after the country code (+63). */
const philippineMobile = (national: string): string | null => (/^9\d{9}$/.test(national) ? `+63${national}` : null);

/** The number in E.164 (`+639171234567`), or null when it cannot be a mobile number. */
export function normalizeMobileNumber(input: string): string | null {
  const compact = input.trim().replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  if (compact.startsWith('+63')) return philippineMobile(compact.slice(3).replace(/^0/, ''));
  if (compact.startsWith('+')) return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
  if (compact.startsWith('63') && compact.length >= 12) return philippineMobile(compact.slice(2).replace(/^0/, ''));
  if (compact.startsWith('0')) return philippineMobile(compact.slice(1));
  return philippineMobile(compact);
}

/** The field's error text, or null when the number looks right. */
export function mobileNumberProblem(input: string): string | null {
  if (input.trim() === '') return PHONE_TEXTS.required;
  return normalizeMobileNumber(input) ? null : PHONE_TEXTS.invalid;
}

/** `+639171234567` → `+63 917 123 4567`, for showing a number back to the resident. */
export function formatMobileNumber(e164: string): string {
  const match = /^\+63(9\d{2})(\d{3})(\d{4})$/.exec(e164);
  return match ? `+63 ${match[1]} ${match[2]} ${match[3]}` : e164;
}

/**
 * A stored number (E.164 or short, like 911) grouped for reading: `+63 917 123 0000` for a mobile,
 * `+63 2 8930 1234` for a Metro Manila landline; anything else as it is.
 */
export function formatPhoneForDisplay(number: string): string {
  const mobile = formatMobileNumber(number);
  if (mobile !== number) return mobile;
  const manila = /^\+632(\d{4})(\d{4})$/.exec(number);
  return manila ? `+63 2 ${manila[1]} ${manila[2]}` : number;
}
