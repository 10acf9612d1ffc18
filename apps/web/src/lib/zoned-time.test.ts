import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { dayKey, formatPeriod, formatTimes, isoToZonedParts, monthGrid, weekDays, zonedToIso } from './zoned-time.ts';

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
