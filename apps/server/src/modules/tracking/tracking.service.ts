import { msg } from '@lingui/core/macro';
import {
  PATROL_LIMITS,
  pointNearPolygon,
  trackingPointInputSchema,
  type LivePosition,
  type Polygon,
  type TrackingPointsAck,
  type TrackingState,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { translate } from '../../lib/i18n.ts';
import type { Actor } from '../../http/actor.ts';
import { notify } from '../notifications/index.ts';
import {
  claimOutsideAlert,
  findActivePatrolDuty,
  isOnOngoingSchedule,
  isTrackingSwitchedOn,
  listLivePositions,
  markInside,
  markOutside,
  setTrackingSwitch,
  storePoints,
  type StoredPoint,
} from './tracking.repository.ts';

/** The accuracy counted as tolerance at most when deciding inside or outside the area. */
const MAX_TOLERANCE_METERS = 100;
/** How long a tanod's patrol (and its area) is trusted from memory before it is read again. */
const PATROL_CACHE_MS = 10_000;

/** Why a tanod may send points now: the patrol in progress (with its area), or their own switch. */
interface Duty {
  patrol: {
    id: string;
    startedAt: Date;
    areaName: string;
    polygon: Polygon;
    tanodName: string;
    outsideSince: Date | null;
    outsideAlertedAt: Date | null;
    /** Device time of the newest point already judged inside or outside. */
    evaluatedUntil: Date | null;
  } | null;
}

interface PendingBatch {
  points: StoredPoint[];
  done: (error?: unknown) => void;
}

/**
 * Live tracking. One per app instance (AppDeps.trackingIngest): its write queue and patrol cache
 * are shared by every socket. Points arrive in small batches from many sockets; those that
 * arrive while a write is running are stored together in the next one (one statement stores the
 * points and moves the latest positions), so the database sees a few large statements instead of
 * many small ones. A batch is acknowledged only after its points committed: nothing acknowledged
 * is lost.
 */
export class TrackingIngest {
  private readonly patrols = new Map<string, { duty: Duty; loadedAt: number }>();
  private queue: PendingBatch[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'deliveries'>) {
    // A patrol started or ended on this instance takes effect at once; others within PATROL_CACHE_MS.
    deps.events.subscribe('tracking.status', ({ userId }) => this.patrols.delete(userId));
  }

  private async dutyOf(userId: string, now: Date): Promise<Duty | null> {
    const cached = this.patrols.get(userId);
    if (cached && performance.now() - cached.loadedAt < PATROL_CACHE_MS) return cached.duty;
    const row = await findActivePatrolDuty(this.deps.db, userId);
    if (row?.patrolId && row.startedAt && row.polygon) {
      const previous = cached?.duty.patrol?.id === row.patrolId ? cached.duty.patrol.evaluatedUntil : null;
      const duty: Duty = {
        patrol: {
          id: row.patrolId,
          startedAt: row.startedAt,
          areaName: row.areaName ?? 'the area',
          polygon: row.polygon,
          tanodName: `${row.firstName} ${row.lastName}`,
          outsideSince: row.outsideSince,
          outsideAlertedAt: row.outsideAlertedAt,
          evaluatedUntil: previous,
        },
      };
      this.patrols.set(userId, { duty, loadedAt: performance.now() });
      return duty;
    }
    this.patrols.delete(userId);
    // Not on patrol: only the tanod's own switch during an ongoing schedule allows tracking.
    const switched = await isTrackingSwitchedOn(this.deps.db, userId);
    if (switched && (await isOnOngoingSchedule(this.deps.db, userId, now))) return { patrol: null };
    return null;
  }

  /** Handles one `tracking:points` batch of a tanod and answers its acknowledgement. */
  async ingest(userId: string, raw: unknown): Promise<TrackingPointsAck> {
    const max = PATROL_LIMITS.pointsPerBatchMax;
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > max) {
      return { accepted: 0, rejected: 0, error: { code: 'VALIDATION_FAILED', message: translate(msg`Send an array of 1 to ${max} points`) } };
    }
    const now = this.deps.clock.now();
    const duty = await this.dutyOf(userId, now);
    if (!duty) {
      return { accepted: 0, rejected: 0, error: { code: 'not_on_duty', message: translate(msg`Tracking is off: you are not on patrol or on duty`) } };
    }
    const points: StoredPoint[] = [];
    let rejected = 0;
    for (const candidate of raw) {
      const parsed = trackingPointInputSchema.safeParse(candidate);
      const at = parsed.success ? new Date(parsed.data.at) : null;
      if (!parsed.success || !at || at.getTime() > now.getTime() + PATROL_LIMITS.pointFutureSkewMs || at.getTime() < now.getTime() - PATROL_LIMITS.pointMaxAgeMs) {
        rejected += 1;
        continue;
      }
      const onPatrol = duty.patrol && at >= duty.patrol.startedAt ? duty.patrol.id : null;
      points.push({
        userId,
        patrolId: onPatrol,
        at,
        receivedAt: now,
        lat: parsed.data.lat,
        lng: parsed.data.lng,
        accuracy: parsed.data.accuracy,
        speed: parsed.data.speed ?? null,
        heading: parsed.data.heading ?? null,
      });
    }
    if (points.length > 0) await this.store(points);
    if (duty.patrol) await this.judgeExcursion(duty.patrol, points, now);
    return { accepted: points.length, rejected };
  }

  private store(points: StoredPoint[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ points, done: (error) => (error ? reject(error) : resolve()) });
      this.writing ??= this.drain();
    });
  }

  /** Writes queued batches until the queue is empty; batches that arrive meanwhile go together. */
  private async drain(): Promise<void> {
    // Let the batches of this tick join the first write.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batches = this.queue;
      this.queue = [];
      try {
        const points = batches.flatMap((batch) => batch.points);
        const newest = new Map<string, StoredPoint>();
        for (const point of points) {
          const current = newest.get(point.userId);
          if (!current || point.at > current.at) newest.set(point.userId, point);
        }
        const advanced = await storePoints(this.deps.db, points);
        for (const userId of advanced) {
          const point = newest.get(userId)!;
          this.deps.events.publish('tracking.position', {
            userId,
            patrolId: point.patrolId,
            at: point.at.toISOString(),
            lat: point.lat,
            lng: point.lng,
            accuracy: point.accuracy,
            speed: point.speed,
            heading: point.heading,
          });
        }
        for (const batch of batches) batch.done();
      } catch (error) {
        for (const batch of batches) batch.done(error);
      }
    }
    this.writing = null;
  }

  /**
   * docs/product.md §4.7: outside the area (allowing for the accuracy) for more than 5 minutes notifies the
   * admins, once per excursion; coming back inside ends the excursion. Judged on device times, in
   * order, so an offline backlog counts as it happened.
   */
  private async judgeExcursion(patrol: NonNullable<Duty['patrol']>, points: StoredPoint[], now: Date): Promise<void> {
    const fresh = points
      .filter((point) => point.patrolId === patrol.id && (!patrol.evaluatedUntil || point.at > patrol.evaluatedUntil))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const point of fresh) {
      const inside = pointNearPolygon(point, patrol.polygon, Math.min(point.accuracy ?? 0, MAX_TOLERANCE_METERS));
      if (inside) {
        if (patrol.outsideSince) await markInside(this.deps.db, patrol.id);
        patrol.outsideSince = null;
        patrol.outsideAlertedAt = null;
      } else if (!patrol.outsideSince) {
        await markOutside(this.deps.db, patrol.id, point.at);
        patrol.outsideSince = point.at;
      } else if (!patrol.outsideAlertedAt && point.at.getTime() - patrol.outsideSince.getTime() > PATROL_LIMITS.outOfAreaAlertMs) {
        patrol.outsideAlertedAt = now;
        await inTransaction(this.deps.db, async (tx, afterCommit) => {
          if (!(await claimOutsideAlert(tx, patrol.id, now))) return;
          await notify(
            this.deps,
            tx,
            afterCommit,
            { role: 'admins' },
            {
              // In each admin's language (decision 029).
              message: () => {
                const { tanodName, areaName } = patrol;
                return msg`Patrol alert: ${tanodName} has been outside ${areaName} for more than 5 minutes`;
              },
              kind: 'patrol.out_of_area',
              entity: { type: 'patrol', id: patrol.id },
            },
          );
        });
      }
      patrol.evaluatedUntil = point.at;
    }
  }
}

