import { describe, expect, it } from 'vitest';
import { PIN_MESSAGES } from '@bantay/shared/limits';
import { digitsOnly, newPinProblem, pinConfirmProblem } from './pin-rules.ts';

describe('what is not a PIN', () => {
  it.each(['abc', '12345', '1234567', ' 48291', '48291a'])('"%s" is refused with the format message', (pin) => {
    expect(newPinProblem(pin)).toBe(PIN_MESSAGES.format);
  });
});

describe('a new PIN chosen twice', () => {
  it.each([
    ['', PIN_MESSAGES.required],
    ['111111', PIN_MESSAGES.weak],
    ['123456', PIN_MESSAGES.weak],
    ['987654', PIN_MESSAGES.weak],
    ['890123', PIN_MESSAGES.weak],
    ['121212', PIN_MESSAGES.weak],
    ['482482', PIN_MESSAGES.weak],
    ['48291', PIN_MESSAGES.format],
    ['482916', null],
  ])('"%s" gives %s', (pin, problem) => {
    expect(newPinProblem(pin)).toBe(problem);
  });

  it('the confirmation must be given and match', () => {
    expect(pinConfirmProblem('482916', '')).toBe('Enter the PIN again');
    expect(pinConfirmProblem('482916', '482917')).toBe(PIN_MESSAGES.mismatch);
    expect(pinConfirmProblem('482916', '482916')).toBeNull();
  });

  it('PIN and code fields keep digits only, up to their length', () => {
    expect(digitsOnly('48 29-16')).toBe('482916');
    expect(digitsOnly('4829167')).toBe('482916');
    expect(digitsOnly('12ab', 6)).toBe('12');
  });
});
