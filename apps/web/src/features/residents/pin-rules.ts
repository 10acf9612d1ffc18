/**
 * The resident PIN rules of `packages/shared` (residents.ts: PIN_MESSAGES, weakPinProblem),
 * mirrored here: that module builds its zod schemas when loaded, and importing one function
 * from it would put zod into these light public pages. `pin-rules.test.ts` checks the copy
 * against the original for every possible PIN.
 */

export const PIN_LENGTH = 6;

export const PIN_TEXTS = {
  required: 'Enter a 6-digit PIN',
  format: 'The PIN must be exactly 6 digits',
  weak: 'This PIN is too easy to guess. Avoid repeated digits and sequences like 123456.',
  mismatch: 'The PINs do not match',
} as const;

/** Why a 6-digit PIN is too easy to guess (same digit, a straight run, a repeated pair or triple), or null. */
export function weakPinProblem(pin: string): string | null {
  if (!/^\d{6}$/.test(pin)) return PIN_TEXTS.format;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, i) => (digit - digits[i]! + 10) % 10);
  const straight = steps.every((step) => step === steps[0]) && (steps[0] === 0 || steps[0] === 1 || steps[0] === 9);
  const repeatedPair = pin === pin.slice(0, 2).repeat(3);
  const repeatedTriple = pin === pin.slice(0, 3).repeat(2);
  return straight || repeatedPair || repeatedTriple ? PIN_TEXTS.weak : null;
}

/** The error of a new PIN field, or null. */
export function newPinProblem(pin: string): string | null {
  if (pin === '') return PIN_TEXTS.required;
  return weakPinProblem(pin);
}

/** The error of the confirmation field, or null. */
export function pinConfirmProblem(pin: string, confirm: string): string | null {
  if (confirm === '') return 'Enter the PIN again';
  return confirm === pin ? null : PIN_TEXTS.mismatch;
}

/** What a PIN or code field keeps of what was typed or pasted: digits only, at most `max`. */
export function digitsOnly(value: string, max = PIN_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, max);
}
