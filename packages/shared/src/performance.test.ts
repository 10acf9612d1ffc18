import { describe, expect, it } from 'vitest';
import { performancePeriodQuerySchema, performanceSeriesIsWeekly, resolvePerformancePeriod } from './performance.ts';

describe('performance periods', () => {
  it('resolves week (Mon–Sun), month, quarter and year around today', () => {
    // 2026-11-26 is a Thursday.
    expect(resolvePerformancePeriod({ period: 'week' }, '2026-11-26')).toEqual({
      kind: 'week',
      from: '2026-11-23',
      to: '2026-11-29',
      label: 'Week of 23 Nov 2026',
    });
    expect(resolvePerformancePeriod({ period: 'week' }, '2026-11-29').from).toBe('2026-11-23');
    expect(resolvePerformancePeriod({ period: 'week' }, '2026-11-30').from).toBe('2026-11-30');
    expect(resolvePerformancePeriod({ period: 'month' }, '2026-02-10')).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      label: 'February 2026',
    });
    expect(resolvePerformancePeriod({ period: 'month' }, '2028-02-10').to).toBe('2028-02-29');
    expect(resolvePerformancePeriod({ period: 'quarter' }, '2026-11-26')).toMatchObject({
      from: '2026-10-01',
      to: '2026-12-31',
      label: 'Q4 2026',
    });
    expect(resolvePerformancePeriod({ period: 'year' }, '2026-11-26')).toMatchObject({
      from: '2026-01-01',
      to: '2026-12-31',
      label: '2026',
    });
    expect(
      resolvePerformancePeriod({ period: 'custom', from: '2026-01-01', to: '2026-01-31' }, '2026-11-26').label,
    ).toBe('1 Jan 2026 – 31 Jan 2026');
  });

  it('validates custom periods naming the field', () => {
    const issues = (input: unknown) => {
      const result = performancePeriodQuerySchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(issues({})).toEqual([]);
    expect(issues({ period: 'decade' })).toEqual(['period']);
    expect(issues({ period: 'custom', to: '2026-01-01' })).toEqual(['from']);
    expect(issues({ period: 'custom', from: '2026-02-01', to: '2026-01-01' })).toEqual(['to']);
    expect(issues({ period: 'custom', from: '2026-01-01', to: '2027-01-02' })).toEqual([]);
    expect(issues({ period: 'custom', from: '2026-01-01', to: '2027-01-03' })).toEqual(['to']);
    expect(issues({ period: 'custom', from: '2026-13-01', to: '2027-01-03' })).toEqual(['from']);
  });

  it('charts per week beyond 62 days', () => {
    expect(performanceSeriesIsWeekly({ from: '2026-01-01', to: '2026-03-03' })).toBe(false);
    expect(performanceSeriesIsWeekly({ from: '2026-01-01', to: '2026-03-04' })).toBe(true);
  });
});
