import type { MessageDescriptor } from '@lingui/core';
import { msg, select, t } from '@lingui/core/macro';
import {
  CONDITIONS_NEEDING_REPAIR,
  type Trip,
  type completeTripRequestSchema,
  type createTripRequestSchema,
  type rejectTripRequestSchema,
  type tripListQuerySchema,
} from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import type { TripRow, VehicleRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { appendAuditEntry } from '../audit/index.ts';
import type { Actor } from '../../http/actor.ts';
import { notify, type AfterCommit } from '../notifications/index.ts';
import { barangayTimeZone } from '../settings/index.ts';
import { findPeople } from '../users/index.ts';
import { presentTrip } from './vehicles.presenter.ts';
import { isUuid } from '../../lib/uuid.ts';
import { canHandleTrip, canManageVehicles } from './vehicles.policy.ts';
import {
  findOverlappingApprovedTrip,
  findTrip,
  findTripWithVehicle,
  findVehicle,
  insertTrip,
  isDriverOf,
  listTripRows,
  lockTrip,
  lockVehicle,
  updateTrip,
  updateVehicle,
} from './vehicles.repository.ts';

type RequestInput = z.output<typeof createTripRequestSchema>;
type RejectInput = z.output<typeof rejectTripRequestSchema>;
type CompleteInput = z.output<typeof completeTripRequestSchema>;
type ListQuery = z.output<typeof tripListQuerySchema>;

const ENTITY = 'trip';

async function presentTripById(deps: AppDeps, id: string): Promise<Trip> {
  const row = await findTripWithVehicle(deps.db, id);
  if (!row) throw notFound(msg`Trip not found`);
  const people = await findPeople(deps.db, [row.trip.requesterId, row.trip.decidedById]);
  return presentTrip(row.trip, row.vehicle, people);
}

/** A vehicle that cannot be driven now; null when it can. */
function unavailableReason(vehicle: VehicleRow): MessageDescriptor | null {
  const name = vehicle.name;
  if (vehicle.status === 'maintenance') return msg`${name} is in maintenance`;
  if (vehicle.status === 'out_of_service') return msg`${name} is out of service`;
  return null;
}

async function refuseDoubleBooking(
  deps: AppDeps,
  tx: Tx,
  vehicle: VehicleRow,
  startsAt: Date,
  endsAt: Date,
  exceptId?: string,
): Promise<void> {
  const clash = await findOverlappingApprovedTrip(tx, vehicle.id, startsAt, endsAt, exceptId);
  if (!clash) return;
  const timeZone = await barangayTimeZone(tx);
  const driver = (await findPeople(tx, [clash.requesterId])).get(clash.requesterId);
  const name = vehicle.name;
  const from = formatInZone(timeZone, clash.startsAt, undefined, currentLocale());
  const to = formatInZone(timeZone, clash.endsAt, undefined, currentLocale());
  const purpose = clash.purpose;
  const driverName = driver ? `${driver.firstName} ${driver.lastName}` : null;
  throw new AppError(
    'vehicle_booked',
    driverName
      ? msg`${name} is already booked from ${from} to ${to} for "${purpose}" (${driverName})`
      : msg`${name} is already booked from ${from} to ${to} for "${purpose}"`,
    { fields: [{ field: 'startsAt', message: msg`The vehicle is booked at this time` }] },
  );
}

async function loadForChange(tx: Tx, id: string): Promise<{ trip: TripRow; vehicle: VehicleRow }> {
  // The vehicle's lock comes first (as in every trip change), then the trip's.
  const unlocked = await findTrip(tx, id);
  if (!unlocked) throw notFound(msg`Trip not found`);
  const vehicle = await lockVehicle(tx, unlocked.vehicleId);
  const trip = await lockTrip(tx, id);
  if (!vehicle || !trip) throw notFound(msg`Trip not found`);
  return { trip, vehicle };
}

async function tellDriver(
  deps: AppDeps,
  tx: Tx,
  afterCommit: AfterCommit,
  trip: TripRow,
  vehicle: VehicleRow,
  /** The rejection's reason; null when approved. */
  reason: string | null,
  kind: string,
) {
  const timeZone = await barangayTimeZone(tx);
  await notify(
    deps,
    tx,
    afterCommit,
    { userId: trip.requesterId },
    {
      // In the driver's language (decision 029), the date's month too.
      message: () => {
        const name = vehicle.name;
        const when = formatInZone(timeZone, trip.startsAt, undefined, currentLocale());
        return reason === null
          ? msg`Your vehicle trip request for ${name} on ${when} was approved`
          : msg`Your vehicle trip request for ${name} on ${when} was rejected: ${reason}`;
      },
      kind,
      entity: { type: 'vehicle_request', id: trip.id },
    },
  );
}

/** `trip:updated` for the admins and the trip's driver, once the change is committed. */
function announce(deps: AppDeps, afterCommit: AfterCommit, trip: TripRow): void {
  afterCommit(() =>
    deps.events.publish('trip.updated', { id: trip.id, updatedAt: trip.updatedAt, userIds: [trip.requesterId] }),
  );
}

/** An assigned driver asks for a trip; the admins are told. */
export async function requestTrip(deps: AppDeps, actor: Actor, input: RequestInput): Promise<Trip> {
  const vehicle = await findVehicle(deps.db, input.vehicleId);
  if (!vehicle) throw notFound(msg`Vehicle not found`);
  const name = vehicle.name;
  if (!(await isDriverOf(deps.db, vehicle.id, actor.id)))
    throw forbidden(msg`You are not an assigned driver of ${name}`);
  const unavailable = unavailableReason(vehicle);
  if (unavailable) throw new AppError('CONFLICT', unavailable);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const now = deps.clock.now();
  if (endsAt <= now) {
    throw new AppError('VALIDATION_FAILED', msg`endsAt: The trip must end in the future`, {
      fields: [{ field: 'endsAt', message: msg`The trip must end in the future` }],
    });
  }
  const odometer = vehicle.odometer;
  if (input.startOdometer < odometer) {
    throw new AppError(
      'CONFLICT',
      msg`The start odometer cannot be below ${name}'s reading of ${odometer} km`,
      {
        fields: [{ field: 'startOdometer', message: msg`At least ${odometer} km` }],
      },
    );
  }
  const trip = await inTransaction(deps.db, async (tx, afterCommit) => {
    await refuseDoubleBooking(deps, tx, vehicle, startsAt, endsAt);
    const row = await insertTrip(tx, {
      vehicleId: vehicle.id,
      requesterId: actor.id,
      purpose: input.purpose,
      destination: input.destination,
      destinationLat: input.destinationPoint?.lat ?? null,
      destinationLng: input.destinationPoint?.lng ?? null,
      startsAt,
      endsAt,
      startOdometer: input.startOdometer,
      createdAt: now,
      updatedAt: now,
    });
    const driver = (await findPeople(tx, [actor.id])).get(actor.id);
    await notify(
      deps,
      tx,
      afterCommit,
      { role: 'admins' },
      {
        // In each admin's language (decision 029).
        message: () => {
          const driverName = driver ? `${driver.firstName} ${driver.lastName}` : t`A driver`;
          const purpose = input.purpose;
          return msg`New vehicle trip request: ${driverName} asks for ${name} (${purpose})`;
        },
        kind: 'trip.requested',
        entity: { type: 'vehicle_request', id: row.id },
      },
    );
    announce(deps, afterCommit, row);
    return row;
  });
  return presentTripById(deps, trip.id);
}

/** Approval holds the vehicle's lock, so two overlapping approvals run in turn and the second is refused. */
export async function approveTrip(deps: AppDeps, actor: Actor, id: string): Promise<Trip> {
  if (!canManageVehicles(actor)) throw forbidden();
  if (!isUuid(id)) throw notFound(msg`Trip not found`);
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const now = deps.clock.now();
    const { trip, vehicle } = await loadForChange(tx, id);
    const status = trip.status;
    if (status !== 'pending') throw new AppError('CONFLICT', msg`This trip is ${select(status, { pending: 'pending', approved: 'approved', rejected: 'rejected', completed: 'completed', other: 'cancelled' })}, not pending`);
    const unavailable = unavailableReason(vehicle);
    if (unavailable) throw new AppError('CONFLICT', unavailable);
    await refuseDoubleBooking(deps, tx, vehicle, trip.startsAt, trip.endsAt, trip.id);
    const updated = await updateTrip(tx, id, {
      status: 'approved',
      decidedById: actor.id,
      decidedAt: now,
      updatedAt: now,
    });
    await appendAuditEntry(tx, {
      actor,
      action: 'approve',
      entity: ENTITY,
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'approved' },
      at: now,
    });
    await tellDriver(deps, tx, afterCommit, updated, vehicle, null, 'trip.approved');
    announce(deps, afterCommit, updated);
  });
  return presentTripById(deps, id);
}

