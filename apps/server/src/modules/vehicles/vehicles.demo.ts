import { sql } from 'drizzle-orm';
import type { TripStatus, VehicleCondition } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, type Executor } from '../../db/transaction.ts';
import { trips, vehicles as vehicleTable } from '../../db/schema/index.ts';
import { SeededRandom } from '../../lib/seeded-random.ts';
import { findUserByUsername } from '../users/index.ts';
import { insertTrip, insertVehicle, replaceDrivers } from './vehicles.repository.ts';

/**
 * Demo vehicles (`npm run seed:demo`): two vehicles with a week of trips dated relative to now;
 * before that week, 90 days of trips whose odometers lead up to the week's first trip
 * (seedTripHistory). Drivers come from the demo staff (`tanod1` … `tanod5`, `admin`). Seeding
 * twice changes nothing. The items and loans are inventory.demo.ts's.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const VEHICLES = [
  {
    name: 'Patrol Pickup',
    type: 'pickup',
    plate: 'NDA 4821',
    model: 'Toyota Hilux',
    year: 2019,
    colour: 'White',
    odometer: 48_355,
    status: 'available',
    drivers: ['tanod1', 'tanod4'],
  },
  {
    name: 'Patrol Motorcycle',
    type: 'motorcycle',
    plate: '073 KQM',
    model: 'Honda XRM 125',
    year: 2021,
    colour: 'Blue',
    odometer: 12_090,
    status: 'maintenance',
    drivers: ['tanod2', 'tanod3', 'tanod5'],
  },
] as const;

const TRIPS: {
  vehicle: string;
  driver: string;
  purpose: string;
  destination: string;
  starts: number;
  hours: number;
  status: TripStatus;
  startOdometer: number;
  endOdometer?: number;
  condition?: VehicleCondition;
  notes?: string;
  rejectionReason?: string;
}[] = [
  {
    vehicle: 'NDA 4821',
    driver: 'tanod1',
    purpose: 'Roving patrol of Purok 1 to 4',
    destination: 'Purok 1 to 4',
    starts: -6 * DAY,
    hours: 4,
    status: 'completed',
    startOdometer: 48_210,
    endOdometer: 48_262,
    condition: 'good',
  },
  {
    vehicle: 'NDA 4821',
    driver: 'tanod4',
    purpose: 'Medical transport',
    destination: 'San Isidro Health Center',
    starts: -4 * DAY,
    hours: 2,
    status: 'completed',
    startOdometer: 48_262,
    endOdometer: 48_301,
    condition: 'good',
  },
  {
    vehicle: 'NDA 4821',
    driver: 'tanod1',
    purpose: 'Flood monitoring',
    destination: 'Riverside, Purok 6',
    starts: -2 * DAY,
    hours: 3,
    status: 'completed',
    startOdometer: 48_301,
    endOdometer: 48_355,
    condition: 'needs_cleaning',
    notes: 'Mud in the cargo bed.',
  },
  {
    vehicle: 'NDA 4821',
    driver: 'tanod4',
    purpose: 'Fiesta traffic assistance',
    destination: 'Plaza and chapel',
    starts: DAY,
    hours: 6,
    status: 'approved',
    startOdometer: 48_355,
  },
  {
    vehicle: 'NDA 4821',
    driver: 'tanod1',
    purpose: 'Clean-up drive logistics',
    destination: 'Materials recovery facility',
    starts: 2 * DAY,
    hours: 3,
    status: 'pending',
    startOdometer: 48_355,
  },
  {
    vehicle: '073 KQM',
    driver: 'tanod2',
    purpose: 'Night patrol',
    destination: 'Purok 5 and 7',
    starts: -5 * DAY,
    hours: 5,
    status: 'completed',
    startOdometer: 12_040,
    endOdometer: 12_068,
    condition: 'good',
  },
  {
    vehicle: '073 KQM',
    driver: 'tanod3',
    purpose: 'Errand to the municipal hall',
    destination: 'Municipal hall',
    starts: -3 * DAY,
    hours: 2,
    status: 'rejected',
    startOdometer: 12_068,
    rejectionReason: 'Reserved for the night patrol.',
  },
  {
    vehicle: '073 KQM',
    driver: 'tanod5',
    purpose: 'Relief goods delivery',
    destination: 'Evacuation center',
    starts: -DAY,
    hours: 3,
    status: 'completed',
    startOdometer: 12_068,
    endOdometer: 12_090,
    condition: 'needs_repair',
    notes: 'Front brake is soft.',
  },
  {
    vehicle: '073 KQM',
    driver: 'tanod2',
    purpose: 'School zone watch',
    destination: 'San Isidro Elementary School',
    starts: DAY,
    hours: 2,
    status: 'cancelled',
    startOdometer: 12_090,
  },
];

/** What the demo's trips add up to, for the report's test (a period covering the last 7 and next 3 days). */
export const DEMO_VEHICLE_FIGURES = {
  trips: TRIPS.length,
  completedTrips: TRIPS.filter((trip) => trip.status === 'completed').length,
  distance: TRIPS.reduce((total, trip) => total + (trip.endOdometer ? trip.endOdometer - trip.startOdometer : 0), 0),
} as const;

