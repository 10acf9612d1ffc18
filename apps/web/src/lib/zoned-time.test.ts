import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRange, fromZonedInput, toZonedInput } from './zoned-time.ts';

describe('times in the barangay zone, whatever the device zone', () => {
  it('shows an instant on Manila clocks (UTC+8, no daylight saving)', () => {
    expect(toZonedInput('2026-11-25T09:00:00.000Z', 'Asia/Manila')).toBe('2026-11-25T17:00');
    expect(toZonedInput('2026-11-25T20:30:00.000Z', 'Asia/Manila')).toBe('2026-11-26T04:30');
  });

  it('reads a Manila wall-clock time back as the same instant', () => {
    expect(fromZonedInput('2026-11-25T17:00', 'Asia/Manila')).toBe('2026-11-25T09:00:00.000Z');
    expect(fromZonedInput(toZonedInput('2026-03-01T23:59:00.000Z', 'Asia/Manila'), 'Asia/Manila')).toBe(
      '2026-03-01T23:59:00.000Z',
    );
  });

  it('follows a zone with daylight saving on both sides of the change', () => {
    expect(fromZonedInput('2026-07-01T12:00', 'America/New_York')).toBe('2026-07-01T16:00:00.000Z');
    expect(fromZonedInput('2026-01-01T12:00', 'America/New_York')).toBe('2026-01-01T17:00:00.000Z');
  });

  it('gives null for an empty or malformed value', () => {
    expect(fromZonedInput('', 'Asia/Manila')).toBeNull();
    expect(fromZonedInput('2026-11-25', 'Asia/Manila')).toBeNull();
  });

  it('formats in the zone', () => {
    expect(formatDateTime('2026-11-25T09:00:00.000Z', 'Asia/Manila')).toMatch(/Nov 25, 2026.*5:00\s?PM/);
  });

  it('gives a range on one Manila day with the end time only, and across days in full', () => {
    // 09:00Z–12:00Z is 5 PM–8 PM the same Manila day; 09:00Z–17:00Z ends after midnight there.
    expect(formatRange('2026-11-25T09:00:00.000Z', '2026-11-25T12:00:00.000Z', 'Asia/Manila')).toMatch(
      /^Nov 25, 2026.*5:00\sPM – 8:00\sPM$/,
    );
    expect(formatRange('2026-11-25T09:00:00.000Z', '2026-11-25T17:00:00.000Z', 'Asia/Manila')).toMatch(
      /– Nov 26, 2026.*1:00\sAM$/,
    );
  });
});
