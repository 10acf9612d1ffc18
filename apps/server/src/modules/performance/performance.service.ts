import { msg } from '@lingui/core/macro';
import {
  addDays,
  performanceSeriesIsWeekly,
  resolvePerformancePeriod,
  type ParsedPerformancePeriodQuery,
  type PerformanceList,
  type PerformancePeriod,
  type PerformanceSeriesPoint,
  type TanodPerformance,
  type TanodPerformanceSummary,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { dayIn, nextDay, startOfDayIn } from '../../lib/time-zone.ts';
import type { Actor } from '../../http/actor.ts';
import { getPublicSettings } from '../settings/index.ts';
import {
  attendanceFigures,
  incidentFigures,
  listTanods,
  loanFigures,
  patrolFigures,
  ratingFigures,
  seriesFigures,
  type PeriodWindow,
  type TanodRef,
} from './performance.repository.ts';
import { canSeePerformance } from './performance.policy.ts';
import { compositeScore, rankScores } from './performance.score.ts';

type PeriodInput = Pick<ParsedPerformancePeriodQuery, 'period' | 'from' | 'to'>;

export interface ResolvedPeriod {
  period: PerformancePeriod;
  window: PeriodWindow;
  timeZone: string;
}

/** The period's calendar days in the barangay's time zone and the instants they span. */
export async function resolvePeriod(deps: AppDeps, query: PeriodInput): Promise<ResolvedPeriod> {
  const { timezone: timeZone } = await getPublicSettings(deps);
  const now = deps.clock.now();
  const period = resolvePerformancePeriod(query, dayIn(timeZone, now));
  return {
    period,
    timeZone,
    window: { start: startOfDayIn(timeZone, period.from), end: startOfDayIn(timeZone, nextDay(period.to)), now },
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const ratio = (part: number, whole: number) => (whole > 0 ? round(part / whole, 4) : null);
const roundOrNull = (value: number | null, digits: number) => (value === null ? null : round(value, digits));

/** Every figure of the given tanods, scored and ranked among the active ones: five queries in all. */
async function computeSummaries(
  deps: AppDeps,
  resolved: ResolvedPeriod,
  tanods: TanodRef[],
): Promise<TanodPerformanceSummary[]> {
  const ids = tanods.map((tanod) => tanod.id);
  const { window, period } = resolved;
  const [attendance, patrols, incidents, ratings, loans] = await Promise.all([
    attendanceFigures(deps.db, ids, window),
    patrolFigures(deps.db, ids, window),
    incidentFigures(deps.db, ids, window),
    ratingFigures(deps.db, ids, window),
    loanFigures(deps.db, ids, window),
  ]);
  const figures = tanods.map((tanod) => {
    const a = attendance.get(tanod.id) ?? { scheduled: 0, attended: 0, onTime: 0, latenessMinutesTotal: 0 };
    const p = patrols.get(tanod.id) ?? { completed: 0, hours: 0, distanceKm: 0 };
    const i = incidents.get(tanod.id) ?? {
      responded: 0,
      resolved: 0,
      responseMinutesAverage: null,
      resolutionMinutesAverage: null,
    };
    const r = ratings.get(tanod.id) ?? {
      count: 0,
      average: null,
      distribution: [0, 0, 0, 0, 0] as [number, number, number, number, number],
    };
    const l = loans.get(tanod.id) ?? { due: 0, returnedOnTime: 0 };
    // The score is built on the unrounded figures; the answer shows them rounded.
    const raw = {
      attendanceRate: a.scheduled > 0 ? a.attended / a.scheduled : null,
      onTimeRate: a.attended > 0 ? a.onTime / a.attended : null,
      ratingAverage: r.average,
      onTimeReturnRate: l.due > 0 ? l.returnedOnTime / l.due : null,
      hoursPatrolled: p.hours,
      incidentsHandled: i.responded + i.resolved,
    };
    return {
      tanod,
      raw,
      summary: {
        tanod: {
          _id: tanod.id,
          firstName: tanod.firstName,
          lastName: tanod.lastName,
          profilePicture: tanod.profilePicture,
        },
        period,
        attendanceRate: ratio(a.attended, a.scheduled),
        onTimeRate: ratio(a.onTime, a.attended),
        averageLatenessMinutes: a.attended > 0 ? round(a.latenessMinutesTotal / a.attended, 1) : null,
        scheduledShifts: a.scheduled,
        attendedShifts: a.attended,
        patrolsCompleted: p.completed,
        hoursPatrolled: round(p.hours, 2),
        distanceKm: round(p.distanceKm, 2),
        incidentsResponded: i.responded,
        incidentsResolved: i.resolved,
        averageResponseMinutes: roundOrNull(i.responseMinutesAverage, 1),
        averageResolutionMinutes: roundOrNull(i.resolutionMinutesAverage, 1),
        ratingAverage: roundOrNull(r.average, 2),
        ratingCount: r.count,
        ratingDistribution: r.distribution,
        loansDue: l.due,
        loansReturnedOnTime: l.returnedOnTime,
        onTimeReturnRate: ratio(l.returnedOnTime, l.due),
        rank: null,
        rankOf: 0,
        tiedWith: 0,
        percentile: null,
        score: 0,
      } satisfies TanodPerformanceSummary as TanodPerformanceSummary,
    };
  });
  const active = figures.filter((entry) => entry.tanod.active);
  const scale = {
    maxHours: Math.max(0, ...active.map((entry) => entry.summary.hoursPatrolled)),
    maxIncidents: Math.max(
      0,
      ...active.map((entry) => entry.summary.incidentsResponded + entry.summary.incidentsResolved),
    ),
  };
  for (const { summary } of figures) {
    summary.score = compositeScore(
      { ...summary, incidentsHandled: summary.incidentsResponded + summary.incidentsResolved },
      scale,
    );
  }
  const ranking = rankScores(new Map(active.map((entry) => [entry.tanod.id, entry.summary.score])));
  for (const { tanod, summary } of figures) {
    summary.rankOf = active.length;
    const place = ranking.get(tanod.id);
    if (place) {
      summary.rank = place.rank;
      summary.tiedWith = place.tiedWith;
      summary.percentile = place.percentile;
    }
  }
  return figures.map((entry) => entry.summary);
}

const bestFirst = (a: TanodPerformanceSummary, b: TanodPerformanceSummary) =>
  (a.rank ?? Infinity) - (b.rank ?? Infinity) ||
  a.tanod.lastName.localeCompare(b.tanod.lastName) ||
  a.tanod.firstName.localeCompare(b.tanod.firstName);

/**
 * Every active tanod's figures for the period, ranked best first. Callable from anywhere that
 * needs it (the admin dashboard's top performers: `(await rankTanods(deps, { period: 'month' })).items.slice(0, 5)`).
 */
export async function rankTanods(deps: AppDeps, query: PeriodInput): Promise<PerformanceList> {
  const resolved = await resolvePeriod(deps, query);
  const items = await computeSummaries(deps, resolved, await listTanods(deps.db));
  return { period: resolved.period, items: items.sort(bestFirst) };
}

/** The top `limit` active tanods of the period (the admin dashboard's "top performers"). */
export async function topPerformers(deps: AppDeps, query: PeriodInput, limit = 5): Promise<TanodPerformanceSummary[]> {
  return (await rankTanods(deps, query)).items.slice(0, limit);
}

/** Day or week buckets covering the whole period, zero where nothing happened. */
function fillSeries(
  period: PerformancePeriod,
  rows: Awaited<ReturnType<typeof seriesFigures>>,
): PerformanceSeriesPoint[] {
  const weekly = performanceSeriesIsWeekly(period);
  const found = new Map(rows.map((row) => [row.date, row]));
  const points: PerformanceSeriesPoint[] = [];
  let day = period.from;
  while (day <= period.to) {
    // A week's bucket is keyed by its Monday; the first one may begin before the period does.
    const key = weekly ? addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7)) : day;
    const row = found.get(key);
    points.push({
      date: day,
      hoursPatrolled: round(row?.hours ?? 0, 2),
      incidentsResponded: row?.responded ?? 0,
      incidentsResolved: row?.resolved ?? 0,
    });
    day = weekly ? addDays(key, 7) : addDays(day, 1);
  }
  return points;
}

/** `GET /api/performance/{tanodId}`: one tanod's figures, rank among the active tanods and chart series. */
export async function getTanodPerformance(
  deps: AppDeps,
  actor: Actor,
  tanodId: string,
  query: PeriodInput,
): Promise<TanodPerformance> {
  if (!canSeePerformance(actor, tanodId)) throw forbidden(msg`You can only see your own performance`);
  const resolved = await resolvePeriod(deps, query);
  const tanods = await listTanods(deps.db, [tanodId]);
  if (!tanods.some((tanod) => tanod.id === tanodId)) throw notFound(msg`Tanod not found`);
  const summaries = await computeSummaries(deps, resolved, tanods);
  const summary = summaries.find((entry) => entry.tanod._id === tanodId)!;
  const weekly = performanceSeriesIsWeekly(resolved.period);
  const rows = await seriesFigures(deps.db, tanodId, resolved.window, resolved.timeZone, weekly);
  return { ...summary, series: fillSeries(resolved.period, rows) };
}
