import { msg } from '@lingui/core/macro';
import {
  RESOURCE_LIMITS,
  type DefaultDue,
  type Loan,
  type createLoanRequestSchema,
  type loanListQuerySchema,
  type returnLoanRequestSchema,
} from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, type Executor } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { translate, type Text } from '../../lib/i18n.ts';
import { appendAuditEntry } from '../audit/index.ts';
import type { Actor } from '../../http/actor.ts';
import { barangayTimeZone } from '../settings/index.ts';
import { lockItem, unitsOnLoan, updateItem } from './inventory.repository.ts';
import { defaultDueAt, shiftsAround, type DueTime } from './loan-due-time.ts';
import { findLoanWithItem, insertLoan, listLoans as listLoanRows, lockLoan, updateLoan } from './loans.repository.ts';
import { findActiveTanod, findPeople } from '../users/index.ts';
import { peopleOfLoans, presentLoan } from './inventory.presenter.ts';
import { isUuid } from '../../lib/uuid.ts';
import { canHandleLoan, canManageInventory } from './inventory.policy.ts';

type BorrowInput = z.output<typeof createLoanRequestSchema>;
type ReturnInput = z.output<typeof returnLoanRequestSchema>;
type ListQuery = z.output<typeof loanListQuerySchema>;

const ENTITY = 'loan';

// "field: problem", the problem in the request's language (decision 029).
const invalidField = (field: string, message: Text) =>
  new AppError('VALIDATION_FAILED', `${field}: ${translate(message)}`, { fields: [{ field, message }] });

/** Who a new loan is for: a tanod borrows for themself; an admin issues to a tanod. */
async function resolveBorrower(db: Executor, actor: Actor, borrowerId: string | undefined): Promise<string> {
  if (canManageInventory(actor)) {
    if (!borrowerId) throw invalidField('borrowerId', msg`Choose the tanod who receives it`);
    if (!(await findActiveTanod(db, borrowerId))) throw invalidField('borrowerId', msg`Choose an active tanod`);
    return borrowerId;
  }
  if (actor.userType !== 'tanod') throw forbidden();
  if (borrowerId && borrowerId !== actor.id) throw forbidden(msg`Only an admin can issue equipment to someone else`);
  return actor.id;
}

async function dueTimeFor(deps: AppDeps, borrowerId: string, now: Date): Promise<DueTime> {
  const [shifts, timeZone] = await Promise.all([shiftsAround(deps.db, borrowerId, now), barangayTimeZone(deps.db)]);
  return defaultDueAt(now, shifts, timeZone);
}

async function presentLoanById(deps: AppDeps, id: string): Promise<Loan> {
  const row = await findLoanWithItem(deps.db, id);
  if (!row) throw notFound(msg`Loan not found`);
  return presentLoan(row, await findPeople(deps.db, peopleOfLoans([row])), deps.clock.now());
}

/** `GET /api/loans/default-due`: what the borrow form prefills. */
export async function getDefaultDue(deps: AppDeps, actor: Actor, borrowerId: string | undefined): Promise<DefaultDue> {
  const borrower = await resolveBorrower(deps.db, actor, borrowerId);
  const due = await dueTimeFor(deps, borrower, deps.clock.now());
  return { dueAt: due.dueAt.toISOString(), basis: due.basis };
}

/**
 * Borrows (or, for an admin, issues) units of an item. The item's row is locked for the check and
 * the insert, so parallel borrows of the last units run one after another: each sees the loans
 * before it, and no combination can take more than the total.
 */
