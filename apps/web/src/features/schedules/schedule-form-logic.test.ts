import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { checkValues, emptyValues, serverErrors, toCreateRequest } from './schedule-form-logic.ts';

const base = { ...emptyValues('2026-11-25'), patrolAreaId: 'area-1', members: [{ tanodId: 't1', isLeader: true }] };

describe('the schedule form', () => {
  it('asks for an area, members and exactly one leader of two or more', () => {
    expect(checkValues(emptyValues('2026-11-25'))).toEqual({ area: 'Choose a patrol area', members: 'Choose at least one member' });
    const two = { ...base, members: [{ tanodId: 't1', isLeader: false }, { tanodId: 't2', isLeader: false }] };
    expect(checkValues(two).members).toBe('Choose exactly one team leader');
    expect(checkValues(base)).toEqual({});
  });

  it('refuses a custom end not after its start, and a repeat with no weekday', () => {
    expect(checkValues({ ...base, shift: 'custom', startTime: '20:00', endDay: '2026-11-25', endTime: '19:00' }).period).toBe('The end must be after the start');
    expect(checkValues({ ...base, repeat: true, until: '2026-12-01' }).repeat).toBe('Choose at least one weekday');
  });

  it('sends a day shift as its Manila day and a repeat with sorted weekdays', () => {
    const request = toCreateRequest({ ...base, repeat: true, weekdays: [5, 1, 3], until: '2026-12-20' }, 'Asia/Manila');
    expect(request).toMatchObject({
      shift: 'day',
      startsAt: '2026-11-25T04:00:00.000Z',
      endsAt: undefined,
      members: [{ tanodId: 't1', isLeader: true }],
      repeat: { weekdays: [1, 3, 5], until: '2026-12-20' },
    });
  });

  it('puts the server conflict next to the field it names', () => {
    const conflict = new ApiError(409, 'schedule_conflict', 'Andres Mendoza is already on SCH-7K3F9Q', [
      { field: 'members.0.tanodId', message: 'Andres Mendoza is already on SCH-7K3F9Q' },
    ]);
    expect(serverErrors(conflict)).toEqual({ members: 'Andres Mendoza is already on SCH-7K3F9Q' });
    const area = new ApiError(409, 'schedule_conflict', 'Purok 2 is already used by SCH-AB12CD', [{ field: 'patrolAreaId', message: 'Purok 2 is already used by SCH-AB12CD' }]);
    expect(serverErrors(area)).toEqual({ area: 'Purok 2 is already used by SCH-AB12CD' });
  });
});
