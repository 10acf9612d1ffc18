import { msg } from '@lingui/core/macro';
import { TANOD_DASHBOARD_LIMITS, type TanodDashboard } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { forbidden } from '../../lib/app-error.ts';
import { dayIn } from '../../lib/time-zone.ts';
import type { Actor } from '../../http/actor.ts';
import { listRecentComments } from '../evaluations/index.ts';
import { presentSchedules } from '../schedules/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { monthFigures } from './tanod-dashboard.month.ts';
import { canSeeTanodDashboard } from './tanod-dashboard.policy.ts';
import { presentDashboardIncident, presentDashboardLoan } from './tanod-dashboard.presenter.ts';
import {
  findActiveIncidentOf,
  findCurrentScheduleOf,
  findLatestPositionOf,
  findNextScheduleOf,
  listNewestPending,
  listOpenLoansOf,
  listPendingNear,
} from './tanod-dashboard.repository.ts';

/** More open loans than a tanod can carry; the card links to /Equipments for the full list. */
const LOANS_MAX = 20;

/** `GET /api/dashboard/tanod`: everything the tanod's /Dashboard shows about them, in one answer. */
export async function getTanodDashboard(deps: AppDeps, actor: Actor): Promise<TanodDashboard> {
  if (!canSeeTanodDashboard(actor)) throw forbidden(msg`Only tanods have this dashboard`);
  const now = deps.clock.now();
  const { timezone } = await getPublicSettings(deps);
  const { db } = deps;

  const [current, active, position, loans, feedback, month] = await Promise.all([
    findCurrentScheduleOf(db, actor.id, now),
    findActiveIncidentOf(db, actor.id),
    findLatestPositionOf(db, actor.id),
    listOpenLoansOf(db, actor.id, LOANS_MAX),
    listRecentComments(db, [actor.id], TANOD_DASHBOARD_LIMITS.feedbackMax),
    monthFigures(deps, actor),
  ]);
  // The next shift starts after the current one (a patrol may run past its window, so after now too).
  const next = await findNextScheduleOf(db, actor.id, current && current.startsAt > now ? current.startsAt : now);
  const shifts = await presentSchedules(db, [current, next].filter((row) => row !== undefined), now);
  const nearbyRows = position
    ? await listPendingNear(db, position, TANOD_DASHBOARD_LIMITS.nearbyRadiusMeters, TANOD_DASHBOARD_LIMITS.nearbyMax)
    : await listNewestPending(db, TANOD_DASHBOARD_LIMITS.nearbyMax);

  return {
    timezone,
    today: dayIn(timezone, now),
    generatedAt: now.toISOString(),
    currentShift: current ? shifts[0]! : null,
    nextShift: next ? shifts.at(-1)! : null,
    activeIncident: active ? presentDashboardIncident({ incident: active, distance: null }) : null,
    nearby: {
      basis: position ? 'position' : 'newest',
      position: position ? { lat: position.lat, lng: position.lng, at: position.at.toISOString() } : null,
      radiusMeters: TANOD_DASHBOARD_LIMITS.nearbyRadiusMeters,
      items: nearbyRows.map(presentDashboardIncident),
    },
    loans: loans.map((row) => presentDashboardLoan(row, now)),
    month,
    feedback: feedback.map((row) => ({
      _id: row.id,
      rating: row.rating,
      comment: row.comment,
      name: row.reviewerName,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