export async function seedDemoVehicles(deps: AppDeps): Promise<void> {
  const [existing] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(vehicleTable);
  if (Number(existing?.count ?? 0) > 0) return;
  const users = new Map<string, string>();
  for (const username of ['admin', 'tanod1', 'tanod2', 'tanod3', 'tanod4', 'tanod5']) {
    const user = await findUserByUsername(deps.db, username);
    if (!user) throw new Error(`seedDemoVehicles: the demo user ${username} is missing; seed the staff first`);
    users.set(username, user.id);
  }
  const userId = (username: string) => users.get(username)!;
  const now = deps.clock.now().getTime();
  const at = (offset: number) => new Date(now + offset);

  await inTransaction(deps.db, async (tx) => {
    const vehicles = new Map<string, string>();
    for (const { drivers, ...vehicle } of VEHICLES) {
      const row = await insertVehicle(tx, { ...vehicle, createdAt: at(-60 * DAY), updatedAt: at(-DAY) });
      await replaceDrivers(tx, row.id, drivers.map(userId));
      vehicles.set(vehicle.plate, row.id);
    }
    for (const trip of TRIPS) {
      const decided = trip.status === 'pending' ? null : at(trip.starts - DAY);
      await insertTrip(tx, {
        vehicleId: vehicles.get(trip.vehicle)!,
        requesterId: userId(trip.driver),
        purpose: trip.purpose,
        destination: trip.destination,
        startsAt: at(trip.starts),
        endsAt: at(trip.starts + trip.hours * HOUR),
        startOdometer: trip.startOdometer,
        endOdometer: trip.endOdometer ?? null,
        status: trip.status,
        decidedById: decided && trip.status !== 'cancelled' ? userId('admin') : null,
        decidedAt: trip.status === 'cancelled' ? null : decided,
        rejectionReason: trip.rejectionReason ?? null,
        endedAt: trip.status === 'completed' ? at(trip.starts + trip.hours * HOUR) : null,
        condition: trip.condition ?? null,
        notes: trip.notes ?? null,
        createdAt: at(trip.starts - 2 * DAY),
        updatedAt: at(trip.status === 'completed' ? trip.starts + trip.hours * HOUR : trip.starts - DAY),
      });
    }
    const history = VEHICLES.map((vehicle) => ({
      id: vehicles.get(vehicle.plate)!,
      drivers: vehicle.drivers,
      endOdometer: Math.min(...TRIPS.filter((trip) => trip.vehicle === vehicle.plate).map((trip) => trip.startOdometer)),
    }));
    await seedTripHistory(tx, now, history, userId);
  });
}

const PURPOSES = [
  { purpose: 'Roving patrol of Purok 1 to 4', destination: 'Purok 1 to 4' },
  { purpose: 'Medical transport', destination: 'San Isidro Health Center' },
  { purpose: 'Night patrol', destination: 'Purok 5 and 7' },
  { purpose: 'Relief goods delivery', destination: 'Evacuation center' },
  { purpose: 'Errand to the municipal hall', destination: 'Municipal hall' },
];

/**
 * 90 days of past trips on both vehicles before the demo's last week, whose odometers lead up to
 * the week's first trip (`endOdometer`). All of it ends before the last 9 days, so the demo's week
 * (and its report test) is unchanged.
 */
async function seedTripHistory(
  tx: Executor,
  now: number,
  vehicles: { id: string; drivers: readonly string[]; endOdometer: number }[],
  userId: (username: string) => string,
): Promise<void> {
  // A sequence of its own, apart from the loans' (inventory.demo.ts), so either demo can change alone.
  const random = new SeededRandom(23);
  const tripRows: (typeof trips.$inferInsert)[] = [];
  for (const vehicle of vehicles) {
    const planned: {
      startsAt: number;
      hours: number;
      status: 'completed' | 'rejected' | 'cancelled';
      km: number;
      driver: string;
    }[] = [];
    for (let daysAgo = 88; daysAgo >= 12; daysAgo -= random.int(3, 6)) {
      const status = random.weighted<'completed' | 'rejected' | 'cancelled'>([
        { value: 'completed', weight: 80 },
        { value: 'rejected', weight: 10 },
        { value: 'cancelled', weight: 10 },
      ]);
      const startsAt = now - daysAgo * DAY - ((now - daysAgo * DAY) % DAY) + random.int(0, 8) * HOUR;
      planned.push({
        startsAt,
        hours: random.int(2, 6),
        status,
        km: random.int(8, 60),
        driver: random.pick(vehicle.drivers),
      });
    }
    let odometer =
      vehicle.endOdometer - planned.reduce((sum, trip) => sum + (trip.status === 'completed' ? trip.km : 0), 0);
    for (const trip of planned) {
      const endsAt = trip.startsAt + trip.hours * HOUR;
      const purpose = random.pick(PURPOSES);
      const condition =
        trip.status === 'completed'
          ? random.weighted<VehicleCondition>([
              { value: 'good', weight: 85 },
              { value: 'needs_cleaning', weight: 12 },
              { value: 'needs_repair', weight: 3 },
            ])
          : null;
      tripRows.push({
        vehicleId: vehicle.id,
        requesterId: userId(trip.driver),
        ...purpose,
        startsAt: new Date(trip.startsAt),
        endsAt: new Date(endsAt),
        startOdometer: odometer,
        endOdometer: trip.status === 'completed' ? odometer + trip.km : null,
        status: trip.status,
        decidedById: trip.status === 'cancelled' ? null : userId('admin'),
        decidedAt: trip.status === 'cancelled' ? null : new Date(trip.startsAt - DAY),
        rejectionReason: trip.status === 'rejected' ? 'Reserved for the night patrol.' : null,
        endedAt: trip.status === 'completed' ? new Date(endsAt) : null,
        condition,
        createdAt: new Date(trip.startsAt - 2 * DAY),
        updatedAt: new Date(trip.status === 'completed' ? endsAt : trip.startsAt - DAY),
      });
      if (trip.status === 'completed') odometer += trip.km;
    }
  }
  await tx.insert(trips).values(tripRows);
}
