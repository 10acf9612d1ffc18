import type { InventoryItem, Loan, LoanStatus } from '@bantay/shared';
import type { LoanRow } from '../../db/schema/index.ts';
import { personOf, type People } from '../users/index.ts';
import type { ItemWithStock } from './inventory.repository.ts';
import type { LoanWithItem } from './loans.repository.ts';

export function presentItem(item: ItemWithStock): InventoryItem {
  const available = Math.max(0, item.total - item.onLoan);
  return {
    _id: item.id,
    name: item.name,
    category: item.category,
    total: item.total,
    onLoan: item.onLoan,
    available,
    lowStockThreshold: item.lowStockThreshold,
    isLowStock: item.active && available <= item.lowStockThreshold,
    image: item.image,
    notes: item.notes,
    active: item.active,
    damagedReturns: item.damagedReturns,
    lostReturns: item.lostReturns,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

function loanStatus(loan: Pick<LoanRow, 'returnedAt' | 'dueAt'>, now: Date): LoanStatus {
  if (loan.returnedAt) return 'returned';
  return loan.dueAt < now ? 'overdue' : 'open';
}

export function presentLoan({ loan, item }: LoanWithItem, people: People, now: Date): Loan {
  return {
    _id: loan.id,
    item: { _id: item.id, name: item.name, category: item.category, image: item.image },
    borrower: personOf(people, loan.borrowerId),
    quantity: loan.quantity,
    status: loanStatus(loan, now),
    borrowedAt: loan.borrowedAt.toISOString(),
    dueAt: loan.dueAt.toISOString(),
    returnedAt: loan.returnedAt?.toISOString() ?? null,
    returnCondition: loan.returnCondition,
    notes: loan.notes,
    returnNotes: loan.returnNotes,
    issuedBy: loan.issuedById ? personOf(people, loan.issuedById) : null,
    receivedBy: loan.receivedById ? personOf(people, loan.receivedById) : null,
    updatedAt: loan.updatedAt.toISOString(),
  };
}

export function peopleOfLoans(rows: LoanWithItem[]): (string | null)[] {
  return rows.flatMap(({ loan }) => [loan.borrowerId, loan.issuedById, loan.receivedById]);
}
