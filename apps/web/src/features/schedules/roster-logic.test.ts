import { describe, expect, it } from 'vitest';
import { monthLabel, monthPeriod, periodLabel, rosterRequest, weekPeriod } from './roster-logic.ts';

describe('the roster export periods', () => {
  it('a week is seven days from the first; a month runs to its last day', () => {
    expect(weekPeriod('2026-06-29')).toEqual({ from: '2026-06-29', to: '2026-07-05' });
    expect(monthPeriod('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthPeriod('2028-02-03')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthPeriod('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthLabel('2026-06-09')).toBe('June 2026');
    expect(periodLabel({ from: '2026-06-01', to: '2026-06-07' })).toBe('Jun 1 – 7, 2026');
    expect(periodLabel({ from: '2026-06-29', to: '2026-07-05' })).toBe('Jun 29 – Jul 5, 2026');
  });

  it('asks the server for the chosen format, and names the field of a bad period', () => {
    expect(rosterRequest({ from: '2026-06-01', to: '2026-06-30' }, 'csv')).toEqual({ path: '/api/schedules/roster.csv?from=2026-06-01&to=2026-06-30' });
    expect(rosterRequest({ from: '2026-06-01', to: '2026-07-15' }, 'pdf')).toEqual({ errors: { to: 'A roster covers at most 31 days' } });
    expect(rosterRequest({ from: '', to: '2026-06-01' }, 'pdf')).toEqual({ errors: { from: 'Enter the first day as YYYY-MM-DD' } });
  });
});
