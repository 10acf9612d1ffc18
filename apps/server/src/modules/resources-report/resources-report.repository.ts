import { and, asc, eq, gte, isNotNull, isNull, lt, or, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { inventoryItems, loans, trips, vehicles, type LoanRow, type TripRow } from '../../db/schema/index.ts';

export interface ReportLoanRow {
  loan: LoanRow;
  item: { name: string; category: (typeof inventoryItems.$inferSelect)['category'] };
}

export interface ReportTripRow {
  trip: TripRow;
  vehicle: { name: string; plate: string };
}

const itemColumns = { name: inventoryItems.name, category: inventoryItems.category };

/** Loans borrowed in [start, end). */
export async function loansBorrowedBetween(db: Executor, start: Date, end: Date): Promise<ReportLoanRow[]> {
  return db
    .select({ loan: loans, item: itemColumns })
    .from(loans)
    .innerJoin(inventoryItems, eq(inventoryItems.id, loans.itemId))
    .where(and(gte(loans.borrowedAt, start), lt(loans.borrowedAt, end)))
    .orderBy(asc(loans.borrowedAt), asc(loans.id));
}

/** Loans returned in [start, end). */
export async function loansReturnedBetween(db: Executor, start: Date, end: Date): Promise<ReportLoanRow[]> {
  return db
    .select({ loan: loans, item: itemColumns })
    .from(loans)
    .innerJoin(inventoryItems, eq(inventoryItems.id, loans.itemId))
    .where(and(isNotNull(loans.returnedAt), gte(loans.returnedAt, start), lt(loans.returnedAt, end)))
    .orderBy(asc(loans.returnedAt), asc(loans.id));
}

/**
 * Loans that fell overdue in the period: due in [start, min(end, now)), and returned after their
 * due time or not yet returned.
 */
export async function loansOverdueBetween(db: Executor, start: Date, end: Date, now: Date): Promise<ReportLoanRow[]> {
  const until = end < now ? end : now;
  return db
    .select({ loan: loans, item: itemColumns })
    .from(loans)
    .innerJoin(inventoryItems, eq(inventoryItems.id, loans.itemId))
    .where(
      and(
        gte(loans.dueAt, start),
        lt(loans.dueAt, until),
        or(isNull(loans.returnedAt), gt(loans.returnedAt, sql`${loans.dueAt}`)),
      ),
    )
    .orderBy(asc(loans.dueAt), asc(loans.id));
}

/** Trips starting in [start, end), whatever their status. */
export async function tripsStartingBetween(db: Executor, start: Date, end: Date): Promise<ReportTripRow[]> {
  return db
    .select({ trip: trips, vehicle: { name: vehicles.name, plate: vehicles.plate } })
    .from(trips)
    .innerJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .where(and(gte(trips.startsAt, start), lt(trips.startsAt, end)))
    .orderBy(asc(trips.startsAt), asc(trips.id));
}