export async function rejectTrip(deps: AppDeps, actor: Actor, id: string, input: RejectInput): Promise<Trip> {
  if (!canManageVehicles(actor)) throw forbidden();
  if (!isUuid(id)) throw notFound(msg`Trip not found`);
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const now = deps.clock.now();
    const { trip, vehicle } = await loadForChange(tx, id);
    const status = trip.status;
    if (status !== 'pending') throw new AppError('CONFLICT', msg`This trip is ${select(status, { pending: 'pending', approved: 'approved', rejected: 'rejected', completed: 'completed', other: 'cancelled' })}, not pending`);
    const updated = await updateTrip(tx, id, {
      status: 'rejected',
      decidedById: actor.id,
      decidedAt: now,
      rejectionReason: input.reason,
      updatedAt: now,
    });
    await appendAuditEntry(tx, {
      actor,
      action: 'reject',
      entity: ENTITY,
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', reason: input.reason },
      at: now,
    });
    await tellDriver(deps, tx, afterCommit, updated, vehicle, input.reason, 'trip.rejected');
    announce(deps, afterCommit, updated);
  });
  return presentTripById(deps, id);
}

export async function cancelTrip(deps: AppDeps, actor: Actor, id: string): Promise<Trip> {
  if (!isUuid(id)) throw notFound(msg`Trip not found`);
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const now = deps.clock.now();
    const { trip } = await loadForChange(tx, id);
    if (!canHandleTrip(actor, trip)) throw forbidden(msg`Only the driver or an admin can cancel this trip`);
    const status = trip.status;
    if (status !== 'pending' && status !== 'approved')
      throw new AppError('CONFLICT', msg`This trip is ${select(status, { pending: 'pending', approved: 'approved', rejected: 'rejected', completed: 'completed', other: 'cancelled' })} and cannot be cancelled`);
    announce(deps, afterCommit, await updateTrip(tx, id, { status: 'cancelled', updatedAt: now }));
    if (trip.requesterId !== actor.id) {
      await appendAuditEntry(tx, {
        actor,
        action: 'cancel',
        entity: ENTITY,
        entityId: id,
        before: { status: trip.status },
        after: { status: 'cancelled' },
        at: now,
      });
    }
  });
  return presentTripById(deps, id);
}

