import { describe, expect, it } from 'vitest';
import type { TanodPerformanceSummary } from '@bantay/shared';
import {
  formatHours,
  formatKm,
  formatMinutes,
  formatPercent,
  formatPercentile,
  formatRank,
  rankDetail,
  formatRating,
  hasActivity,
  initialSelection,
  ordinal,
  periodErrors,
  periodFields,
  periodSearch,
  seriesLabel,
} from './performance-format.ts';
import { defaultDirection, rankRows, reportRequest, type ReportForm } from './performance-rules.ts';

describe('performance figures read as a person says them', () => {
  it('rates are whole percents, never a misleading 0% or 100%', () => {
    expect(formatPercent(0.923)).toBe('92%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.996)).toBe('99%');
    expect(formatPercent(0.004)).toBe('< 1%');
    expect(formatPercent(null)).toBe('—');
  });

  it('minutes become hours and days: "1 h 5 min"', () => {
    expect(formatMinutes(65)).toBe('1 h 5 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(7.4)).toBe('7 min');
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(0.2)).toBe('< 1 min');
    expect(formatMinutes(59.6)).toBe('1 h');
    expect(formatMinutes(1500)).toBe('1 d 1 h');
    expect(formatMinutes(2880)).toBe('2 d');
    expect(formatMinutes(null)).toBe('—');
  });

  it('hours on patrol keep one decimal, short ones read in minutes', () => {
    expect(formatHours(12.25)).toBe('12.3 h');
    expect(formatHours(3)).toBe('3 h');
    expect(formatHours(0.4)).toBe('24 min');
    expect(formatHours(0)).toBe('0 h');
  });

  it('distances are kilometres, or metres under one', () => {
    expect(formatKm(12.34)).toBe('12.3 km');
    expect(formatKm(5)).toBe('5 km');
    expect(formatKm(0.85)).toBe('850 m');
    expect(formatKm(0)).toBe('0 km');
  });

  it('tanods with the same score share the rank and say so; when everyone ties there is no percentile to show', () => {
    expect(formatRank(1, 5, 4)).toBe('Tied 1st of 5');
    expect(rankDetail({ rank: 1, rankOf: 5, tiedWith: 4, percentile: null })).toBe('All 5 tanods have the same score');
    expect(rankDetail({ rank: 1, rankOf: 2, tiedWith: 1, percentile: null })).toBe('Both tanods have the same score');
    expect(formatRank(2, 5, 3)).toBe('Tied 2nd of 5');
    expect(rankDetail({ rank: 2, rankOf: 5, tiedWith: 3, percentile: 38 })).toBe('Same score as 3 others · 38th percentile');
    expect(rankDetail({ rank: 2, rankOf: 5, tiedWith: 1, percentile: 63 })).toBe('Same score as 1 other · 63rd percentile');
    expect(rankDetail({ rank: 3, rankOf: 12, tiedWith: 0, percentile: 82 })).toBe('82nd percentile');
    expect(rankDetail({ rank: null, rankOf: 12, tiedWith: 0, percentile: null })).toBe('Only active tanods are ranked');
  });

  it('rank reads "3 of 12" with an ordinal percentile', () => {
    expect(formatRank(3, 12)).toBe('3 of 12');
    expect(formatRank(null, 12)).toBe('Not ranked');
    expect(formatPercentile(75)).toBe('75th percentile');
    expect(formatPercentile(81.8)).toBe('82nd percentile');
    expect(formatPercentile(null)).toBe('—');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
    expect(formatRating(4.333)).toBe('4.3');
    expect(formatRating(null)).toBe('—');
  });

  it('chart buckets are named by day, or by week for long periods', () => {
    expect(seriesLabel('2026-11-03', false)).toBe('Nov 3');
    expect(seriesLabel('2026-11-02', true)).toBe('Wk of Nov 2');
  });
});

describe('the period picker', () => {
  it('opens on this month, with the last 30 days ready for custom', () => {
    expect(initialSelection('2026-03-01')).toEqual({ period: 'month', from: '2026-01-31', to: '2026-03-01' });
  });

  it('asks for the named period, and for custom days only when custom is chosen', () => {
    const selection = { period: 'quarter' as const, from: '2026-01-01', to: '2026-01-31' };
    expect(periodSearch(selection)).toBe('period=quarter');
    expect(periodFields(selection)).toEqual({ period: 'quarter' });
    expect(periodSearch({ ...selection, period: 'custom' })).toBe('period=custom&from=2026-01-01&to=2026-01-31');
    expect(periodFields({ ...selection, period: 'custom' })).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('custom days follow the server rules: both days, in order, at most 367 days', () => {
    expect(periodErrors({ period: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({});
    expect(periodErrors({ period: 'custom', from: '', to: '2026-01-31' })).toEqual({
      from: 'from is required for a custom period',
    });
    expect(periodErrors({ period: 'custom', from: '2026-02-01', to: '2026-01-31' })).toEqual({
      to: 'to must not be before from',
    });
    expect(periodErrors({ period: 'custom', from: '2025-01-01', to: '2026-01-03' }).to).toMatch(/at most 367 days/);
    // Another kind ignores half-typed custom days.
    expect(periodErrors({ period: 'week', from: '', to: '' })).toEqual({});
  });
});

function summary(overrides: Partial<TanodPerformanceSummary> & { name: string; id: string }): TanodPerformanceSummary {
  const { name, id, ...rest } = overrides;
  const [firstName, lastName] = name.split(' ') as [string, string];
  return {
    tanod: { _id: id, firstName, lastName, profilePicture: null },
    period: { kind: 'month', from: '2026-11-01', to: '2026-11-30', label: 'November 2026' },
    attendanceRate: null,
    onTimeRate: null,
    averageLatenessMinutes: null,
    scheduledShifts: 0,
    attendedShifts: 0,
    patrolsCompleted: 0,
    hoursPatrolled: 0,
    distanceKm: 0,
    incidentsResponded: 0,
    incidentsResolved: 0,
    averageResponseMinutes: null,
    averageResolutionMinutes: null,
    ratingAverage: null,
    ratingCount: 0,
    ratingDistribution: [0, 0, 0, 0, 0],
    loansDue: 0,
    loansReturnedOnTime: 0,
    onTimeReturnRate: null,
    rank: null,
    rankOf: 3,
    tiedWith: 0,
    percentile: null,
    score: 0,
    ...rest,
  };
}

describe('the ranked table', () => {
  const rows = [
    summary({
      id: 'a',
      name: 'Juan Dela',
      rank: 1,
      hoursPatrolled: 10,
      averageResponseMinutes: 12,
      attendanceRate: 0.9,
    }),
    summary({
      id: 'b',
      name: 'Maricel Reyes',
      rank: 2,
      hoursPatrolled: 30,
      averageResponseMinutes: null,
      attendanceRate: 1,
    }),
    summary({
      id: 'c',
      name: 'Andrés Mendoza',
      rank: 2,
      hoursPatrolled: 20,
      averageResponseMinutes: 5,
      attendanceRate: null,
    }),
  ];
  const ids = (list: TanodPerformanceSummary[]) => list.map((row) => row.tanod._id);

  it('keeps the server order by rank, ties included', () => {
    expect(ids(rankRows(rows, '', 'rank', 'asc'))).toEqual(['a', 'b', 'c']);
  });

  it('sorts by a figure either way, with missing figures last both ways', () => {
    expect(ids(rankRows(rows, '', 'hours', 'desc'))).toEqual(['b', 'c', 'a']);
    expect(ids(rankRows(rows, '', 'response', 'asc'))).toEqual(['c', 'a', 'b']);
    expect(ids(rankRows(rows, '', 'response', 'desc'))).toEqual(['a', 'c', 'b']);
    expect(ids(rankRows(rows, '', 'attendance', 'desc'))).toEqual(['b', 'a', 'c']);
    expect(ids(rankRows(rows, '', 'name', 'asc'))).toEqual(['c', 'a', 'b']);
  });

  it('finds a tanod by any words of the name, ignoring case and accents', () => {
    expect(ids(rankRows(rows, 'andres', 'rank', 'asc'))).toEqual(['c']);
    expect(ids(rankRows(rows, 'reyes mari', 'rank', 'asc'))).toEqual(['b']);
    expect(rankRows(rows, 'nobody', 'rank', 'asc')).toEqual([]);
  });

  it('a first click sorts the way the figure reads best', () => {
    expect(defaultDirection('response')).toBe('asc');
    expect(defaultDirection('rating')).toBe('desc');
  });

  it('a tanod with nothing in the period has no activity to chart', () => {
    expect(hasActivity(rows[0]!)).toBe(true);
    expect(hasActivity(summary({ id: 'd', name: 'New Tanod' }))).toBe(false);
  });
});

describe('the report dialog', () => {
  const form: ReportForm = {
    tanodId: '',
    selection: { period: 'month', from: '2026-10-01', to: '2026-10-31' },
    format: 'pdf',
    protect: false,
    pdfPassword: '',
    pdfPasswordConfirm: '',
    password: 'Admin-pass-1',
  };

  it('asks for every tanod when none is chosen, without a PDF password unless asked', () => {
    expect(reportRequest(form)).toEqual({ body: { period: 'month', format: 'pdf', password: 'Admin-pass-1' } });
  });

  it('names one tanod, custom days and a confirmed PDF password', () => {
    const result = reportRequest({
      ...form,
      tanodId: 't1',
      selection: { ...form.selection, period: 'custom' },
      protect: true,
      pdfPassword: 'file-pass',
      pdfPasswordConfirm: 'file-pass',
    });
    expect(result).toEqual({
      body: {
        period: 'custom',
        from: '2026-10-01',
        to: '2026-10-31',
        tanodId: 't1',
        format: 'pdf',
        password: 'Admin-pass-1',
        pdfPassword: 'file-pass',
      },
    });
  });

  it('refuses a missing password, a short or mismatched PDF password, and bad custom days', () => {
    expect(reportRequest({ ...form, password: '' })).toEqual({
      errors: { password: 'Enter your password to make the report' },
    });
    expect(reportRequest({ ...form, protect: true, pdfPassword: 'abc', pdfPasswordConfirm: 'abc' })).toEqual({
      errors: { pdfPassword: 'The PDF password must be at least 4 characters' },
    });
    expect(reportRequest({ ...form, protect: true, pdfPassword: 'abcd', pdfPasswordConfirm: 'abce' })).toEqual({
      errors: { pdfPasswordConfirm: 'The two PDF passwords do not match' },
    });
    expect(reportRequest({ ...form, selection: { period: 'custom', from: '2026-11-02', to: '2026-11-01' } })).toEqual({
      errors: { to: 'to must not be before from' },
    });
  });

  it('a CSV ignores the PDF password fields', () => {
    expect(reportRequest({ ...form, format: 'csv', protect: true, pdfPassword: 'x' })).toEqual({
      body: { period: 'month', format: 'csv', password: 'Admin-pass-1' },
    });
  });
});
