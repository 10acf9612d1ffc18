import { sql } from 'drizzle-orm';
import type { InventoryCategory, ReturnCondition, TripStatus, VehicleCondition } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { inventoryItems } from '../../db/schema/index.ts';
import { findUserByUsername } from '../users/users.repository.ts';
import { insertItem } from './inventory.repository.ts';
import { insertLoan } from './loans.repository.ts';
import { insertTrip, insertVehicle, replaceDrivers } from './vehicles.repository.ts';
import { seedDemoResourceHistory } from './resources-history.demo.ts';

/**
 * Demo resources (`npm run seed:demo`): two dozen items across the categories, open, overdue and
 * returned loans, and two vehicles with a week of trips, all dated relative to now; before that week,
 * 90 days of returned loans and trips (resources-history.demo.ts). Users come from
 * the demo staff (`tanod1` … `tanod5`, `admin`). Seeding twice changes nothing.
 */

const ITEMS: { name: string; category: InventoryCategory; total: number; lowStockThreshold: number; notes?: string }[] =
  [
    {
      name: 'Handheld radio (Baofeng UV-5R)',
      category: 'communication',
      total: 12,
      lowStockThreshold: 3,
      notes: 'Channel 3 for patrols, channel 5 for the hall.',
    },
    {
      name: 'Base station radio',
      category: 'communication',
      total: 1,
      lowStockThreshold: 0,
      notes: 'Stays in the barangay hall.',
    },
    { name: 'Megaphone', category: 'communication', total: 3, lowStockThreshold: 1 },
    { name: 'Whistle', category: 'communication', total: 30, lowStockThreshold: 5 },
    { name: 'LED flashlight', category: 'lighting', total: 15, lowStockThreshold: 3 },
    { name: 'Headlamp', category: 'lighting', total: 8, lowStockThreshold: 2 },
    { name: 'Rechargeable lantern', category: 'lighting', total: 4, lowStockThreshold: 1 },
    { name: 'AA batteries (4-pack)', category: 'lighting', total: 20, lowStockThreshold: 5 },
    { name: 'Rattan baton', category: 'protection', total: 14, lowStockThreshold: 3 },
    { name: 'Reflective vest', category: 'protection', total: 20, lowStockThreshold: 4 },
    { name: 'Hard hat', category: 'protection', total: 10, lowStockThreshold: 2 },
    { name: 'Riot shield', category: 'protection', total: 4, lowStockThreshold: 1 },
    { name: 'Raincoat (adult)', category: 'rain_gear', total: 12, lowStockThreshold: 3 },
    { name: 'Rubber boots', category: 'rain_gear', total: 10, lowStockThreshold: 2 },
    { name: 'Umbrella', category: 'rain_gear', total: 6, lowStockThreshold: 1 },
    {
      name: 'First-aid kit',
      category: 'first_aid',
      total: 2,
      lowStockThreshold: 1,
      notes: 'Restock the gauze after every use.',
    },
    { name: 'Trauma bag', category: 'first_aid', total: 2, lowStockThreshold: 0 },
    { name: 'Foldable stretcher', category: 'first_aid', total: 2, lowStockThreshold: 0 },
    { name: 'Cervical collar', category: 'first_aid', total: 4, lowStockThreshold: 1 },
    { name: 'Traffic cone', category: 'tools', total: 24, lowStockThreshold: 5 },
    { name: 'Barricade tape (roll)', category: 'tools', total: 10, lowStockThreshold: 2 },
    { name: 'Rope (30 m)', category: 'tools', total: 4, lowStockThreshold: 1 },
    { name: 'Fire extinguisher', category: 'tools', total: 6, lowStockThreshold: 2 },
    { name: 'Body camera', category: 'other', total: 3, lowStockThreshold: 1 },
  ];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Loans by offset from now, in milliseconds; `returned` closes them. */
