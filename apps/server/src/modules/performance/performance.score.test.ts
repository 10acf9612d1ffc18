import { describe, expect, it } from 'vitest';
import { compositeScore, rankScores } from './performance.score.ts';

const scale = { maxHours: 40, maxIncidents: 10 };
const nothing = {
  attendanceRate: null,
  onTimeRate: null,
  ratingAverage: null,
  onTimeReturnRate: null,
  hoursPatrolled: 0,
  incidentsHandled: 0,
};

describe('the composite score', () => {
  it('is 100 for the best at everything and 0 for a tanod who did nothing', () => {
    expect(
      compositeScore(
        {
          attendanceRate: 1,
          onTimeRate: 1,
          ratingAverage: 5,
          onTimeReturnRate: 1,
          hoursPatrolled: 40,
          incidentsHandled: 10,
        },
        scale,
      ),
    ).toBe(100);
    expect(compositeScore(nothing, scale)).toBe(0);
  });

  it('leaves out rates without a denominator and scales the other weights up', () => {
    // Only attendance (30) and the two effort parts (15 + 15) count: (30×0.5 + 15×0.5 + 15×0) / 60.
    expect(compositeScore({ ...nothing, attendanceRate: 0.5, hoursPatrolled: 20 }, scale)).toBe(37.5);
    // A single 5-star rating alone is not a top score: 20 / 50.
    expect(compositeScore({ ...nothing, ratingAverage: 5 }, scale)).toBe(40);
  });

  it('caps effort at the busiest tanod and treats a quiet period as no effort', () => {
    expect(compositeScore({ ...nothing, hoursPatrolled: 80 }, scale)).toBe(50);
    expect(compositeScore({ ...nothing, hoursPatrolled: 5 }, { maxHours: 0, maxIncidents: 0 })).toBe(0);
  });
});

describe('ranking', () => {
  it('shares ranks on equal scores (1, 2, 2, 4) and gives percentiles among the others', () => {
    const ranks = rankScores(
      new Map([
        ['a', 90],
        ['b', 70],
        ['c', 70],
        ['d', 10],
      ]),
    );
    expect(Object.fromEntries(ranks)).toEqual({
      a: { rank: 1, percentile: 100 },
      b: { rank: 2, percentile: 33 },
      c: { rank: 2, percentile: 33 },
      d: { rank: 4, percentile: 0 },
    });
    expect(Object.fromEntries(rankScores(new Map([['only', 12]])))).toEqual({ only: { rank: 1, percentile: 100 } });
  });
});
