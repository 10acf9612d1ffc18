import { msg } from '@lingui/core/macro';
import type { Vehicle, createVehicleRequestSchema, updateVehicleRequestSchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, type Executor } from '../../db/transaction.ts';
import type { VehicleRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { appendAuditEntry } from '../audit/index.ts';
import type { Actor } from '../../http/actor.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { findActiveTanods, findPeople } from '../users/index.ts';
import { presentVehicle } from './vehicles.presenter.ts';
import { isUuid } from '../../lib/uuid.ts';
import { canManageVehicles } from './vehicles.policy.ts';
import { replaceResourcePhoto } from '../files/index.ts';
import {
  driversOf,
  findVehicle,
  insertVehicle,
  listVehicleRows,
  lockVehicle,
  replaceDrivers,
  updateVehicle,
  vehiclesOnTrip,
} from './vehicles.repository.ts';

type CreateInput = z.output<typeof createVehicleRequestSchema>;
type UpdateInput = z.output<typeof updateVehicleRequestSchema>;

const ENTITY = 'vehicle';

function requireManager(actor: Actor): void {
  if (!canManageVehicles(actor)) throw forbidden();
}

const duplicatePlate = (plate: string) =>
  new AppError('CONFLICT', msg`Another vehicle already has the plate ${plate}`, {
    fields: [{ field: 'plate', message: msg`This plate is already registered` }],
  });

/** Presents vehicles with their drivers and whether they are out on a trip now. */
async function presentVehicles(deps: AppDeps, db: Executor, rows: VehicleRow[]): Promise<Vehicle[]> {
  const ids = rows.map((row) => row.id);
  const [drivers, onTrip] = await Promise.all([driversOf(db, ids), vehiclesOnTrip(db, ids, deps.clock.now())]);
  const people = await findPeople(db, [...drivers.values()].flat());
  return rows.map((row) => presentVehicle(row, drivers.get(row.id) ?? [], people, onTrip.has(row.id)));
}

async function presentVehicleById(deps: AppDeps, id: string): Promise<Vehicle> {
  const row = await findVehicle(deps.db, id);
  if (!row) throw notFound(msg`Vehicle not found`);
  return (await presentVehicles(deps, deps.db, [row]))[0]!;
}

/** Drivers must be active tanods; anyone else is named in the error. */
async function checkDrivers(db: Executor, driverIds: readonly string[]): Promise<void> {
  const tanods = new Set((await findActiveTanods(db, driverIds)).map((user) => user.id));
  const invalid = driverIds.findIndex((id) => !tanods.has(id));
  if (invalid >= 0) {
    throw new AppError('VALIDATION_FAILED', msg`driverIds: Drivers must be active tanods`, {
      fields: [{ field: `driverIds.${invalid}`, message: msg`Choose an active tanod` }],
    });
  }
}

/** Admins see every vehicle; a tanod the vehicles they are assigned to drive. */
export async function listVehicles(deps: AppDeps, actor: Actor): Promise<Vehicle[]> {
  const rows = await listVehicleRows(deps.db, canManageVehicles(actor) ? undefined : actor.id);
  return presentVehicles(deps, deps.db, rows);
}

export async function createVehicle(deps: AppDeps, actor: Actor, input: CreateInput): Promise<Vehicle> {
  requireManager(actor);
  await checkDrivers(deps.db, input.driverIds);
  const { driverIds, ...fields } = input;
  try {
    const vehicle = await inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      const row = await insertVehicle(tx, { ...fields, createdAt: now, updatedAt: now });
      await replaceDrivers(tx, row.id, driverIds);
      await appendAuditEntry(tx, {
        actor,
        action: 'create',
        entity: ENTITY,
        entityId: row.id,
        after: { ...input },
        at: now,
      });
      return row;
    });
    return presentVehicleById(deps, vehicle.id);
  } catch (error) {
    if (uniqueViolation(error)) throw duplicatePlate(input.plate);
    throw error;
  }
}

/** Odometers only go forward: a lower reading than the current one is refused, naming it. */
export async function editVehicle(deps: AppDeps, actor: Actor, id: string, input: UpdateInput): Promise<Vehicle> {
  requireManager(actor);
  if (!isUuid(id)) throw notFound(msg`Vehicle not found`);
  if (input.driverIds) await checkDrivers(deps.db, input.driverIds);
  const { driverIds, ...fields } = input;
  try {
    await inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      const before = await lockVehicle(tx, id);
      if (!before) throw notFound(msg`Vehicle not found`);
      if (fields.odometer !== undefined && fields.odometer < before.odometer) {
        const name = before.name;
        const odometer = before.odometer;
        throw new AppError(
          'CONFLICT',
          msg`The odometer cannot go back: ${name} already reads ${odometer} km`,
          {
            fields: [{ field: 'odometer', message: msg`At least ${odometer} km` }],
          },
        );
      }
      await updateVehicle(tx, id, { ...fields, updatedAt: now });
      const previousDrivers = driverIds ? (await driversOf(tx, [id])).get(id) : undefined;
      if (driverIds) await replaceDrivers(tx, id, driverIds);
      const changed = Object.keys(fields) as (keyof typeof fields)[];
      await appendAuditEntry(tx, {
        actor,
        action: 'update',
        entity: ENTITY,
        entityId: id,
        before: {
          ...Object.fromEntries(changed.map((key) => [key, before[key]])),
          ...(previousDrivers ? { driverIds: previousDrivers } : {}),
        },
        after: { ...input },
        at: now,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) && fields.plate) throw duplicatePlate(fields.plate);
    throw error;
  }
  return presentVehicleById(deps, id);
}

export async function updateVehiclePhoto(deps: AppDeps, actor: Actor, id: string, bytes: Buffer): Promise<Vehicle> {
  requireManager(actor);
  if (!isUuid(id) || !(await findVehicle(deps.db, id))) throw notFound(msg`Vehicle not found`);
  await replaceResourcePhoto(deps.files, bytes, (url) =>
    inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      const vehicle = await lockVehicle(tx, id);
      if (!vehicle) throw notFound(msg`Vehicle not found`);
      await updateVehicle(tx, id, { image: url, updatedAt: now });
      await appendAuditEntry(tx, {
        actor,
        action: 'update_photo',
        entity: ENTITY,
        entityId: id,
        before: { image: vehicle.image },
        after: { image: url },
        at: now,
      });
      return vehicle.image;
    }),
  );
  return presentVehicleById(deps, id);
}
