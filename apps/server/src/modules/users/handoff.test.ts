import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffHandoff } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { insertTestIncident, query } from '../../../test/incidents-helpers.ts';
import { createArea, person, scheduleFor, type Person } from '../../../test/patrols.ts';
import { addItem, borrowOk, returnLoan, type SignedIn } from '../../../test/resources.ts';
import { escalatePendingIncidents } from '../incident-handling/index.ts';
import { findUserById } from './users.repository.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
let supadmin: Person;
let admin: Person;
let otherAdmin: Person;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { LOGIN_RATE_LIMIT: '1000' } });
  supadmin = await person(ctx, 'supadmin');
  admin = await person(ctx, 'admin');
  otherAdmin = await person(ctx, 'admin');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string | null) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {} });

const handoffOf = async (id: string, by: Person = admin): Promise<StaffHandoff> => {
  const response = await call('GET', `/api/users/${id}/handoff`, by.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffHandoff>();
};

/** A tanod responding to a fresh incident through the API. */
async function responding(tanod: Person, overrides: Parameters<typeof insertTestIncident>[1] = {}) {
  const incident = await insertTestIncident(ctx, overrides);
  // Timeline events of one instant have no order: the claim comes a second after the report.
  clock.advance(1_000);
  const response = await call('POST', `/api/incidents/${incident.id}/respond`, tanod.token);
  expect(response.statusCode, response.body).toBe(200);
  return incident;
}

const notificationsOf = (incidentId: string, kind: string) =>
  query<{ user_id: string; message: string }>(
    ctx,
    sql`select user_id, message from notifications where entity_id = ${incidentId} and kind = ${kind} order by created_at`,
  );

describe('what deactivating a tanod leaves behind', () => {
  it('an admin sees the incident they respond to, their open loans and their shifts not yet over, before confirming', async () => {
    const tanod = await person(ctx, 'tanod');
    const partner = await person(ctx, 'tanod');
    const incident = await responding(tanod, { type: 'Fire', classification: 'emergency', landmark: 'Beside the market' });

    const tanodRow = { token: tanod.token } as SignedIn;
    const adminSignedIn = { token: admin.token } as SignedIn;
    const radio = await addItem(ctx, adminSignedIn, { name: 'Handheld radio H1', total: 3 });
    const light = await addItem(ctx, adminSignedIn, { name: 'Flashlight H1', total: 3 });
    const cone = await addItem(ctx, adminSignedIn, { name: 'Traffic cone H1', total: 3 });
    const radioLoan = await borrowOk(ctx, tanodRow, { itemId: radio._id, quantity: 1, dueAt: new Date(clock.now().getTime() + 3_600_000).toISOString() });
    const lightLoan = await borrowOk(ctx, tanodRow, { itemId: light._id, quantity: 2, dueAt: new Date(clock.now().getTime() + 2 * 3_600_000).toISOString() });
    const coneLoan = await borrowOk(ctx, tanodRow, { itemId: cone._id, quantity: 1 });
    expect((await returnLoan(ctx, tanodRow, coneLoan._id)).statusCode).toBe(200);

    const area = await createArea(ctx, admin);
    const hour = 3_600_000;
    const at = (hours: number) => new Date(clock.now().getTime() + hours * hour);
    const ongoing = await scheduleFor(ctx, admin, area, [tanod, partner], at(-1), at(3));
    const later = await scheduleFor(ctx, admin, area, [partner, tanod], at(24), at(36));
    clock.advance(2 * hour);
    // The first loan is now an hour overdue; nothing else changed.
    const handoff = await handoffOf(tanod.id);
    expect(handoff.activeIncident).toMatchObject({ _id: incident.id, ticket: incident.ticket, type: 'Fire', classification: 'emergency', place: 'Beside the market' });
    expect(handoff.openLoans.map((loan) => [loan._id, loan.itemName, loan.quantity, loan.overdue])).toEqual([
      [radioLoan._id, 'Handheld radio H1', 1, true],
      [lightLoan._id, 'Flashlight H1', 2, false],
    ]);
    expect(handoff.futureShifts.map((shift) => [shift._id, shift.ongoing, shift.isLeader, shift.otherMembers, shift.areaName])).toEqual([
      [ongoing._id, true, true, 1, area.name],
      [later._id, false, false, 1, area.name],
    ]);
    expect(handoff.futureShiftCount).toBe(2);

    // Nothing changes by asking: the incident is still theirs.
    expect((await handoffOf(tanod.id, supadmin)).activeIncident?._id).toBe(incident.id);
  });

  it('a tanod with nothing in hand has empty lists', async () => {
    const tanod = await person(ctx, 'tanod');
    expect(await handoffOf(tanod.id)).toEqual({ activeIncident: null, openLoans: [], futureShifts: [], futureShiftCount: 0 });
  });
});

describe('deactivating a tanod who is responding', () => {
  it('puts the incident back in the queue in the same step: pending, no responder, a timeline event, admins and on-duty tanods told, screens updated', async () => {
    const tanod = await person(ctx, 'tanod', { firstName: 'Pedro', lastName: 'Penduko' });
    const onDuty = await person(ctx, 'tanod');
    const area = await createArea(ctx, admin);
    await scheduleFor(ctx, admin, area, [onDuty], new Date(clock.now().getTime() - 60_000), new Date(clock.now().getTime() + 3_600_000));
    const incident = await responding(tanod, { type: 'Theft', landmark: 'Beside the chapel' });
    clock.advance(60_000);

    const updates: { id: string }[] = [];
    const unsubscribe = ctx.deps.events.subscribe('incident.updated', (payload) => updates.push(payload));
    const response = await call('POST', `/api/users/${tanod.id}/deactivate`, admin.token);
    unsubscribe();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'deactivated' });
    expect(updates.map((update) => update.id)).toContain(incident.id);

    const [row] = await query<{ status: string; responder_id: string | null; responded_at: Date | null }>(
      ctx,
      sql`select status, responder_id, responded_at from incidents where id = ${incident.id}`,
    );
    expect(row).toEqual({ status: 'pending', responder_id: null, responded_at: null });

    const detail = await call('GET', `/api/incidents/${incident.id}`, otherAdmin.token);
    const events = detail.json<{ events: { kind: string; actor: { _id: string } | null; subject: { _id: string } | null; detail: string | null }[] }>().events;
    expect(events.at(-1)).toMatchObject({ kind: 'returned_to_queue', actor: { _id: admin.id }, subject: { _id: tanod.id }, detail: 'The responder was deactivated' });

    const told = await notificationsOf(incident.id, 'incident.requeued');
    const recipients = told.map((n) => n.user_id);
    expect(recipients).toEqual(expect.arrayContaining([supadmin.id, otherAdmin.id, onDuty.id]));
    // Not the admin who did it, and never the deactivated account.
    expect(recipients).not.toContain(admin.id);
    expect(recipients).not.toContain(tanod.id);
    expect(told[0]!.message).toBe(`Incident ${incident.ticket} (Theft near Beside the chapel) is back in the queue: Pedro Penduko, who was responding, was deactivated`);

    // The reporter's ticket says it waits again, without naming anyone.
    const ticket = await ctx.app.inject({ method: 'GET', url: `/api/public/tickets/${incident.ticket}`, remoteAddress: '10.9.0.1' });
    expect(ticket.json().timeline.map((entry: { kind: string }) => entry.kind)).toEqual(['reported', 'responding', 'requeued']);
    expect(ticket.json().responderFirstName).toBeNull();

    // The audit entry records the hand-off.
    const [audit] = await query<{ after: Record<string, unknown> }>(ctx, sql`select after from audit_entries where entity_id = ${tanod.id} and action = 'deactivate'`);
    expect(audit!.after).toMatchObject({ status: 'deactivated', incidentReturnedToQueue: incident.ticket });

    // Another tanod takes it like any pending report.
    const claimed = await call('POST', `/api/incidents/${incident.id}/respond`, onDuty.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
  });

  it('a reactivated tanod can respond again: the one-active-incident index holds their old claim no more', async () => {
    const tanod = await person(ctx, 'tanod');
    const first = await responding(tanod);
    expect((await call('POST', `/api/users/${tanod.id}/deactivate`, admin.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${tanod.id}/reactivate`, admin.token)).statusCode).toBe(200);
    // Deactivation ended their sessions: they sign in again.
    const again = await signIn(ctx, (await findUserById(ctx.deps.db, tanod.id))!);
    const response = await call('POST', `/api/incidents/${first.id}/respond`, again);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'in_progress', responder: { _id: tanod.id } });
  });

  it('a deactivation without an incident in hand writes no incident event and tells nobody about incidents', async () => {
    const tanod = await person(ctx, 'tanod');
    const before = await query<{ n: number }>(ctx, sql`select count(*)::integer as n from notifications where kind = 'incident.requeued'`);
    expect((await call('POST', `/api/users/${tanod.id}/deactivate`, admin.token)).statusCode).toBe(200);
    const after = await query<{ n: number }>(ctx, sql`select count(*)::integer as n from notifications where kind = 'incident.requeued'`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('escalation of a report back in the queue', () => {
  const escalations = (incidentId: string) =>
    query<{ message: string }>(ctx, sql`select distinct message from notifications where entity_id = ${incidentId} and kind = 'incident.escalated'`);

  it('an old emergency is not escalated again with a stale "no responder for 4 minutes": the hand-off notice said it', async () => {
    const tanod = await person(ctx, 'tanod');
    const incident = await responding(tanod, { classification: 'emergency', type: 'Fire' });
    clock.advance(10 * 60_000);
    expect((await call('POST', `/api/users/${tanod.id}/deactivate`, admin.token)).statusCode).toBe(200);
    await escalatePendingIncidents(ctx.deps, clock.now());
    clock.advance(10 * 60_000);
    await escalatePendingIncidents(ctx.deps, clock.now());
    expect(await escalations(incident.id)).toEqual([]);
  });

  it('a report handed back before its first threshold is escalated at that threshold, once', async () => {
    const tanod = await person(ctx, 'tanod');
    const incident = await responding(tanod, { classification: 'normal', type: 'Noise' });
    clock.advance(5 * 60_000);
    expect((await call('POST', `/api/users/${tanod.id}/deactivate`, admin.token)).statusCode).toBe(200);
    await escalatePendingIncidents(ctx.deps, clock.now());
    expect(await escalations(incident.id)).toEqual([]);
    clock.advance(10 * 60_000);
    await escalatePendingIncidents(ctx.deps, clock.now());
    await escalatePendingIncidents(ctx.deps, clock.now());
    expect((await escalations(incident.id)).map((row) => row.message)).toEqual([`Incident ${incident.ticket} (Noise near Beside the chapel) has had no responder for 15 minutes`]);
  });
});

describe('who may ask', () => {
  it('a tanod, a resident and an anonymous caller are refused', async () => {
    const tanod = await person(ctx, 'tanod');
    const other = await person(ctx, 'tanod');
    const resident = await createUser(ctx, { userType: 'resident' });
    const residentToken = await signIn(ctx, resident);
    expect((await call('GET', `/api/users/${other.id}/handoff`, tanod.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${other.id}/handoff`, residentToken)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${other.id}/handoff`, null)).statusCode).toBe(401);
  });

  it('an admin cannot ask about an admin or the supadmin, whom they cannot deactivate; the supadmin can ask about an admin', async () => {
    const refused = await call('GET', `/api/users/${supadmin.id}/handoff`, admin.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Admins can manage tanod accounts only');
    expect((await call('GET', `/api/users/${otherAdmin.id}/handoff`, admin.token)).statusCode).toBe(403);
    expect((await handoffOf(otherAdmin.id, supadmin)).activeIncident).toBeNull();
  });

  it('nobody asks about their own account, an unknown id or a resident', async () => {
    const resident = await createUser(ctx, { userType: 'resident' });
    expect((await call('GET', `/api/users/${admin.id}/handoff`, admin.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/00000000-0000-4000-8000-000000000000/handoff`, admin.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${resident.id}/handoff`, admin.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/not-an-id/handoff`, admin.token)).statusCode).toBe(400);
  });
});
