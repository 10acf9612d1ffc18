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
  it('shares ranks on equal scores (1, 2, 2, 4), says how many share them, and counts a tie as half in the percentile', () => {
    const ranks = rankScores(
      new Map([
        ['a', 90],
        ['b', 70],
        ['c', 70],
        ['d', 10],
      ]),
    );
    expect(Object.fromEntries(ranks)).toEqual({
      a: { rank: 1, tiedWith: 0, percentile: 100 },
      b: { rank: 2, tiedWith: 1, percentile: 50 },
      c: { rank: 2, tiedWith: 1, percentile: 50 },
      d: { rank: 4, tiedWith: 0, percentile: 0 },
    });
    expect(Object.fromEntries(rankScores(new Map([['only', 12]])))).toEqual({ only: { rank: 1, tiedWith: 0, percentile: 100 } });
  });

  it('five tanods tied at zero share 1st place and have no percentile: nobody is above or below anyone', () => {
    const ranks = rankScores(new Map(['a', 'b', 'c', 'd', 'e'].map((id) => [id, 0])));
    for (const ranking of ranks.values()) expect(ranking).toEqual({ rank: 1, tiedWith: 4, percentile: null });
  });

  it('four tied at zero behind one who did something share 2nd place, in the middle of the bottom', () => {
    const ranks = rankScores(new Map([['busy', 40], ['a', 0], ['b', 0], ['c', 0], ['d', 0]]));
    expect(ranks.get('busy')).toEqual({ rank: 1, tiedWith: 0, percentile: 100 });
    // Of the 4 others, none scores lower and 3 tie: (0 + 3/2) / 4 = 37.5%.
    expect(ranks.get('a')).toEqual({ rank: 2, tiedWith: 3, percentile: 38 });
  });
});
