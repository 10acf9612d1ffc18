import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@bantay/shared';
import { bucketLabel, describeIncidentsOverTime, describeResponseTrend, formatMinutes } from './admin-dashboard-format.ts';

function dashboard(overrides: Partial<AdminDashboard>): AdminDashboard {
  return {
    period: { kind: 'month', from: '2026-06-01', to: '2026-06-30', label: 'June 2026' },
    incidentsOverTime: { bucket: 'day', types: [], points: [] },
    responseTrend: [],
    ...overrides,
  } as AdminDashboard;
}

describe('admin dashboard wording', () => {
  it('labels a day and a week bucket', () => {
    expect(bucketLabel('2026-06-05', 'day')).toBe('Jun 5');
    expect(bucketLabel('2026-12-28', 'week')).toBe('wk Dec 28');
  });

  it('says in words what the incidents chart shows, commonest types first', () => {
    expect(describeIncidentsOverTime(dashboard({}))).toBe('No incidents reported in June 2026.');
    const busy = dashboard({
      incidentsOverTime: {
        bucket: 'day',
        types: [
          { type: 'Theft', count: 4 },
          { type: 'Fire', count: 2 },
          { type: 'Noise', count: 1 },
          { type: 'Flood', count: 1 },
        ],
        points: [],
      },
    });
    expect(describeIncidentsOverTime(busy)).toBe('8 incidents in June 2026, per day; most: Theft 4, Fire 2, Noise 1.');
  });

  it("weights each bucket's average by its responses for the period's mean", () => {
    expect(describeResponseTrend(dashboard({}))).toBe('No responses in June 2026.');
    const trend = dashboard({
      responseTrend: [
        { date: '2026-06-01', averageMinutes: 10, responded: 3 },
        { date: '2026-06-02', averageMinutes: null, responded: 0 },
        { date: '2026-06-03', averageMinutes: 30, responded: 1 },
      ],
    });
    expect(describeResponseTrend(trend)).toBe('Average minutes from report to response, per day: 15 min over 4 responses in June 2026.');
  });

  it('formats minutes as minutes, then hours', () => {
    expect(formatMinutes(4.4)).toBe('4 min');
    expect(formatMinutes(65)).toBe('1 h 05 min');
  });
});
