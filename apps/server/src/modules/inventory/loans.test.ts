import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loan } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { connected, nextEvent, startRealtime, type RealtimeTestServer } from '../../../test/realtime.ts';
import { addItem, borrow, borrowOk, itemById, returnLoan, signedIn, type SignedIn } from '../../../test/resources.ts';
import { defaultDueAt } from './loan-due-time.ts';
import { insertPatrolArea } from '../patrol-areas/patrol-areas.repository.ts';
import { insertSchedule, replaceMembers } from '../schedules/schedules.repository.ts';
import { remindOverdueLoans } from './overdue-loans.job.ts';

let ctx: TestContext;
let realtime: RealtimeTestServer;
let admin: SignedIn;
let tanod: SignedIn;
const clock = new ManualClock(new Date('2026-06-01T02:00:00Z'));
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  realtime = await startRealtime(ctx);
  admin = await signedIn(ctx, 'admin');
  tanod = await signedIn(ctx, 'tanod');
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
});

const list = async (who: SignedIn, query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/loans${query}`, headers: bearer(who.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Loan[];
};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.deps.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('borrowing', () => {
  it('a tanod borrows for themself; without a due time and without a shift it is due in 24 hours', async () => {
    const item = await addItem(ctx, admin, { total: 2 });
    const due = await ctx.app.inject({ method: 'GET', url: '/api/loans/default-due', headers: bearer(tanod.token) });
    expect(due.json()).toEqual({ dueAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString(), basis: 'fallback' });
    const loan = await borrowOk(ctx, tanod, { itemId: item._id, quantity: 2, notes: 'night patrol' });
    expect(loan).toMatchObject({
      borrower: { _id: tanod.user.id },
      quantity: 2,
      status: 'open',
      borrowedAt: clock.now().toISOString(),
      dueAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
      notes: 'night patrol',
      issuedBy: null,
      returnedAt: null,
    });
  });

  it("a tanod on a shift under way borrows, and the loan is due when the shift ends", async () => {
    const onShift = await signedIn(ctx, 'tanod');
    const area = await insertPatrolArea(ctx.deps.db, {
      name: `Loan shift area ${onShift.user.id}`,
      color: '#2563eb',
      polygon: { type: 'Polygon', coordinates: [[[121.04, 14.73], [121.05, 14.73], [121.05, 14.74], [121.04, 14.73]]] },
    });
    // 06:00–18:00 in Manila on the test clock's day (10:00 there).
    const endsAt = new Date('2026-06-01T10:00:00Z');
    const schedule = await insertSchedule(ctx.deps.db, {
      code: `SCH-L${onShift.user.id.slice(0, 5)}`,
      shift: 'day',
      startsAt: new Date('2026-05-31T22:00:00Z'),
      endsAt,
      patrolAreaId: area!.id,
    });
    await replaceMembers(ctx.deps.db, schedule!.id, [{ tanodId: onShift.user.id, isLeader: false }]);
    const due = await ctx.app.inject({ method: 'GET', url: '/api/loans/default-due', headers: bearer(onShift.token) });
    expect(due.json()).toEqual({ dueAt: endsAt.toISOString(), basis: 'shift' });
    const item = await addItem(ctx, admin, { total: 1 });
    const loan = await borrowOk(ctx, onShift, { itemId: item._id });
    expect(loan.dueAt).toBe(endsAt.toISOString());
  });

  it('asking for more than is available answers 409 insufficient_stock naming the numbers', async () => {
    const item = await addItem(ctx, admin, { name: 'Raincoat (large)', total: 3 });
    await borrowOk(ctx, tanod, { itemId: item._id, quantity: 2 });
    const response = await borrow(ctx, tanod, { itemId: item._id, quantity: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'insufficient_stock',
      message: 'Only 1 Raincoat (large) available; 2 requested',
    });
  });

  it('20 parallel borrows of the last 3 units give exactly 3 loans and 17 insufficient_stock', async () => {
    const item = await addItem(ctx, admin, { total: 10 });
    await borrowOk(ctx, tanod, { itemId: item._id, quantity: 7 });
    const tanods = await Promise.all(Array.from({ length: 20 }, () => signedIn(ctx, 'tanod')));
    const responses = await Promise.all(tanods.map((who) => borrow(ctx, who, { itemId: item._id, quantity: 1 })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    expect(
      responses.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'insufficient_stock'),
    ).toBe(true);
    expect(await itemById(ctx, admin, item._id)).toMatchObject({ total: 10, onLoan: 10, available: 0 });
  });

  it('an admin issues to a tanod, recorded in the audit log; a tanod cannot borrow for someone else', async () => {
    const item = await addItem(ctx, admin, { total: 4 });
    const other = await signedIn(ctx, 'tanod');
    const forOther = await borrow(ctx, tanod, { itemId: item._id, borrowerId: other.user.id });
    expect(forOther.statusCode).toBe(403);
    const noBorrower = await borrow(ctx, admin, { itemId: item._id });
    expect(noBorrower.statusCode).toBe(400);
    expect(noBorrower.json().error.fields).toEqual([
      { field: 'borrowerId', message: 'Choose the tanod who receives it' },
    ]);
    const toAdmin = await borrow(ctx, admin, { itemId: item._id, borrowerId: admin.user.id });
    expect(toAdmin.json().error.fields).toEqual([{ field: 'borrowerId', message: 'Choose an active tanod' }]);

    const loan = await borrowOk(ctx, admin, { itemId: item._id, borrowerId: other.user.id, quantity: 1 });
    expect(loan).toMatchObject({ borrower: { _id: other.user.id }, issuedBy: { _id: admin.user.id } });
    const audit = await rows<{ action: string; actor_id: string }>(
      sql`select action, actor_id from audit_entries where entity = 'loan' and entity_id = ${loan._id}`,
    );
    expect(audit).toEqual([{ action: 'issue', actor_id: admin.user.id }]);
    expect(await itemById(ctx, admin, item._id)).toMatchObject({ onLoan: 1, available: 3 });
  });

  it('refuses malformed borrows naming the field, residents and missing tokens, and stores nothing', async () => {
    const item = await addItem(ctx, admin, { total: 4 });
    const resident = await signedIn(ctx, 'resident');
    expect((await borrow(ctx, resident, { itemId: item._id })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/loans', payload: { itemId: item._id } })).statusCode,
    ).toBe(401);
    const zero = await borrow(ctx, tanod, { itemId: item._id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields[0].field).toBe('quantity');
    const past = await borrow(ctx, tanod, {
      itemId: item._id,
      dueAt: new Date(clock.now().getTime() - HOUR).toISOString(),
    });
    expect(past.json().error.fields).toEqual([{ field: 'dueAt', message: 'The due time must be in the future' }]);
    const unknown = await borrow(ctx, tanod, { itemId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(await itemById(ctx, admin, item._id)).toMatchObject({ onLoan: 0 });
  });
});

describe('the default due time', () => {
  const zone = 'Asia/Manila';
  // 10:00 in Manila.
  const now = new Date('2026-06-01T02:00:00Z');

  it('is the end of the shift under way', () => {
    const shift = { startsAt: new Date('2026-05-31T22:00:00Z'), endsAt: new Date('2026-06-01T10:00:00Z') };
    expect(defaultDueAt(now, [shift], zone)).toEqual({ dueAt: shift.endsAt, basis: 'shift' });
  });

  it('is the end of the next shift when it starts later the same day', () => {
    const night = { startsAt: new Date('2026-06-01T10:00:00Z'), endsAt: new Date('2026-06-01T22:00:00Z') };
    const tomorrow = { startsAt: new Date('2026-06-02T10:00:00Z'), endsAt: new Date('2026-06-02T22:00:00Z') };
    expect(defaultDueAt(now, [tomorrow, night], zone)).toEqual({ dueAt: night.endsAt, basis: 'shift' });
  });

  it('is 24 hours later when the next shift is another day, or there is none', () => {
    const tomorrow = { startsAt: new Date('2026-06-01T17:00:00Z'), endsAt: new Date('2026-06-02T05:00:00Z') };
    const fallback = { dueAt: new Date(now.getTime() + 24 * HOUR), basis: 'fallback' };
    // 01:00 on June 2 in Manila: not "that day".
    expect(defaultDueAt(now, [tomorrow], zone)).toEqual(fallback);
    expect(defaultDueAt(now, [], zone)).toEqual(fallback);
  });
});

describe('returning', () => {
  it('the borrower returns with a condition; twice is refused; someone else cannot', async () => {
    const item = await addItem(ctx, admin, { total: 2 });
    const loan = await borrowOk(ctx, tanod, { itemId: item._id });
    const stranger = await signedIn(ctx, 'tanod');
    const byStranger = await returnLoan(ctx, stranger, loan._id);
    expect(byStranger.statusCode).toBe(403);
    const badCondition = await returnLoan(ctx, tanod, loan._id, { condition: 'broken' });
    expect(badCondition.statusCode).toBe(400);
    expect(badCondition.json().error.fields[0].field).toBe('condition');
    const returned = await returnLoan(ctx, tanod, loan._id, { condition: 'good' });
    expect(returned.json()).toMatchObject({
      status: 'returned',
      returnCondition: 'good',
      returnedAt: clock.now().toISOString(),
      receivedBy: null,
    });
    const again = await returnLoan(ctx, tanod, loan._id);
    expect(again.statusCode).toBe(409);
    expect((await returnLoan(ctx, tanod, 'nope')).statusCode).toBe(404);
  });

  it('an admin receives it back on the tanod’s behalf, recorded in the audit log', async () => {
    const item = await addItem(ctx, admin, { total: 2 });
    const loan = await borrowOk(ctx, tanod, { itemId: item._id });
    const received = await returnLoan(ctx, admin, loan._id, { condition: 'damaged', notes: 'lens cracked' });
    expect(received.json()).toMatchObject({
      returnCondition: 'damaged',
      returnNotes: 'lens cracked',
      receivedBy: { _id: admin.user.id },
    });
    const audit = await rows<{ action: string }>(
      sql`select action from audit_entries where entity = 'loan' and entity_id = ${loan._id}`,
    );
    expect(audit.map((entry) => entry.action)).toEqual(['receive']);
  });
});

describe('listing loans', () => {
  it('a tanod sees only their own; overdue first, then open, then returned', async () => {
    const me = await signedIn(ctx, 'tanod');
    const other = await signedIn(ctx, 'tanod');
    const item = await addItem(ctx, admin, { total: 10 });
    const returned = await borrowOk(ctx, me, { itemId: item._id });
    await returnLoan(ctx, me, returned._id);
    const open = await borrowOk(ctx, me, {
      itemId: item._id,
      dueAt: new Date(clock.now().getTime() + 48 * HOUR).toISOString(),
    });
    const overdue = await borrowOk(ctx, me, {
      itemId: item._id,
      dueAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    await borrowOk(ctx, other, { itemId: item._id });
    clock.advance(2 * HOUR);

    expect((await list(me)).map((loan) => [loan._id, loan.status])).toEqual([
      [overdue._id, 'overdue'],
      [open._id, 'open'],
      [returned._id, 'returned'],
    ]);
    expect((await list(me, '?status=overdue')).map((loan) => loan._id)).toEqual([overdue._id]);
    expect((await list(me, '?status=open')).map((loan) => loan._id)).toEqual([open._id]);
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/api/loans?borrowerId=${other.user.id}`,
      headers: bearer(me.token),
    });
    expect(peek.statusCode).toBe(403);
    const adminView = await list(admin, `?borrowerId=${other.user.id}`);
    expect(adminView.every((loan) => loan.borrower._id === other.user.id)).toBe(true);
    expect(adminView).toHaveLength(1);
    // Returns here are done with, so the overdue job below sees only its own loans as new.
    for (const loan of [...(await list(me)), ...adminView])
      if (loan.status !== 'returned') await returnLoan(ctx, admin, loan._id);
  });
});

