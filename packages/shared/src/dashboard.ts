import { z } from 'zod';
import { INCIDENT_CLASSIFICATIONS, INCIDENT_STATUSES } from './incidents.ts';
import { publicCommentSchema } from './evaluations.ts';
import { scheduleSchema } from './schedules.ts';
import { tanodPerformanceSummarySchema } from './performance.ts';
import { INVENTORY_CATEGORIES } from './resources.ts';

// --- Tanod dashboard: `GET /api/dashboard/tanod` (issue 13 item 6; product §4.11). -----------------

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
  /** The tanod's figures for this calendar month (performance, product §4.10); null when not available. */
  month: tanodPerformanceSummarySchema.nullable(),
  /** The latest ratings an admin has not hidden, newest first. */
  feedback: z.array(publicCommentSchema),
});
export type TanodDashboard = z.infer<typeof tanodDashboardSchema>;
