import { z } from 'zod';
import { INCIDENT_CLASSIFICATIONS } from './incidents.ts';
import { tanodSummarySchema } from './patrols.ts';
import { performancePeriodQuerySchema, performancePeriodSchema } from './performance.ts';

// --- Admin dashboard: `GET /api/dashboard/admin?period=…` (admin, supadmin) -----------------------
//
// Product §4.11. The period is the performance period (`week|month|quarter|year|custom&from=&to=`,
// default `month`, calendar days in the barangay's time zone). The "now" figures (tanods, open
// incidents, assistance, patrols today, overdue loans) ignore the period; the charts, the heat
// map and the top performers cover it. Rejected reports and false alarms are left out of the
// charts and the heat map: they are not incidents that happened.

/** `?period=week|month|quarter|year|custom&from=&to=` (default `month`). */
export const adminDashboardQuerySchema = performancePeriodQuerySchema;
export type AdminDashboardQuery = z.input<typeof adminDashboardQuerySchema>;

export const ADMIN_DASHBOARD_LIMITS = {
  /** Heat map cell size in degrees (about 55 m × 54 m at the Philippines' latitudes). */
  heatCellDegrees: 0.0005,
  /** At most this many heat map cells, the busiest first. */
  heatMaxCells: 2000,
  /** Top performers shown. */
  topPerformers: 5,
  /** Longer periods chart per week (Monday buckets) instead of per day, as performance does. */
  dailySeriesMaxDays: 62,
} as const;

const count = z.number().int().nonnegative();

export const incidentTypeCountSchema = z.object({ type: z.string(), count });

/** One chart bucket: a day, or a week (its Monday, clipped to the period start). */
export const incidentBucketSchema = z.object({
  date: z.string(),
  /** Incidents reported in the bucket, per type (types with none are left out). */
  byType: z.record(z.string(), count),
  total: count,
});
export type IncidentBucket = z.infer<typeof incidentBucketSchema>;

export const responseTrendPointSchema = z.object({
  date: z.string(),
  /** Mean minutes from report to a tanod's response, over the bucket's reports that got one; null without any. */
  averageMinutes: z.number().nullable(),
  /** How many reports the average is over. */
  responded: count,
});
export type ResponseTrendPoint = z.infer<typeof responseTrendPointSchema>;

/** A heat map cell: its centre and how many incidents were reported in it. */
export const heatPointSchema = z.object({ lat: z.number(), lng: z.number(), weight: count });
export type HeatPoint = z.infer<typeof heatPointSchema>;

export const topPerformerSchema = z.object({
  tanod: tanodSummarySchema,
  rank: z.number().int(),
  /** The performance composite score, 0..100. */
  score: z.number(),
  patrolsCompleted: count,
  incidentsResolved: count,
  attendanceRate: z.number().nullable(),
  ratingAverage: z.number().nullable(),
});
export type TopPerformer = z.infer<typeof topPerformerSchema>;

export const adminDashboardSchema = z.object({
  period: performancePeriodSchema,
  timeZone: z.string(),
  generatedAt: z.string(),
  /**
   * The next instant a "now" figure changes by the clock alone (a shift starts or ends, a loan
   * falls due, the day turns): the page refetches then, since no event announces it.
   */
  nextChangeAt: z.string(),
  tanods: z.object({
    /** Active tanods with a patrol started and not ended. */
    onPatrol: count,
    /** Active tanods on a schedule covering now. */
    onDuty: count,
    /** Active tanods. */
    total: count,
  }),
  openIncidents: z.object({
    /** Pending and in progress. */
    total: count,
    byClassification: z.record(z.enum(INCIDENT_CLASSIFICATIONS), count),
    pending: count,
    inProgress: count,
  }),
  /** Assistance (backup) requests waiting for an admin's decision. */
  pendingAssistance: count,
  /** Today's (barangay day) scheduled tanod shifts: one per member of a schedule starting today. */
  patrolsToday: z.object({ scheduled: count, started: count, completed: count, absent: count }),
  /** Open loans past their due time. */
  overdueLoans: count,
  incidentsOverTime: z.object({
    bucket: z.enum(['day', 'week']),
    /** Every type that appears in the period, most frequent first. */
    types: z.array(incidentTypeCountSchema),
    points: z.array(incidentBucketSchema),
  }),
  responseTrend: z.array(responseTrendPointSchema),
  heatmap: z.object({
    cellDegrees: z.number(),
    /** True when there were more cells than `heatMaxCells` and the quietest were left out. */
    truncated: z.boolean(),
    points: z.array(heatPointSchema),
  }),
  topPerformers: z.array(topPerformerSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
