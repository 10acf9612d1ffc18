import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { dayKey, formatPeriod, formatRange, formatTimes, fromZonedInput, isoToZonedParts, monthGrid, toZonedInput, weekDays, zonedToIso } from './zoned-time.ts';

const MANILA = 'Asia/Manila';

describe('calendar times in the barangay timezone', () => {
  it('turns a Manila wall-clock time into the instant, whatever the device zone', () => {
    expect(zonedToIso('2026-11-25', '18:00', MANILA)).toBe('2026-11-25T10:00:00.000Z');
    expect(isoToZonedParts('2026-11-25T22:30:00.000Z', MANILA)).toEqual({ day: '2026-11-26', time: '06:30' });
  });

  it('files a night shift under the Manila day it starts', () => {
    expect(dayKey('2026-11-25T10:00:00.000Z', MANILA)).toBe('2026-11-25');
    expect(dayKey('2026-11-25T16:30:00.000Z', MANILA)).toBe('2026-11-26');
  });

  it('shows a night shift across midnight with the next day marked', () => {
    const start = zonedToIso('2026-11-25', '18:00', MANILA);
    const end = zonedToIso('2026-11-26', '06:00', MANILA);
    expect(formatTimes(start, end, MANILA)).toBe('6:00 PM – 6:00 AM (+1)');
    expect(formatPeriod(start, end, MANILA)).toBe('6:00 PM – Thu, Nov 26 · 6:00 AM');
  });

  it('lays out a week from Sunday and a month in whole weeks', () => {
    expect(weekDays('2026-11-25', MANILA).map((day) => format(day, 'EEE d'))).toEqual([
      'Sun 22',
      'Mon 23',
      'Tue 24',
      'Wed 25',
      'Thu 26',
      'Fri 27',
      'Sat 28',
    ]);
    const grid = monthGrid('2026-11-01', MANILA);
    expect(grid).toHaveLength(5);
    expect(format(grid[0]![0]!, 'yyyy-MM-dd')).toBe('2026-11-01');
    expect(format(grid[4]![6]!, 'yyyy-MM-dd')).toBe('2026-12-05');
  });
});

describe('datetime-local inputs in the barangay zone, whatever the device zone', () => {
  it('shows an instant on Manila clocks and reads it back as the same instant', () => {
    expect(toZonedInput('2026-11-25T09:00:00.000Z', 'Asia/Manila')).toBe('2026-11-25T17:00');
    expect(toZonedInput('2026-11-25T20:30:00.000Z', 'Asia/Manila')).toBe('2026-11-26T04:30');
    expect(fromZonedInput('2026-11-25T17:00', 'Asia/Manila')).toBe('2026-11-25T09:00:00.000Z');
  });

  it('follows a zone with daylight saving on both sides of the change', () => {
    expect(fromZonedInput('2026-07-01T12:00', 'America/New_York')).toBe('2026-07-01T16:00:00.000Z');
    expect(fromZonedInput('2026-01-01T12:00', 'America/New_York')).toBe('2026-01-01T17:00:00.000Z');
  });

  it('gives null for an empty or malformed value', () => {
    expect(fromZonedInput('', 'Asia/Manila')).toBeNull();
    expect(fromZonedInput('2026-11-25', 'Asia/Manila')).toBeNull();
  });

  it('gives a range on one Manila day with the end time only, and across days with the end date', () => {
    expect(formatRange('2026-11-25T09:00:00.000Z', '2026-11-25T12:00:00.000Z', 'Asia/Manila')).toBe('Wed, Nov 25 · 5:00 PM – 8:00 PM');
    expect(formatRange('2026-11-25T09:00:00.000Z', '2026-11-25T17:00:00.000Z', 'Asia/Manila')).toBe('Wed, Nov 25 · 5:00 PM – Thu, Nov 26 · 1:00 AM');
  });
});
