import { afterEach, describe, expect, it } from 'vitest';
import { format, formatDistance } from 'date-fns';
import { i18n } from '@lingui/core';
import { fil } from '@bantay/shared/date-locale';
import {
  dateLocale,
  dayKey,
  formatDay,
  formatPeriod,
  formatRange,
  formatTimes,
  formatZoned,
  fromZonedInput,
  isoToZonedParts,
  monthGrid,
  toZonedInput,
  weekDays,
  zonedToIso,
} from './zoned-time.ts';

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

describe('dates in the language on screen (decision 029)', () => {
  afterEach(() => i18n.activate('en'));

  const inFilipino = () => {
    i18n.load('fil', {});
    i18n.activate('fil');
  };

  it('keeps English as date-fns writes it', () => {
    expect(dateLocale()).toBeUndefined();
    expect(formatZoned('2026-11-27T04:00:00.000Z', 'EEEE, MMM d, yyyy', MANILA)).toBe('Friday, Nov 27, 2026');
  });

  it('writes month and day names, AM and PM in Filipino', () => {
    inFilipino();
    expect(formatZoned('2026-11-27T04:00:00.000Z', 'MMM d, yyyy', MANILA)).toBe('Nob 27, 2026');
    expect(formatZoned('2026-11-27T04:00:00.000Z', 'EEEE', MANILA)).toBe('Biyernes');
    expect(formatZoned('2026-11-27T04:00:00.000Z', 'EEEE, MMMM d, yyyy', 'UTC')).toBe('Biyernes, Nobyembre 27, 2026');
    expect(formatRange('2026-11-25T09:00:00.000Z', '2026-11-25T17:00:00.000Z', MANILA)).toBe('Miy, Nob 25 · 5:00 PM – Huw, Nob 26 · 1:00 AM');
    expect(weekDays('2026-11-25', MANILA).map((day) => formatDay(day, 'EEE d'))).toEqual([
      'Lin 22',
      'Lun 23',
      'Mar 24',
      'Miy 25',
      'Huw 26',
      'Biy 27',
      'Sab 28',
    ]);
  });

  it('has every month, a plain day number and no English word in the long formats', () => {
    const months = Array.from({ length: 12 }, (_, month) => format(new Date(2026, month, 1), 'MMMM MMM', { locale: fil }));
    expect(months).toEqual([
      'Enero Ene',
      'Pebrero Peb',
      'Marso Mar',
      'Abril Abr',
      'Mayo May',
      'Hunyo Hun',
      'Hulyo Hul',
      'Agosto Ago',
      'Setyembre Set',
      'Oktubre Okt',
      'Nobyembre Nob',
      'Disyembre Dis',
    ]);
    expect(format(new Date(2026, 10, 27, 17, 5), 'do PPPPp', { locale: fil })).toBe('27 Biyernes, Nobyembre 27, 2026, 5:05 PM');
  });

  it('says how long ago in Filipino', () => {
    const now = new Date(2026, 10, 27, 12, 0);
    expect(formatDistance(new Date(2026, 10, 27, 11, 55), now, { locale: fil, addSuffix: true })).toBe('5 minuto ang nakalipas');
    expect(formatDistance(new Date(2026, 10, 27, 15, 0), now, { locale: fil, addSuffix: true })).toBe('sa loob ng mga 3 oras');
    expect(formatDistance(new Date(2026, 10, 26, 12, 0), now, { locale: fil })).toBe('1 araw');
  });
});
