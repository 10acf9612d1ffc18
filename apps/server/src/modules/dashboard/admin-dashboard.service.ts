import {
  ADMIN_DASHBOARD_LIMITS,
  addDays,
  daysBetween,
  resolvePerformancePeriod,
  type AdminDashboard,
  type ParsedPerformancePeriodQuery,
  type PerformancePeriod,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { forbidden } from '../../lib/app-error.ts';
import { dayIn, nextDay, startOfDayIn } from '../../lib/time-zone.ts';
import type { Actor } from '../../http/actor.ts';
import { getPublicSettings } from '../settings/index.ts';
import { heatCells, incidentsByDayAndType, readSnapshot, type DayTypeRow } from './admin-dashboard.repository.ts';
import { canSeeAdminDashboard } from './admin-dashboard.policy.ts';
import { topPerformers } from './admin-dashboard.performers.ts';

/**
 * `GET /api/dashboard/admin` (docs/product.md §4.11). The independent reads run side by side: on
 * PostgreSQL each takes its own pooled connection, so the answer costs about the slowest one.
 */
export async function getAdminDashboard(deps: AppDeps, actor: Actor, query: ParsedPerformancePeriodQuery): Promise<AdminDashboard> {
  if (!canSeeAdminDashboard(actor)) throw forbidden();
  const now = deps.clock.now();
  const { timezone: timeZone } = await getPublicSettings(deps);
  const today = dayIn(timeZone, now);
  const period = resolvePerformancePeriod(query, today);
  const start = startOfDayIn(timeZone, period.from);
  const end = startOfDayIn(timeZone, nextDay(period.to));
  const tomorrow = startOfDayIn(timeZone, nextDay(today));

  const [snapshot, dayRows, cells, performers] = await Promise.all([
    readSnapshot(deps.db, now, startOfDayIn(timeZone, today), tomorrow),
    incidentsByDayAndType(deps.db, start, end, timeZone),
    heatCells(deps.db, start, end, ADMIN_DASHBOARD_LIMITS.heatCellDegrees, ADMIN_DASHBOARD_LIMITS.heatMaxCells),
    topPerformers(deps, query, period, ADMIN_DASHBOARD_LIMITS.topPerformers),
  ]);

  const nextChangeAt = snapshot.nextChangeAt && snapshot.nextChangeAt < tomorrow ? snapshot.nextChangeAt : tomorrow;
  const series = buildSeries(period, dayRows);
  const truncated = cells.length > ADMIN_DASHBOARD_LIMITS.heatMaxCells;

  return {
    period,
    timeZone,
    generatedAt: now.toISOString(),
    nextChangeAt: nextChangeAt.toISOString(),
    tanods: { onPatrol: snapshot.tanodsOnPatrol, onDuty: snapshot.tanodsOnDuty, total: snapshot.tanodsTotal },
    openIncidents: {
      total: snapshot.openNormal + snapshot.openEmergency,
      byClassification: { normal: snapshot.openNormal, emergency: snapshot.openEmergency },
      pending: snapshot.openPending,
      inProgress: snapshot.openInProgress,
    },
    pendingAssistance: snapshot.pendingAssistance,
    patrolsToday: {
      scheduled: snapshot.patrolsScheduled,
      started: snapshot.patrolsStarted,
      completed: snapshot.patrolsCompleted,
      absent: snapshot.patrolsAbsent,
    },
    overdueLoans: snapshot.overdueLoans,
    ...series,
    heatmap: {
      cellDegrees: ADMIN_DASHBOARD_LIMITS.heatCellDegrees,
      truncated,
      points: truncated ? cells.slice(0, ADMIN_DASHBOARD_LIMITS.heatMaxCells) : cells,
    },
    topPerformers: performers,
  };
}

/** Monday of the week of `day` (YYYY-MM-DD), as performance buckets weeks. */
function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/**
 * The chart series over every bucket of the period, empty ones included: a day each, or a week
 * each (its Monday, the first one clipped to the period start) when the period is long.
 */
function buildSeries(
  period: Pick<PerformancePeriod, 'from' | 'to'>,
  rows: DayTypeRow[],
): Pick<AdminDashboard, 'incidentsOverTime' | 'responseTrend'> {
  const weekly = daysBetween(period.from, period.to) + 1 > ADMIN_DASHBOARD_LIMITS.dailySeriesMaxDays;
  const bucketOf = (day: string) => {
    if (!weekly) return day;
    const monday = mondayOf(day);
    return monday < period.from ? period.from : monday;
  };

  interface Bucket {
    byType: Record<string, number>;
    total: number;
    responded: number;
    responseMinutes: number;
  }
  const buckets = new Map<string, Bucket>();
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const key = bucketOf(day);
    if (!buckets.has(key)) buckets.set(key, { byType: {}, total: 0, responded: 0, responseMinutes: 0 });
  }

  const typeTotals = new Map<string, number>();
  for (const row of rows) {
    const bucket = buckets.get(bucketOf(row.day));
    if (!bucket) continue;
    bucket.byType[row.type] = (bucket.byType[row.type] ?? 0) + row.count;
    bucket.total += row.count;
    bucket.responded += row.responded;
    bucket.responseMinutes += row.responseMinutes;
    typeTotals.set(row.type, (typeTotals.get(row.type) ?? 0) + row.count);
  }

  const ordered = [...buckets.entries()];
  return {
    incidentsOverTime: {
      bucket: weekly ? 'week' : 'day',
      types: [...typeTotals.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([type, count]) => ({ type, count })),
      points: ordered.map(([date, bucket]) => ({ date, byType: bucket.byType, total: bucket.total })),
    },
    responseTrend: ordered.map(([date, bucket]) => ({
      date,
      averageMinutes: bucket.responded > 0 ? Math.round((bucket.responseMinutes / bucket.responded) * 10) / 10 : null,
      responded: bucket.responded,
    })),
  };
}