describe('live updates', () => {
  it('loan:updated reaches the admins and the borrower after a borrow and a return, not other tanods', async () => {
    const item = await addItem(ctx, admin, { total: 3 });
    const bystander = await signedIn(ctx, 'tanod');
    const adminSocket = await connected(realtime.client(admin.token));
    const borrowerSocket = await connected(realtime.client(tanod.token));
    const bystanderSocket = await connected(realtime.client(bystander.token));
    const bystanderFirst = nextEvent(bystanderSocket, 'loan:updated');

    const adminHears = nextEvent(adminSocket, 'loan:updated');
    const borrowerHears = nextEvent(borrowerSocket, 'loan:updated');
    const loan = await borrowOk(ctx, tanod, { itemId: item._id });
    expect(await adminHears).toEqual({ _id: loan._id, id: loan._id, updatedAt: loan.updatedAt });
    expect(await borrowerHears).toEqual({ _id: loan._id, id: loan._id, updatedAt: loan.updatedAt });

    const returnHeard = nextEvent(adminSocket, 'loan:updated');
    clock.advance(60_000);
    await returnLoan(ctx, admin, loan._id, { condition: 'damaged' });
    expect(await returnHeard).toEqual({ _id: loan._id, id: loan._id, updatedAt: clock.now().toISOString() });

    // The bystander's first loan event is about their own loan: they heard nothing of the others.
    const own = await borrowOk(ctx, bystander, { itemId: item._id });
    expect((await bystanderFirst)._id).toBe(own._id);
    await returnLoan(ctx, bystander, own._id);
  });
});

