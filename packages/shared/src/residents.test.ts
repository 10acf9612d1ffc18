import { describe, expect, it } from 'vitest';
import { PIN_MESSAGES, weakPinProblem } from './limits.ts';
import { residentSignupRequestSchema } from './residents.ts';
import { normalizeTicket } from './limits.ts';

describe('choosing a PIN', () => {
  it.each(['111111', '000000', '123456', '654321', '890123', '210987', '121212', '123123', '456456'])(
    'a resident cannot choose the easy PIN %s',
    (pin) => {
      expect(weakPinProblem(pin)).toBe(PIN_MESSAGES.weak);
    },
  );
  it.each(['482916', '730415', '112358', '902184'])('a resident may choose %s', (pin) => {
    expect(weakPinProblem(pin)).toBeNull();
  });
  it.each(['12345', '1234567', '12a456', ''])('"%s" is not a 6-digit PIN', (pin) => {
    expect(weakPinProblem(pin)).toBe(PIN_MESSAGES.format);
  });
  it('the confirmation must match, and the error names pinConfirm', () => {
    const result = residentSignupRequestSchema.safeParse({
      firstName: 'Ana',
      lastName: 'Santos',
      birthday: '1990-02-03',
      address: 'Purok 2',
      phoneNumber: '09171234567',
      code: '123456',
      pin: '482916',
      pinConfirm: '482917',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['pinConfirm']);
  });
});

describe('typing a ticket', () => {
  it.each([
    ['IR-7K3F-9QXM', 'IR-7K3F-9QXM'],
    [' ir-7k3f-9qxm ', 'IR-7K3F-9QXM'],
    ['ER 7K3F 9QXM', 'ER-7K3F-9QXM'],
    ['er7k3f9qxm', 'ER-7K3F-9QXM'],
  ])('"%s" is read as %s', (input, ticket) => {
    expect(normalizeTicket(input)).toBe(ticket);
  });
  it.each(['', 'XR-7K3F-9QXM', 'IR-7K3F-9QX', 'IR-OOOO-1111', 'IR-7K3F-9QXM-1'])('"%s" is not a ticket', (input) => {
    expect(normalizeTicket(input)).toBeNull();
  });
});