export async function borrowItem(deps: AppDeps, actor: Actor, input: BorrowInput): Promise<Loan> {
  const borrowerId = await resolveBorrower(deps.db, actor, input.borrowerId);
  const now = deps.clock.now();
  let dueAt: Date;
  if (input.dueAt) {
    dueAt = new Date(input.dueAt);
    if (dueAt <= now) throw invalidField('dueAt', msg`The due time must be in the future`);
    if (dueAt.getTime() - now.getTime() > RESOURCE_LIMITS.loanMaxDays * 86_400_000) {
      const days = RESOURCE_LIMITS.loanMaxDays;
      throw invalidField('dueAt', msg`The due time must be within ${days} days`);
    }
  } else {
    dueAt = (await dueTimeFor(deps, borrowerId, now)).dueAt;
  }
  const loan = await inTransaction(deps.db, async (tx, afterCommit) => {
    const item = await lockItem(tx, input.itemId);
    if (!item) throw notFound(msg`Item not found`);
    const name = item.name;
    if (!item.active) throw new AppError('CONFLICT', msg`${name} is retired and can no longer be borrowed`);
    const available = Math.max(0, item.total - (await unitsOnLoan(tx, item.id)));
    const requested = input.quantity;
    if (requested > available) {
      throw new AppError(
        'insufficient_stock',
        msg`Only ${available} ${name} available; ${requested} requested`,
        {
          fields: [{ field: 'quantity', message: msg`At most ${available}` }],
        },
      );
    }
    const issuedById = borrowerId === actor.id ? null : actor.id;
    const row = await insertLoan(tx, {
      itemId: item.id,
      borrowerId,
      quantity: input.quantity,
      borrowedAt: now,
      dueAt,
      notes: input.notes,
      issuedById,
      createdAt: now,
      updatedAt: now,
    });
    if (issuedById) {
      await appendAuditEntry(tx, {
        actor,
        action: 'issue',
        entity: ENTITY,
        entityId: row.id,
        after: { itemId: item.id, item: item.name, borrowerId, quantity: input.quantity, dueAt: dueAt.toISOString() },
        at: now,
      });
    }
    afterCommit(() => deps.events.publish('loan.updated', { id: row.id, updatedAt: now, userIds: [borrowerId] }));
    return row;
  });
  return presentLoanById(deps, loan.id);
}

/**
 * Records a return by the borrower or an admin. A lost return also lowers the item's total: those
 * units no longer exist, and available (total − open loans) must not count them.
 */
export async function returnLoan(deps: AppDeps, actor: Actor, id: string, input: ReturnInput): Promise<Loan> {
  if (!isUuid(id)) throw notFound(msg`Loan not found`);
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const now = deps.clock.now();
    const loan = await lockLoan(tx, id);
    if (!loan) throw notFound(msg`Loan not found`);
    if (!canHandleLoan(actor, loan)) throw forbidden(msg`Only the borrower or an admin can return this loan`);
    if (loan.returnedAt) throw new AppError('CONFLICT', msg`This loan was already returned`);
    const receivedById = loan.borrowerId === actor.id ? null : actor.id;
    await updateLoan(tx, id, {
      returnedAt: now,
      returnCondition: input.condition,
      returnNotes: input.notes,
      receivedById,
      updatedAt: now,
    });
    let totalAfter: number | undefined;
    if (input.condition === 'lost') {
      const item = await lockItem(tx, loan.itemId);
      if (item) {
        totalAfter = Math.max(0, item.total - loan.quantity);
        await updateItem(tx, item.id, { total: totalAfter, updatedAt: now });
      }
    }
    if (receivedById) {
      await appendAuditEntry(tx, {
        actor,
        action: 'receive',
        entity: ENTITY,
        entityId: id,
        before: { returnedAt: null },
        after: {
          condition: input.condition,
          quantity: loan.quantity,
          ...(totalAfter === undefined ? {} : { itemTotal: totalAfter }),
        },
        at: now,
      });
    }
    afterCommit(() => deps.events.publish('loan.updated', { id, updatedAt: now, userIds: [loan.borrowerId] }));
  });
  return presentLoanById(deps, id);
}

/** Admins see every loan; a tanod only their own. */
export async function listLoans(deps: AppDeps, actor: Actor, query: ListQuery): Promise<Loan[]> {
  let borrowerId = query.borrowerId;
  if (!canManageInventory(actor)) {
    if (borrowerId && borrowerId !== actor.id) throw forbidden(msg`You can only see your own loans`);
    borrowerId = actor.id;
  }
  const now = deps.clock.now();
  const rows = await listLoanRows(deps.db, {
    status: query.status,
    borrowerId,
    itemId: query.itemId,
    limit: query.limit,
    now,
  });
  const people = await findPeople(deps.db, peopleOfLoans(rows));
  return rows.map((row) => presentLoan(row, people, now));
}
