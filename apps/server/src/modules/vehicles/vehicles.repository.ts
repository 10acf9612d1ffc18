import { and, asc, desc, eq, gt, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { TripStatus } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { trips, vehicleDrivers, vehicles, type TripRow, type VehicleRow } from '../../db/schema/index.ts';

// --- Vehicles -------------------------------------------------------------------------------------

export async function insertVehicle(tx: Executor, values: typeof vehicles.$inferInsert): Promise<VehicleRow> {
  const [row] = await tx.insert(vehicles).values(values).returning();
  return row!;
}

export async function updateVehicle(
  tx: Executor,
  id: string,
  values: Partial<typeof vehicles.$inferInsert>,
): Promise<VehicleRow> {
  const [row] = await tx.update(vehicles).set(values).where(eq(vehicles.id, id)).returning();
  return row!;
}

export async function findVehicle(db: Executor, id: string): Promise<VehicleRow | undefined> {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id)).limit(1);
  return row;
}

/**
 * Locks the vehicle's row until the transaction ends. Approvals and completions of its trips take
 * this lock first, so two overlapping approvals cannot both pass the booking check.
 */
export async function lockVehicle(tx: Executor, id: string): Promise<VehicleRow | undefined> {
  const [row] = await tx.select().from(vehicles).where(eq(vehicles.id, id)).for('update').limit(1);
  return row;
}

/** All vehicles, or those a driver is assigned to; by name. */
export async function listVehicleRows(db: Executor, driverId?: string): Promise<VehicleRow[]> {
  const assigned = driverId
    ? inArray(
        vehicles.id,
        db.select({ id: vehicleDrivers.vehicleId }).from(vehicleDrivers).where(eq(vehicleDrivers.userId, driverId)),
      )
    : undefined;
  return db.select().from(vehicles).where(assigned).orderBy(asc(vehicles.name), asc(vehicles.plate));
}

/** The assigned drivers of each vehicle. */
export async function driversOf(db: Executor, vehicleIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(vehicleIds.map((id) => [id, []]));
  if (vehicleIds.length === 0) return result;
  const rows = await db.select().from(vehicleDrivers).where(inArray(vehicleDrivers.vehicleId, vehicleIds));
  for (const row of rows) result.get(row.vehicleId)?.push(row.userId);
  return result;
}

export async function isDriverOf(db: Executor, vehicleId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: vehicleDrivers.userId })
    .from(vehicleDrivers)
    .where(and(eq(vehicleDrivers.vehicleId, vehicleId), eq(vehicleDrivers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function replaceDrivers(tx: Executor, vehicleId: string, userIds: readonly string[]): Promise<void> {
  await tx.delete(vehicleDrivers).where(eq(vehicleDrivers.vehicleId, vehicleId));
  if (userIds.length > 0)
    await tx.insert(vehicleDrivers).values([...new Set(userIds)].map((userId) => ({ vehicleId, userId })));
}

/** The vehicles among `ids` out on an approved trip that has started. */
export async function vehiclesOnTrip(db: Executor, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ vehicleId: trips.vehicleId })
    .from(trips)
    .where(and(inArray(trips.vehicleId, ids), eq(trips.status, 'approved'), lte(trips.startsAt, now)));
  return new Set(rows.map((row) => row.vehicleId));
}

// --- Trips ----------------------------------------------------------------------------------------

export interface TripWithVehicle {
  trip: TripRow;
  vehicle: Pick<VehicleRow, 'id' | 'name' | 'plate'>;
}

const vehicleColumns = { id: vehicles.id, name: vehicles.name, plate: vehicles.plate };

export async function insertTrip(tx: Executor, values: typeof trips.$inferInsert): Promise<TripRow> {
  const [row] = await tx.insert(trips).values(values).returning();
  return row!;
}

export async function findTrip(db: Executor, id: string): Promise<TripRow | undefined> {
  const [row] = await db.select().from(trips).where(eq(trips.id, id)).limit(1);
  return row;
}

export async function lockTrip(tx: Executor, id: string): Promise<TripRow | undefined> {
  const [row] = await tx.select().from(trips).where(eq(trips.id, id)).for('update').limit(1);
  return row;
}

export async function updateTrip(
  tx: Executor,
  id: string,
  values: Partial<typeof trips.$inferInsert>,
): Promise<TripRow> {
  const [row] = await tx.update(trips).set(values).where(eq(trips.id, id)).returning();
  return row!;
}

export async function findTripWithVehicle(db: Executor, id: string): Promise<TripWithVehicle | undefined> {
  const [row] = await db
    .select({ trip: trips, vehicle: vehicleColumns })
    .from(trips)
    .innerJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .where(eq(trips.id, id))
    .limit(1);
  return row;
}

/** An approved trip of the vehicle whose period overlaps [startsAt, endsAt), other than `exceptId`. */
export async function findOverlappingApprovedTrip(
  db: Executor,
  vehicleId: string,
  startsAt: Date,
  endsAt: Date,
  exceptId?: string,
): Promise<TripRow | undefined> {
  const conditions: SQL[] = [
    eq(trips.vehicleId, vehicleId),
    eq(trips.status, 'approved'),
    lt(trips.startsAt, endsAt),
    gt(trips.endsAt, startsAt),
  ];
  if (exceptId) conditions.push(ne(trips.id, exceptId));
  const [row] = await db
    .select()
    .from(trips)
    .where(and(...conditions))
    .orderBy(asc(trips.startsAt))
    .limit(1);
  return row;
}

export interface TripFilter {
  vehicleId?: string;
  driverId?: string;
  status?: TripStatus;
  limit: number;
}

/** Pending first (soonest first), then the rest (latest start first). */
export async function listTripRows(db: Executor, filter: TripFilter): Promise<TripWithVehicle[]> {
  const conditions: SQL[] = [];
  if (filter.vehicleId) conditions.push(eq(trips.vehicleId, filter.vehicleId));
  if (filter.driverId) conditions.push(eq(trips.requesterId, filter.driverId));
  if (filter.status) conditions.push(eq(trips.status, filter.status));
  return db
    .select({ trip: trips, vehicle: vehicleColumns })
    .from(trips)
    .innerJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .where(and(...conditions))
    .orderBy(
      sql`case when ${trips.status} = 'pending' then 0 else 1 end`,
      sql`case when ${trips.status} = 'pending' then ${trips.startsAt} end asc`,
      desc(trips.startsAt),
      desc(trips.id),
    )
    .limit(filter.limit);
}
