import { sql } from 'drizzle-orm';
import type { InventoryCategory, ReturnCondition } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, type Executor } from '../../db/transaction.ts';
import { inventoryItems, loans } from '../../db/schema/index.ts';
import { SeededRandom } from '../../lib/seeded-random.ts';
import { findUserByUsername } from '../users/index.ts';
import { insertItem } from './inventory.repository.ts';
import { insertLoan } from './loans.repository.ts';

/**
 * Demo inventory (`npm run seed:demo`): two dozen items across the categories, and open, overdue
 * and returned loans dated relative to now; before that week, 90 days of returned loans
 * (seedLoanHistory). Users come from the demo staff (`tanod1` … `tanod5`, `admin`). Seeding twice
 * changes nothing. The vehicles and trips are vehicles.demo.ts's.
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

/** What the demo's loans add up to, for the report's test (a period covering the last 7 and next 3 days). */
export const DEMO_INVENTORY_FIGURES = {
  items: ITEMS.length,
  loans: LOANS.length,
  units: LOANS.reduce((total, loan) => total + loan.quantity, 0),
  returns: LOANS.filter((loan) => loan.returned).length,
} as const;

export async function seedDemoInventory(deps: AppDeps): Promise<void> {
  const [existing] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(inventoryItems);
  if (Number(existing?.count ?? 0) > 0) return;
  const users = new Map<string, string>();
  for (const username of ['admin', 'tanod1', 'tanod2', 'tanod3', 'tanod4', 'tanod5']) {
    const user = await findUserByUsername(deps.db, username);
    if (!user) throw new Error(`seedDemoInventory: the demo user ${username} is missing; seed the staff first`);
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
    await seedLoanHistory(tx, now, items, userId);
  });
}

/**
 * 90 days of returned loans before the demo's last week (the on-time return rate and dashboards):
 * returned on time, a few hours late or days late, in good order or not. All of it ends before
 * the last 9 days, so the demo's week (and its report test) is unchanged.
 */
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
async function seedLoanHistory(tx: Executor, now: number, items: Map<string, string>, userId: (username: string) => string): Promise<void> {
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
}
