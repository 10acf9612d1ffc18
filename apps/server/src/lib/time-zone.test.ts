import { describe, expect, it } from 'vitest';
import { dayIn, formatInZone, isKnownTimeZone, nextDay, startOfDayIn } from './time-zone.ts';

describe('the barangay time zone helper', () => {
  it("reads an instant on the zone's clocks, whatever the server's own zone", () => {
    const at = new Date('2026-11-25T17:30:00Z');
    expect(dayIn('Asia/Manila', at)).toBe('2026-11-26');
    expect(dayIn('UTC', at)).toBe('2026-11-25');
    expect(formatInZone('Asia/Manila', at)).toBe('Nov 26, 2026, 01:30');
    expect(formatInZone('Asia/Manila', at, 'EEE d MMM HH:mm')).toBe('Thu 26 Nov 01:30');
  });

  it('finds the first instant of a day, also where clocks skip midnight', () => {
    expect(startOfDayIn('Asia/Manila', '2026-11-26').toISOString()).toBe('2026-11-25T16:00:00.000Z');
    // Santiago moves from 00:00 (UTC-4) straight to 01:00 (UTC-3): the day begins at 01:00.
    expect(startOfDayIn('America/Santiago', '2026-09-06').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('knows IANA zone names and refuses others', () => {
    expect(isKnownTimeZone('Asia/Manila')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