describe('the daily overdue reminder', () => {
  // Loans of the tests above fall overdue too once the clock moves a day; count only this borrower's.
  const overdueNotices = (userId: string) =>
    rows<{ message: string }>(
      sql`select message from notifications where user_id = ${userId} and kind = 'loan.overdue' and (message like '%Maricel Reyes%' or message like 'Overdue equipment: please return%') order by created_at`,
    );

  it('tells the borrower and the admins once a day, even when two instances run it at once', async () => {
    const borrower = await signedIn(ctx, 'tanod', { firstName: 'Maricel', lastName: 'Reyes' });
    const item = await addItem(ctx, admin, { name: 'Handheld radio', total: 5 });
    const loan = await borrowOk(ctx, borrower, {
      itemId: item._id,
      quantity: 2,
      dueAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    expect(await remindOverdueLoans(ctx.deps, clock.now())).toBe(0);

    clock.advance(2 * HOUR);
    const [first, second] = await Promise.all([
      remindOverdueLoans(ctx.deps, clock.now()),
      remindOverdueLoans(ctx.deps, clock.now()),
    ]);
    expect(first + second).toBe(1);
    clock.advance(3 * HOUR);
    expect(await remindOverdueLoans(ctx.deps, clock.now())).toBe(0);
    expect(await overdueNotices(borrower.user.id)).toHaveLength(1);
    const adminNotices = await overdueNotices(admin.user.id);
    expect(adminNotices).toHaveLength(1);
    expect(adminNotices[0]!.message).toMatch(
      /^Overdue equipment: Maricel Reyes has not returned 2 × Handheld radio \(due /,
    );

    // The next day in Manila: once more.
    clock.advance(24 * HOUR);
    await remindOverdueLoans(ctx.deps, clock.now());
    expect(await remindOverdueLoans(ctx.deps, clock.now())).toBe(0);
    expect(await overdueNotices(borrower.user.id)).toHaveLength(2);
    expect(await overdueNotices(admin.user.id)).toHaveLength(2);

    // Returned: no more reminders.
    await returnLoan(ctx, borrower, loan._id);
    clock.advance(24 * HOUR);
    await remindOverdueLoans(ctx.deps, clock.now());
    expect(await overdueNotices(borrower.user.id)).toHaveLength(2);
    expect(await overdueNotices(admin.user.id)).toHaveLength(2);
  });
});
