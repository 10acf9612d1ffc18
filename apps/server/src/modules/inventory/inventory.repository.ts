import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { InventoryCategory } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import { inventoryItems, loans, type InventoryItemRow } from '../../db/schema/index.ts';

/** An item with its stock figures, all computed by the database from the loans. */
export interface ItemWithStock extends InventoryItemRow {
  onLoan: number;
  damagedReturns: number;
  lostReturns: number;
}

/** Per item: units on open loans, and units ever returned damaged or lost. */
function stockOf(db: Executor) {
  return db
    .select({
      itemId: loans.itemId,
      onLoan: sql<number>`coalesce(sum(${loans.quantity}) filter (where ${loans.returnedAt} is null), 0)::int`.as(
        'on_loan',
      ),
      damagedReturns:
        sql<number>`coalesce(sum(${loans.quantity}) filter (where ${loans.returnCondition} = 'damaged'), 0)::int`.as(
          'damaged_returns',
        ),
      lostReturns:
        sql<number>`coalesce(sum(${loans.quantity}) filter (where ${loans.returnCondition} = 'lost'), 0)::int`.as(
          'lost_returns',
        ),
    })
    .from(loans)
    .groupBy(loans.itemId)
    .as('stock');
}

function selectWithStock(db: Executor) {
  const stock = stockOf(db);
  return db
    .select({
      item: inventoryItems,
      onLoan: sql<number>`coalesce(${stock.onLoan}, 0)`,
      damagedReturns: sql<number>`coalesce(${stock.damagedReturns}, 0)`,
      lostReturns: sql<number>`coalesce(${stock.lostReturns}, 0)`,
    })
    .from(inventoryItems)
    .leftJoin(stock, eq(stock.itemId, inventoryItems.id));
}

function withStock(
  rows: { item: InventoryItemRow; onLoan: number; damagedReturns: number; lostReturns: number }[],
): ItemWithStock[] {
  return rows.map(({ item, onLoan, damagedReturns, lostReturns }) => ({
    ...item,
    onLoan: Number(onLoan),
    damagedReturns: Number(damagedReturns),
    lostReturns: Number(lostReturns),
  }));
}

export interface ItemFilter {
  search?: string;
  category?: InventoryCategory;
  includeRetired: boolean;
}

export async function listItemsWithStock(db: Executor, filter: ItemFilter): Promise<ItemWithStock[]> {
  const conditions: SQL[] = [];
  if (!filter.includeRetired) conditions.push(eq(inventoryItems.active, true));
  if (filter.category) conditions.push(eq(inventoryItems.category, filter.category));
  if (filter.search)
    conditions.push(ilike(inventoryItems.name, `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const rows = await selectWithStock(db)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${inventoryItems.name})`));
  return withStock(rows);
}

export async function findItemWithStock(db: Executor, id: string): Promise<ItemWithStock | undefined> {
  const rows = await selectWithStock(db).where(eq(inventoryItems.id, id)).limit(1);
  return withStock(rows)[0];
}

/**
 * Locks the item's row until the transaction ends, so two borrows (or a borrow and a change of
 * the total) of the same item run one after the other and each sees the other's loan.
 */
export async function lockItem(tx: Executor, id: string): Promise<InventoryItemRow | undefined> {
  const [row] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, id)).for('update').limit(1);
  return row;
}

/** Units of the item out on open loans. */
export async function unitsOnLoan(tx: Executor, itemId: string): Promise<number> {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${loans.quantity}), 0)::int` })
    .from(loans)
    .where(and(eq(loans.itemId, itemId), sql`${loans.returnedAt} is null`));
  return Number(row?.units ?? 0);
}

export async function insertItem(tx: Executor, values: typeof inventoryItems.$inferInsert): Promise<InventoryItemRow> {
  const [row] = await tx.insert(inventoryItems).values(values).returning();
  return row!;
}

export async function updateItem(
  tx: Executor,
  id: string,
  values: Partial<Omit<typeof inventoryItems.$inferInsert, 'id' | 'createdAt'>>,
): Promise<InventoryItemRow | undefined> {
  const [row] = await tx.update(inventoryItems).set(values).where(eq(inventoryItems.id, id)).returning();
  return row;
}
