import { describe, expect, it } from 'vitest';
import { PIN_MESSAGES, RESIDENT_LIMITS, weakPinProblem as serverWeakPinProblem } from '@bantay/shared';
import { digitsOnly, newPinProblem, PIN_LENGTH, PIN_TEXTS, pinConfirmProblem, weakPinProblem } from './pin-rules.ts';

describe('the PIN rules the browser mirrors', () => {
  it('use the shared messages and length', () => {
    expect(PIN_TEXTS).toEqual(PIN_MESSAGES);
    expect(PIN_LENGTH).toBe(RESIDENT_LIMITS.pinLength);
  });

  it('judge every one of the million 6-digit PINs exactly as the server does', () => {
    const differences: string[] = [];
    for (let n = 0; n < 1_000_000; n += 1) {
      const pin = String(n).padStart(6, '0');
      if (weakPinProblem(pin) !== serverWeakPinProblem(pin)) differences.push(pin);
    }
    expect(differences).toEqual([]);
  });

  it.each(['abc', '12345', '1234567', ' 48291', '48291a'])('"%s" is not a PIN', (pin) => {
    expect(weakPinProblem(pin)).toBe(PIN_TEXTS.format);
    expect(weakPinProblem(pin)).toBe(serverWeakPinProblem(pin));
  });
});

describe('a new PIN chosen twice', () => {
  it.each([
    ['', PIN_TEXTS.required],
    ['111111', PIN_TEXTS.weak],
    ['123456', PIN_TEXTS.weak],
    ['987654', PIN_TEXTS.weak],
    ['890123', PIN_TEXTS.weak],
    ['121212', PIN_TEXTS.weak],
    ['482482', PIN_TEXTS.weak],
    ['48291', PIN_TEXTS.format],
    ['482916', null],
  ])('"%s" gives %s', (pin, problem) => {
    expect(newPinProblem(pin)).toBe(problem);
  });

  it('the confirmation must be given and match', () => {
    expect(pinConfirmProblem('482916', '')).toBe('Enter the PIN again');
    expect(pinConfirmProblem('482916', '482917')).toBe(PIN_TEXTS.mismatch);
    expect(pinConfirmProblem('482916', '482916')).toBeNull();
  });

  it('PIN and code fields keep digits only, up to their length', () => {
    expect(digitsOnly('48 29-16')).toBe('482916');
    expect(digitsOnly('4829167')).toBe('482916');
    expect(digitsOnly('12ab', 6)).toBe('12');
  });
});
