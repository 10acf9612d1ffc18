import { describe, expect, it } from 'vitest';
import type { BlotterValues } from '@bantay/shared';
import { changedValues, toEntryInput, toEntryValues } from './entry-input.ts';

const entry: BlotterValues = {
  occurredAt: '2026-05-31T05:30:00.000Z',
  place: 'Purok 3',
  nature: 'Noise complaint',
  complainants: [{ name: 'Rosa Mendoza', address: null, phone: '+639175551001' }],
  respondents: [],
  narrative: 'Loud videoke.',
  actionTaken: 'Advised.',
  status: 'recorded',
  referredTo: null,
};

describe('the entry form', () => {
  it('shows times on the barangay clock and sends them back as the same instant', () => {
    const input = toEntryInput(entry, 'Asia/Manila');
    expect(input.occurredAt).toBe('2026-05-31T13:30');
    expect(new Date(toEntryValues(input, 'Asia/Manila').occurredAt!).toISOString()).toBe(entry.occurredAt);
  });

  it('an amendment carries only what changed, and a status with its referral', () => {
    const input = { ...toEntryInput(entry, 'Asia/Manila'), place: 'Purok 4', status: 'referred' as const, referredTo: 'lupon' as const };
    expect(changedValues(entry, toEntryValues(input, 'Asia/Manila'))).toEqual({ place: 'Purok 4', status: 'referred', referredTo: 'lupon' });
    expect(changedValues(entry, toEntryValues(toEntryInput(entry, 'Asia/Manila'), 'Asia/Manila'))).toEqual({});
  });
});
