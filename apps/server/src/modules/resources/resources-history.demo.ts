import type { ReturnCondition, VehicleCondition } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { loans, trips } from '../../db/schema/index.ts';
import { SeededRandom } from '../../lib/seeded-random.ts';

/**
 * 90 days of returned loans and past trips before the demo's last week (the on-time return
 * rate and dashboards): loans returned on time, a few hours late or days late, in good order or
 * not; trips on both vehicles whose odometers lead up to the demo's first trip of the week. All of
 * it ends before the last 9 days, so the demo's week (and its report test) is unchanged.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LENT = [
  'Handheld radio (Baofeng UV-5R)',
  'LED flashlight',
  'Headlamp',
  'Reflective vest',
  'Raincoat (adult)',
  'Rattan baton',
  'Megaphone',
  'Rubber boots',
  'Traffic cone',
  'First-aid kit',
];
const PURPOSES = [
  { purpose: 'Roving patrol of Purok 1 to 4', destination: 'Purok 1 to 4' },
  { purpose: 'Medical transport', destination: 'San Isidro Health Center' },
  { purpose: 'Night patrol', destination: 'Purok 5 and 7' },
  { purpose: 'Relief goods delivery', destination: 'Evacuation center' },
  { purpose: 'Errand to the municipal hall', destination: 'Municipal hall' },
];

export interface ResourceHistoryContext {
  now: number;
  items: Map<string, string>;
  /** Plate → id, drivers (usernames) and the odometer the history must end at (the demo week's first trip). */
  vehicles: { id: string; drivers: readonly string[]; endOdometer: number }[];
  userId: (username: string) => string;
}

export async function seedDemoResourceHistory(
  tx: Executor,
  { now, items, vehicles, userId }: ResourceHistoryContext,
): Promise<void> {
  const random = new SeededRandom(19);
  const tanods = ['tanod1', 'tanod2', 'tanod3', 'tanod4', 'tanod5'];
  const lastReturn = now - 9 * DAY;
  const loanRows: (typeof loans.$inferInsert)[] = [];
  for (let daysAgo = 90; daysAgo >= 10; daysAgo -= 1) {
    for (let n = random.int(0, 3); n > 0; n -= 1) {
      const borrower = random.pick(tanods);
      // Borrowed at the start of a day (06:00) or night (18:00) shift, Manila time; due at its end.
      const borrowedAt =
        now -
        daysAgo * DAY -
        ((now - daysAgo * DAY) % DAY) +
        (random.chance(0.5) ? -2 : 10) * HOUR +
        random.int(0, 40) * 60_000;
      const dueAt = borrowedAt + 12 * HOUR;
      const kind = random.weighted([
        { value: 'on_time', weight: 72 },
        { value: 'late', weight: 20 },
        { value: 'days_late', weight: 8 },
      ]);
      let returnedAt =
        kind === 'on_time'
          ? dueAt - random.int(10, 180) * 60_000
          : kind === 'late'
            ? dueAt + random.int(1, 30) * HOUR
            : dueAt + random.int(3, 6) * DAY;
      if (returnedAt > lastReturn) returnedAt = dueAt - HOUR;
      const condition = random.weighted<ReturnCondition>([
        { value: 'good', weight: 90 },
        { value: 'damaged', weight: 7 },
        { value: 'lost', weight: 3 },
      ]);
      const byAdmin = random.chance(0.3);
      loanRows.push({
        itemId: items.get(random.pick(LENT))!,
        borrowerId: userId(borrower),
        quantity: random.chance(0.8) ? 1 : 2,
        borrowedAt: new Date(borrowedAt),
        dueAt: new Date(dueAt),
        returnedAt: new Date(returnedAt),
        returnCondition: condition,
        returnNotes: condition === 'damaged' ? 'Cracked casing.' : condition === 'lost' ? 'Lost during a chase.' : null,
        issuedById: byAdmin ? userId('admin') : null,
        receivedById: byAdmin ? userId('admin') : null,
        createdAt: new Date(borrowedAt),
        updatedAt: new Date(returnedAt),
      });
    }
  }
  await tx.insert(loans).values(loanRows);

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