/**
 * Ends an approved trip: the vehicle's odometer moves to the end reading, and a condition that
 * needs repair puts the vehicle in maintenance.
 */
export async function completeTrip(deps: AppDeps, actor: Actor, id: string, input: CompleteInput): Promise<Trip> {
  if (!isUuid(id)) throw notFound(msg`Trip not found`);
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const now = deps.clock.now();
    const { trip, vehicle } = await loadForChange(tx, id);
    if (!canHandleTrip(actor, trip)) throw forbidden(msg`Only the driver or an admin can complete this trip`);
    const status = trip.status;
    if (status !== 'approved')
      throw new AppError('CONFLICT', msg`This trip is ${select(status, { pending: 'pending', approved: 'approved', rejected: 'rejected', completed: 'completed', other: 'cancelled' })}; only approved trips can be completed`);
    const start = trip.startOdometer;
    if (input.endOdometer <= start) {
      throw new AppError(
        'VALIDATION_FAILED',
        msg`endOdometer: The end odometer must be greater than the start (${start} km)`,
        {
          fields: [{ field: 'endOdometer', message: msg`More than ${start} km` }],
        },
      );
    }
    const completed = await updateTrip(tx, id, {
      status: 'completed',
      endedAt: now,
      endOdometer: input.endOdometer,
      condition: input.condition,
      notes: input.notes,
      updatedAt: now,
    });
    announce(deps, afterCommit, completed);
    const needsRepair = CONDITIONS_NEEDING_REPAIR.includes(input.condition);
    await updateVehicle(tx, vehicle.id, {
      odometer: Math.max(vehicle.odometer, input.endOdometer),
      ...(needsRepair ? { status: 'maintenance' as const } : {}),
      updatedAt: now,
    });
    if (trip.requesterId !== actor.id) {
      await appendAuditEntry(tx, {
        actor,
        action: 'complete',
        entity: ENTITY,
        entityId: id,
        before: { status: 'approved' },
        after: { status: 'completed', endOdometer: input.endOdometer, condition: input.condition },
        at: now,
      });
    }
  });
  return presentTripById(deps, id);
}

/** Admins see every trip; a tanod only their own. */
export async function listTrips(deps: AppDeps, actor: Actor, query: ListQuery): Promise<Trip[]> {
  let driverId = query.driverId;
  if (!canManageVehicles(actor)) {
    if (driverId && driverId !== actor.id) throw forbidden(msg`You can only see your own trips`);
    driverId = actor.id;
  }
  const rows = await listTripRows(deps.db, {
    vehicleId: query.vehicleId,
    driverId,
    status: query.status,
    limit: query.limit,
  });
  const people = await findPeople(
    deps.db,
    rows.flatMap(({ trip }) => [trip.requesterId, trip.decidedById]),
  );
  return rows.map(({ trip, vehicle }) => presentTrip(trip, vehicle, people));
}
