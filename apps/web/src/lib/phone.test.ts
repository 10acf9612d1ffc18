import { describe, expect, it } from 'vitest';
import { formatMobileNumber, formatPhoneForDisplay, mobileNumberProblem, normalizeMobileNumber, PHONE_TEXTS } from './phone.ts';

describe('mobile numbers as residents type them', () => {
  it.each([
    ['09171234567', '+639171234567'],
    ['0917 123 4567', '+639171234567'],
    ['0917-123-4567', '+639171234567'],
    ['(0917) 123.4567', '+639171234567'],
    ['9171234567', '+639171234567'],
    ['639171234567', '+639171234567'],
    ['+639171234567', '+639171234567'],
    ['+63 917 123 4567', '+639171234567'],
    ['+63 0917 123 4567', '+639171234567'],
    ['  +639170000001  ', '+639170000001'],
  ])('%s is read as %s', (input, e164) => {
    expect(normalizeMobileNumber(input)).toBe(e164);
    expect(mobileNumberProblem(input)).toBeNull();
  });

  it('a number from another country is passed to the server to judge', () => {
    expect(normalizeMobileNumber('+1 415 555 2671')).toBe('+14155552671');
  });

  it.each(['0917123456', '091712345678', '0287654321', '+63287654321', '0917 abc 4567', '+0123456789', '12345'])(
    '%s is refused before any call',
    (input) => {
      expect(normalizeMobileNumber(input)).toBeNull();
      expect(mobileNumberProblem(input)).toBe(PHONE_TEXTS.invalid);
    },
  );

  it('an empty field asks for the number', () => {
    expect(mobileNumberProblem('   ')).toBe(PHONE_TEXTS.required);
  });

  it('a Philippine number is shown back in groups; others as they are', () => {
    expect(formatMobileNumber('+639171234567')).toBe('+63 917 123 4567');
    expect(formatMobileNumber('+14155552671')).toBe('+14155552671');
  });

  it('hotline numbers are grouped for reading', () => {
    expect(formatPhoneForDisplay('+639171230000')).toBe('+63 917 123 0000');
    expect(formatPhoneForDisplay('+63289301234')).toBe('+63 2 8930 1234');
    expect(formatPhoneForDisplay('911')).toBe('911');
  });
});
