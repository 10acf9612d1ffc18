import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { changeRows, fieldErrors, statusText } from './blotter-format.ts';

describe('blotter words', () => {
  it('names a referral with the status', () => {
    expect(statusText('referred', 'lupon')).toBe('Referred · Lupon Tagapamayapa');
    expect(statusText('settled', null)).toBe('Settled');
  });

  it("lists an amendment's changed fields with their values before and after", () => {
    const rows = changeRows(
      { status: 'recorded', referredTo: null, complainants: [{ name: 'Rosa', address: null, phone: '+639175551001' }] },
      { status: 'referred', referredTo: 'vaw_desk', complainants: [] },
      (iso) => iso,
    );
    expect(rows).toEqual([
      { field: 'Status', before: 'Recorded', after: 'Referred' },
      { field: 'Referred to', before: '—', after: 'VAW desk' },
      { field: 'Complainants', before: 'Rosa, +639175551001', after: 'none' },
    ]);
  });

  it("reads the server's field errors without the body's prefix", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'x', [
      { field: 'complainants.0.phone', message: 'Enter a valid phone number' },
      { field: 'changes.place', message: 'Place is required' },
    ]);
    expect(fieldErrors(error)).toEqual({ 'complainants.0.phone': 'Enter a valid phone number', place: 'Place is required' });
  });
});
