/**
 * The composite score that ranks tanods (docs/decisions/012-performance-score.md).
 *
 * Six components, each in 0..1, weighted:
 * - attendance rate ×30 — showing up for scheduled shifts matters most;
 * - on-time rate ×10;
 * - rating: (average − 1) / 4 ×20 — what the public says;
 * - on-time return rate ×10 — care of the barangay's equipment;
 * - patrol effort: hours on patrol / the most hours of any active tanod ×15;
 * - incident work: (responded + resolved) / the most of any active tanod ×15.
 *
 * A rate without a denominator (no shifts, no ratings, no loans due) is left out and the other
 * weights are scaled up, so nobody is punished for what they were never asked to do. The two effort
 * components always count (0 when there was none), so a tanod who did nothing scores 0 rather than
 * riding on one good rating. score = 100 × Σ weight × value / Σ weight of the counted components,
 * rounded to one decimal; equal scores share a rank.
 */

const SCORE_WEIGHTS = {
  attendance: 30,
  onTime: 10,
  rating: 20,
  returns: 10,
  patrolEffort: 15,
  incidentWork: 15,
} as const;

export interface ScoreInput {
  attendanceRate: number | null;
  onTimeRate: number | null;
  ratingAverage: number | null;
  onTimeReturnRate: number | null;
  hoursPatrolled: number;
  incidentsHandled: number;
}

export interface ScoreScale {
  /** The most hours on patrol among the active tanods. */
  maxHours: number;
  /** The most incidents responded + resolved among the active tanods. */
  maxIncidents: number;
}

const relative = (value: number, max: number) => (max > 0 ? Math.min(value / max, 1) : 0);

export function compositeScore(input: ScoreInput, scale: ScoreScale): number {
  const parts: [number | null, number][] = [
    [input.attendanceRate, SCORE_WEIGHTS.attendance],
    [input.onTimeRate, SCORE_WEIGHTS.onTime],
    [input.ratingAverage === null ? null : (input.ratingAverage - 1) / 4, SCORE_WEIGHTS.rating],
    [input.onTimeReturnRate, SCORE_WEIGHTS.returns],
    [relative(input.hoursPatrolled, scale.maxHours), SCORE_WEIGHTS.patrolEffort],
    [relative(input.incidentsHandled, scale.maxIncidents), SCORE_WEIGHTS.incidentWork],
  ];
  let weighted = 0;
  let weights = 0;
  for (const [value, weight] of parts) {
    if (value === null) continue;
    weighted += weight * value;
    weights += weight;
  }
  return Math.round((1000 * weighted) / weights) / 10;
}

export interface Ranking {
  rank: number;
  /** The other ranked tanods with the same score. */
  tiedWith: number;
  percentile: number | null;
}

/**
 * Competition ranking ("1, 2, 2, 4") by score, best first, saying how many share each rank.
 * Percentile = the share of the other ranked tanods scoring lower, a tie counting half (the usual
 * percentile rank), 0..100; the only tanod is at 100. When everyone has the same score (a quiet
 * week: all at 0) there is no order at all, so no percentile: "1st of 5, 0th percentile" would be
 * two contradicting untruths (docs/decisions/012-performance-score.md).
 */
export function rankScores(scores: Map<string, number>): Map<string, Ranking> {
  const values = [...scores.values()];
  const others = values.length - 1;
  const result = new Map<string, Ranking>();
  for (const [id, score] of scores) {
    const better = values.filter((value) => value > score).length;
    const worse = values.filter((value) => value < score).length;
    const tiedWith = others - better - worse;
    const percentile = others === 0 ? 100 : tiedWith === others ? null : Math.round((100 * (worse + tiedWith / 2)) / others);
    result.set(id, { rank: better + 1, tiedWith, percentile });
  }
  return result;
}