const LOANS: {
  borrower: string;
  item: string;
  quantity: number;
  borrowed: number;
  due: number;
  returned?: { at: number; condition: ReturnCondition; notes?: string };
  issuedByAdmin?: boolean;
}[] = [
  // Open.
  { borrower: 'tanod1', item: 'Handheld radio (Baofeng UV-5R)', quantity: 1, borrowed: -3 * HOUR, due: 21 * HOUR },
  { borrower: 'tanod2', item: 'LED flashlight', quantity: 2, borrowed: -5 * HOUR, due: 19 * HOUR },
  {
    borrower: 'tanod3',
    item: 'Reflective vest',
    quantity: 1,
    borrowed: -2 * HOUR,
    due: 22 * HOUR,
    issuedByAdmin: true,
  },
  { borrower: 'tanod4', item: 'Raincoat (adult)', quantity: 1, borrowed: -1 * HOUR, due: 23 * HOUR },
  // Overdue.
  { borrower: 'tanod5', item: 'Headlamp', quantity: 1, borrowed: -2 * DAY, due: -DAY },
  { borrower: 'tanod2', item: 'Megaphone', quantity: 1, borrowed: -3 * DAY, due: -2 * DAY },
  { borrower: 'tanod1', item: 'First-aid kit', quantity: 1, borrowed: -30 * HOUR, due: -6 * HOUR },
  // Returned.
  {
    borrower: 'tanod1',
    item: 'Handheld radio (Baofeng UV-5R)',
    quantity: 2,
    borrowed: -6 * DAY,
    due: -5 * DAY,
    returned: { at: -5 * DAY - HOUR, condition: 'good' },
  },
  {
    borrower: 'tanod3',
    item: 'LED flashlight',
    quantity: 1,
    borrowed: -5 * DAY,
    due: -4 * DAY,
    returned: { at: -4 * DAY - 2 * HOUR, condition: 'damaged', notes: 'Lens cracked after a fall.' },
  },
  {
    borrower: 'tanod4',
    item: 'Raincoat (adult)',
    quantity: 2,
    borrowed: -4 * DAY,
    due: -3 * DAY,
    returned: { at: -2 * DAY, condition: 'good' },
  },
  {
    borrower: 'tanod5',
    item: 'Rattan baton',
    quantity: 1,
    borrowed: -3 * DAY,
    due: -2 * DAY,
    returned: { at: -2 * DAY - 3 * HOUR, condition: 'lost', notes: 'Lost while chasing a suspect.' },
  },
  {
    borrower: 'tanod2',
    item: 'Traffic cone',
    quantity: 6,
    borrowed: -7 * DAY,
    due: -6 * DAY,
    returned: { at: -6 * DAY - HOUR, condition: 'good' },
    issuedByAdmin: true,
  },
  {
    borrower: 'tanod3',
    item: 'Rubber boots',
    quantity: 1,
    borrowed: -2 * DAY,
    due: -DAY,
    returned: { at: -DAY - 4 * HOUR, condition: 'damaged', notes: 'Sole torn.' },
  },
];

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

/** What the demo adds up to, for the report's test (a period covering the last 7 and next 3 days). */
export const DEMO_RESOURCE_FIGURES = {
  items: ITEMS.length,
  loans: LOANS.length,
  units: LOANS.reduce((total, loan) => total + loan.quantity, 0),
  returns: LOANS.filter((loan) => loan.returned).length,
  trips: TRIPS.length,
  completedTrips: TRIPS.filter((trip) => trip.status === 'completed').length,
  distance: TRIPS.reduce((total, trip) => total + (trip.endOdometer ? trip.endOdometer - trip.startOdometer : 0), 0),
} as const;

export async function seedDemoResources(deps: AppDeps): Promise<void> {
  const [existing] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(inventoryItems);
  if (Number(existing?.count ?? 0) > 0) return;
  const users = new Map<string, string>();
  for (const username of ['admin', 'tanod1', 'tanod2', 'tanod3', 'tanod4', 'tanod5']) {
    const user = await findUserByUsername(deps.db, username);
    if (!user) throw new Error(`seedDemoResources: the demo user ${username} is missing; seed the staff first`);
    users.set(username, user.id);
  }
  const userId = (username: string) => users.get(username)!;
  const now = deps.clock.now().getTime();
  const at = (offset: number) => new Date(now + offset);

  await inTransaction(deps.db, async (tx) => {
    const items = new Map<string, string>();
    for (const item of ITEMS) {
      const row = await insertItem(tx, {
        ...item,
        notes: item.notes ?? null,
        createdAt: at(-30 * DAY),
        updatedAt: at(-30 * DAY),
      });
      items.set(item.name, row.id);
    }
    for (const loan of LOANS) {
      const admin = userId('admin');
      await insertLoan(tx, {
        itemId: items.get(loan.item)!,
        borrowerId: userId(loan.borrower),
        quantity: loan.quantity,
        borrowedAt: at(loan.borrowed),
        dueAt: at(loan.due),
        returnedAt: loan.returned ? at(loan.returned.at) : null,
        returnCondition: loan.returned?.condition ?? null,
        returnNotes: loan.returned?.notes ?? null,
        issuedById: loan.issuedByAdmin ? admin : null,
        receivedById: loan.issuedByAdmin && loan.returned ? admin : null,
        createdAt: at(loan.borrowed),
        updatedAt: at(loan.returned?.at ?? loan.borrowed),
      });
    }
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
    await seedDemoResourceHistory(tx, { now, items, vehicles: history, userId });
  });
}
