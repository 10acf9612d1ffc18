import { z } from 'zod';
import { INCIDENT_CLASSIFICATIONS, INCIDENT_STATUSES } from './incidents.ts';
import { publicCommentSchema } from './evaluations.ts';
import { tanodSummarySchema } from './patrols.ts';
import { scheduleSchema } from './schedules.ts';
import { performancePeriodQuerySchema, performancePeriodSchema, tanodPerformanceSummarySchema } from './performance.ts';
import { INVENTORY_CATEGORIES } from './resources.ts';

// --- Tanod dashboard: `GET /api/dashboard/tanod` (docs/product.md §4.11). -----------------

export const TANOD_DASHBOARD_LIMITS = {
  /** "Nearby" open incidents: within this many metres of the tanod's last known position. */
  nearbyRadiusMeters: 2000,
  /** At most this many nearby (or newest) open incidents. */
  nearbyMax: 5,
  /** The latest visible ratings shown as recent feedback. */
  feedbackMax: 5,
} as const;

/** An incident as the dashboard lists it: enough to recognise it and open it on the patrol map. */
export const dashboardIncidentSchema = z.object({
  _id: z.string(),
  ticket: z.string(),
  type: z.string(),
  classification: z.enum(INCIDENT_CLASSIFICATIONS),
  status: z.enum(INCIDENT_STATUSES),
  reportedAt: z.string(),
  address: z.string().nullable(),
  landmark: z.string().nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  /** Metres from the tanod's last known position; null when it is unknown. */
  distanceMeters: z.number().nullable(),
});
export type DashboardIncident = z.infer<typeof dashboardIncidentSchema>;

/** One of the tanod's open loans (not yet returned). */
export const dashboardLoanSchema = z.object({
  _id: z.string(),
  item: z.object({ _id: z.string(), name: z.string(), category: z.enum(INVENTORY_CATEGORIES), image: z.string().nullable() }),
  quantity: z.number().int(),
  borrowedAt: z.string(),
  dueAt: z.string(),
  /** Due time already past. */
  isOverdue: z.boolean(),
});
export type DashboardLoan = z.infer<typeof dashboardLoanSchema>;

export const tanodDashboardSchema = z.object({
  /** The barangay's timezone (settings): the one every time here is shown in. */
  timezone: z.string(),
  /** Today in that timezone, `YYYY-MM-DD`. */
  today: z.string(),
  /** When the server computed this answer (ISO 8601). */
  generatedAt: z.string(),
  /**
   * The shift under way: a schedule of the tanod's whose window holds now (a night shift stays
   * current past midnight until 06:00), or the one whose patrol they have not ended yet.
   */
  currentShift: scheduleSchema.nullable(),
  /** The tanod's first schedule starting after now (after the current one). */
  nextShift: scheduleSchema.nullable(),
  /** The incident the tanod is responding to (in progress, theirs). */
  activeIncident: dashboardIncidentSchema.nullable(),
  nearby: z.object({
    /**
     * `position`: pending incidents within `radiusMeters` of `position`, nearest first;
     * `newest`: no position is known, so the newest pending incidents.
     */
    basis: z.enum(['position', 'newest']),
    /** The tanod's last known position (from tracking) and when it was taken. */
    position: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable(),
    radiusMeters: z.number(),
    items: z.array(dashboardIncidentSchema),
  }),
  /** Items the tanod has not returned: overdue first, then soonest due. */
  loans: z.array(dashboardLoanSchema),
  /** The tanod's figures for this calendar month (performance, docs/product.md §4.10); null when not available. */
  month: tanodPerformanceSummarySchema.nullable(),
  /** The latest ratings an admin has not hidden, newest first. */
  feedback: z.array(publicCommentSchema),
});
export type TanodDashboard = z.infer<typeof tanodDashboardSchema>;

// --- Admin dashboard: `GET /api/dashboard/admin?period=…` (admin, supadmin) -----------------------
//
// docs/product.md §4.11. The period is the performance period (`week|month|quarter|year|custom&from=&to=`,
// default `month`, calendar days in the barangay's time zone). The "now" figures (tanods, open
// incidents, assistance, patrols today, overdue loans) ignore the period; the charts, the heat
// map and the top performers cover it. Rejected reports and false alarms are left out of the
// charts and the heat map: they are not incidents that happened.

/** `?period=week|month|quarter|year|custom&from=&to=` (default `month`). */
export const adminDashboardQuerySchema = performancePeriodQuerySchema;

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

export const responseTrendPointSchema = z.object({
  date: z.string(),
  /** Mean minutes from report to a tanod's response, over the bucket's reports that got one; null without any. */
  averageMinutes: z.number().nullable(),
  /** How many reports the average is over. */
  responded: count,
});

/** A heat map cell: its centre and how many incidents were reported in it. */
export const heatPointSchema = z.object({ lat: z.number(), lng: z.number(), weight: count });
export type HeatPoint = z.infer<typeof heatPointSchema>;

export const topPerformerSchema = z.object({
  tanod: tanodSummarySchema,
  rank: z.number().int(),
  /** How many other tanods share this rank (performance's `tiedWith`). */
  tiedWith: count,
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