export async function getTrackingState(deps: AppDeps, actor: Actor): Promise<TrackingState> {
  const patrol = await findActivePatrolDuty(deps.db, actor.id);
  const isSwitchedOn = await isTrackingSwitchedOn(deps.db, actor.id);
  const onSchedule = isSwitchedOn && (await isOnOngoingSchedule(deps.db, actor.id, deps.clock.now()));
  return { isTracking: Boolean(patrol) || onSchedule, patrolId: patrol?.patrolId ?? null, isSwitchedOn };
}

/** `PUT /api/tracking/me`: switching on needs a patrol or an ongoing schedule (no tracking off duty). */
export async function switchTracking(deps: AppDeps, actor: Actor, on: boolean): Promise<TrackingState> {
  const now = deps.clock.now();
  if (on) {
    const onDuty = Boolean(await findActivePatrolDuty(deps.db, actor.id)) || (await isOnOngoingSchedule(deps.db, actor.id, now));
    if (!onDuty) throw new AppError('not_on_duty', msg`You can turn tracking on only during your shift`);
  }
  await setTrackingSwitch(deps.db, actor.id, on, now);
  const state = await getTrackingState(deps, actor);
  deps.events.publish('tracking.status', { userId: actor.id, patrolId: state.patrolId, isTracking: state.isTracking, at: now.toISOString() });
  return state;
}

export async function listLive(deps: AppDeps): Promise<LivePosition[]> {
  const rows = await listLivePositions(deps.db);
  return rows.map(({ position, tanod, area, activePatrolId }) => ({
    userId: position.userId,
    patrolId: activePatrolId,
    at: position.at.toISOString(),
    lat: position.lat,
    lng: position.lng,
    accuracy: position.accuracy,
    speed: position.speed,
    heading: position.heading,
    tanod: { _id: tanod.id, firstName: tanod.firstName, lastName: tanod.lastName, profilePicture: tanod.profilePicture },
    patrolArea: activePatrolId && area ? { _id: area.id, name: area.name, color: area.color } : null,
  }));
}
