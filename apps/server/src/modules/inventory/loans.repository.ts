import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { LoanStatus } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import {
  inventoryItems,
  loanOverdueNotices,
  loans,
  type InventoryItemRow,
  type LoanRow,
} from '../../db/schema/index.ts';

export interface LoanWithItem {
  loan: LoanRow;
  item: Pick<InventoryItemRow, 'id' | 'name' | 'category' | 'image'>;
}

const itemColumns = {
  id: inventoryItems.id,
  name: inventoryItems.name,
  category: inventoryItems.category,
  image: inventoryItems.image,
};

export async function insertLoan(tx: Executor, values: typeof loans.$inferInsert): Promise<LoanRow> {
  const [row] = await tx.insert(loans).values(values).returning();
  return row!;
}

/** Locks the loan's row, so a return cannot be recorded twice by two parallel requests. */
export async function lockLoan(tx: Executor, id: string): Promise<LoanRow | undefined> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update').limit(1);
  return row;
}

export async function updateLoan(
  tx: Executor,
  id: string,
  values: Partial<typeof loans.$inferInsert>,
): Promise<LoanRow> {
  const [row] = await tx.update(loans).set(values).where(eq(loans.id, id)).returning();
  return row!;
}

export async function findLoanWithItem(db: Executor, id: string): Promise<LoanWithItem | undefined> {
  const [row] = await db
    .select({ loan: loans, item: itemColumns })
    .from(loans)
    .innerJoin(inventoryItems, eq(inventoryItems.id, loans.itemId))
    .where(eq(loans.id, id))
    .limit(1);
  return row;
}

export interface LoanFilter {
  status?: LoanStatus;
  borrowerId?: string;
  itemId?: string;
  limit: number;
  now: Date;
}

/** Overdue first, then open (soonest due first), then returned (latest first). */
export async function listLoans(db: Executor, filter: LoanFilter): Promise<LoanWithItem[]> {
  const conditions: SQL[] = [];
  if (filter.borrowerId) conditions.push(eq(loans.borrowerId, filter.borrowerId));
  if (filter.itemId) conditions.push(eq(loans.itemId, filter.itemId));
  if (filter.status === 'returned') conditions.push(isNotNull(loans.returnedAt));
  if (filter.status === 'overdue') conditions.push(isNull(loans.returnedAt), lt(loans.dueAt, filter.now));
  if (filter.status === 'open') conditions.push(isNull(loans.returnedAt), gte(loans.dueAt, filter.now));
  return db
    .select({ loan: loans, item: itemColumns })
    .from(loans)
    .innerJoin(inventoryItems, eq(inventoryItems.id, loans.itemId))
    .where(and(...conditions))
    .orderBy(
      sql`case when ${loans.returnedAt} is not null then 2 when ${loans.dueAt} < ${filter.now.toISOString()}::timestamptz then 0 else 1 end`,
      asc(sql`case when ${loans.returnedAt} is null then ${loans.dueAt} end`),
      desc(loans.returnedAt),
      desc(loans.id),
    )
    .limit(filter.limit);
}

/**
 * Claims today's reminder of every loan overdue at `now`: one row per loan and day, inserted only
 * if absent. Two job runs at once (two instances) cannot both claim a loan, and a second run the
 * same day claims nothing. Returns the claimed loans with their items.
 */
export async function claimOverdueReminders(tx: Executor, now: Date, day: string): Promise<LoanWithItem[]> {
  const claimed = await tx
    .insert(loanOverdueNotices)
    .select(
      tx
        .select({
          barangayId: loans.barangayId,
          loanId: loans.id,
          day: sql<string>`${day}::date`.as('day'),
          createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(loans)
        .where(and(isNull(loans.returnedAt), lt(loans.dueAt, now))),
    )
    .onConflictDoNothing()
    .returning({ loanId: loanOverdueNotices.loanId });
  if (claimed.length === 0) return [];
  return tx
    .select({ loan: loans, item: itemColumns })
    .from(loans)
    .innerJoin(inventoryItems, eq(inventoryItems.id, loans.itemId))
    .where(
      inArray(
        loans.id,
        claimed.map((row) => row.loanId),
      ),
    )
    .orderBy(asc(loans.dueAt));
}
