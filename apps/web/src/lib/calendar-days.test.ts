import { describe, expect, it } from 'vitest';
import { addDaysTo, dayForKey, longDate, monthOf, monthTitle, monthWeeks, sameDayInMonth, weekdayOf } from './calendar-days.ts';

describe('the calendar day arithmetic', () => {
  it('moves across month and year ends by whole days', () => {
    expect(addDaysTo('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2028-03-01', -1)).toBe('2028-02-29');
    expect(monthOf('2026-12-15', 1)).toBe('2027-01-01');
    expect(monthOf('2026-01-15', -1)).toBe('2025-12-01');
  });

  it('keeps the day of the month when paging, clamped to the shorter month', () => {
    expect(sameDayInMonth('2026-01-31', 1)).toBe('2026-02-28');
    expect(sameDayInMonth('2028-01-31', 1)).toBe('2028-02-29');
    expect(sameDayInMonth('2026-03-15', -1)).toBe('2026-02-15');
  });

  it('lays a month out in whole Sunday-first weeks', () => {
    const weeks = monthWeeks('2026-11-26');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toBe('2026-11-01');
    expect(weeks.at(-1)!.at(-1)).toBe('2026-12-05');
    expect(weeks.flat().every((day, i, all) => i === 0 || day === addDaysTo(all[i - 1]!, 1))).toBe(true);
    // February 2026 starts on a Sunday and fills exactly four weeks.
    expect(monthWeeks('2026-02-10')).toHaveLength(4);
    expect(weekdayOf('2026-02-01')).toBe(0);
  });

  it('maps the grid keys of WAI-ARIA to days', () => {
    expect(dayForKey('2026-11-26', 'ArrowLeft')).toBe('2026-11-25');
    expect(dayForKey('2026-11-26', 'ArrowRight')).toBe('2026-11-27');
    expect(dayForKey('2026-11-26', 'ArrowUp')).toBe('2026-11-19');
    expect(dayForKey('2026-11-26', 'ArrowDown')).toBe('2026-12-03');
    expect(dayForKey('2026-11-26', 'Home')).toBe('2026-11-22');
    expect(dayForKey('2026-11-26', 'End')).toBe('2026-11-28');
    expect(dayForKey('2026-11-26', 'PageUp')).toBe('2026-10-26');
    expect(dayForKey('2026-11-26', 'PageDown')).toBe('2026-12-26');
    expect(dayForKey('2026-11-26', 'a')).toBeNull();
  });

  it('names days and months whatever the device zone', () => {
    expect(longDate('2026-11-26')).toBe('Thursday, November 26, 2026');
    expect(monthTitle('2026-11-26')).toBe('November 2026');
  });
});
