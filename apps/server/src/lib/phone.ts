import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number as typed (`0917 123 4567`, `+639171234567`, `639171234567`) in E.164, with the
 * Philippines as the default country; null when it is not a real number. With `mobileOnly`,
 * landlines are refused too, since they cannot receive a code.
 */
export function normalizePhoneNumber(input: string, options: { mobileOnly?: boolean } = {}): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'PH');
  if (!parsed || !parsed.isValid()) return null;
  if (options.mobileOnly) {
    const type = parsed.getType();
    if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  }
  return parsed.number;
}

/** `+639171234567` → `+63•••••••4567`: enough to recognise one's own number, not to learn it. */
export function maskPhoneNumber(e164: string): string {
  const visibleTail = 4;
  const head = e164.startsWith('+63') ? 3 : Math.min(3, e164.length - visibleTail);
  return `${e164.slice(0, head)}${'•'.repeat(Math.max(0, e164.length - head - visibleTail))}${e164.slice(-visibleTail)}`;
}
