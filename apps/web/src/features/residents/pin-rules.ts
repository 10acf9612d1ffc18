import { t } from '@lingui/core/macro';
import { PIN_MESSAGES, RESIDENT_LIMITS, weakPinProblem } from '@bantay/shared/limits';

/** The web side of the resident PIN rules; the rule itself is the server's (`@bantay/shared/limits`). */

export const PIN_LENGTH = RESIDENT_LIMITS.pinLength;
;

/** The error of a new PIN field, or null. */
export function newPinProblem(pin: string): string | null {
  if (pin === '') return PIN_MESSAGES.required;
  return weakPinProblem(pin);
}

/** The error of the confirmation field, or null. */
export function pinConfirmProblem(pin: string, confirm: string): string | null {
  if (confirm === '') return t`Enter the PIN again`;
  return confirm === pin ? null : PIN_MESSAGES.mismatch;
}

/** What a PIN or code field keeps of what was typed or pasted: digits only, at most `max`. */
export function digitsOnly(value: string, max: number = PIN_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, max);
}
