import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentDetail } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { TEST_BOUNDARY, insertTestIncident, postReport, query, setBoundary } from '../../../test/incidents-helpers.ts';
import { connected, nextEvent, startRealtime } from '../../../test/realtime.ts';
import type { UserRow } from '../../db/schema/index.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let admin: UserRow;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { TICKET_LOOKUP_RATE_LIMIT: '1000' } });
  await setBoundary(ctx, TEST_BOUNDARY);
  admin = await createUser(ctx, { userType: 'admin', firstName: 'Alma' });
  adminToken = await signIn(ctx, admin);
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(60 * 60_000));

async function tanodWithToken(firstName = 'Juan') {
  const user = await createUser(ctx, { userType: 'tanod', firstName, lastName: 'Dela Cruz' });
  return { user, token: await signIn(ctx, user) };
}

const post = (url: string, token: string | null, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const get = (url: string, token: string | null) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('responding to an incident', () => {
  it('of 20 tanods pressing Respond at once exactly one wins; the others are told who took it', async () => {
    const incident = await insertTestIncident(ctx);
    const tanods = await Promise.all(Array.from({ length: 20 }, (_, i) => tanodWithToken(`Racer${i}`)));
    const responses = await Promise.all(tanods.map(({ token }) => post(`/api/incidents/${incident.id}/respond`, token)));

    const winners = responses.filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.json<IncidentDetail>();
    expect(winner.status).toBe('in_progress');
    const losers = responses.filter((response) => response.statusCode !== 200);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      expect(loser.statusCode).toBe(409);
      const { error } = loser.json();
      expect(error.code).toBe('already_taken');
      expect(error.details.takenBy._id).toBe(winner.responder!._id);
      expect(error.message).toContain(winner.responder!.firstName);
    }
    const events = await query<{ kind: string }>(ctx, sql`select kind from incident_events where incident_id = ${incident.id} and kind = 'responded'`);
    expect(events).toHaveLength(1);
  });

  it('a tanod holding an in-progress incident cannot claim another', async () => {
    const { token } = await tanodWithToken();
    const first = await insertTestIncident(ctx);
    const second = await insertTestIncident(ctx);
    expect((await post(`/api/incidents/${first.id}/respond`, token)).statusCode).toBe(200);
    const refused = await post(`/api/incidents/${second.id}/respond`, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'has_active_incident', details: { incident: { _id: first.id, ticket: first.ticket } } });
    const [row] = await query<{ status: string }>(ctx, sql`select status from incidents where id = ${second.id}`);
    expect(row!.status).toBe('pending');
  });

  it('one tanod claiming two incidents at once ends up with exactly one', async () => {
    const { user, token } = await tanodWithToken();
    const incidents = await Promise.all([insertTestIncident(ctx), insertTestIncident(ctx), insertTestIncident(ctx)]);
    const responses = await Promise.all(incidents.map((incident) => post(`/api/incidents/${incident.id}/respond`, token)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.json().error.code).toBe('has_active_incident');
    }
    const held = await query(ctx, sql`select id from incidents where responder_id = ${user.id} and status = 'in_progress'`);
    expect(held).toHaveLength(1);
  });

  it('nobody can respond to a resolved incident, and admins assign rather than respond', async () => {
    const { token } = await tanodWithToken();
    const resolved = await insertTestIncident(ctx, { status: 'resolved' });
    const refused = await post(`/api/incidents/${resolved.id}/respond`, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT', details: { status: 'resolved' } });

    const pending = await insertTestIncident(ctx);
    expect((await post(`/api/incidents/${pending.id}/respond`, adminToken)).statusCode).toBe(403);
  });
});

describe('who may do what', () => {
  it('anonymous callers get 401 and residents 403 on every staff call', async () => {
    const incident = await insertTestIncident(ctx);
    const resident = await createUser(ctx, { userType: 'resident' });
    const residentToken = await signIn(ctx, resident);
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/incidents'],
      ['GET', `/api/incidents/${incident.id}`],
      ['GET', `/api/incidents/${incident.id}/cameras`],
      ['GET', '/api/incidents/export.csv'],
      ['POST', `/api/incidents/${incident.id}/respond`],
      ['POST', `/api/incidents/${incident.id}/assign`, { tanodId: admin.id }],
      ['POST', `/api/incidents/${incident.id}/resolve`, { log: 'Done' }],
      ['POST', `/api/incidents/${incident.id}/reject`, { reason: 'No' }],
      ['POST', `/api/incidents/${incident.id}/false-alarm`, { reason: 'No' }],
      ['POST', `/api/incidents/${incident.id}/notes`, { text: 'Hi' }],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await ctx.app.inject({ method: method as 'GET' | 'POST', url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
      const asResident = await ctx.app.inject({ method: method as 'GET' | 'POST', url, headers: bearer(residentToken), ...(payload ? { payload } : {}) });
      expect(asResident.statusCode, `${method} ${url} resident`).toBe(403);
    }
    const [row] = await query<{ status: string }>(ctx, sql`select status from incidents where id = ${incident.id}`);
    expect(row!.status).toBe('pending');
  });

  it('a tanod cannot reject, mark a false alarm, assign or export', async () => {
    const { user, token } = await tanodWithToken();
    const incident = await insertTestIncident(ctx);
    expect((await post(`/api/incidents/${incident.id}/reject`, token, { reason: 'Prank' })).statusCode).toBe(403);
    expect((await post(`/api/incidents/${incident.id}/false-alarm`, token, { reason: 'Prank' })).statusCode).toBe(403);
    expect((await post(`/api/incidents/${incident.id}/assign`, token, { tanodId: user.id })).statusCode).toBe(403);
    expect((await get('/api/incidents/export.csv', token)).statusCode).toBe(403);
  });

  it("a tanod cannot resolve another tanod's incident, nor see it once taken", async () => {
    const owner = await tanodWithToken('Owner');
    const other = await tanodWithToken('Other');
    const incident = await insertTestIncident(ctx);
    await post(`/api/incidents/${incident.id}/respond`, owner.token);
    const refused = await post(`/api/incidents/${incident.id}/resolve`, other.token, { log: 'Not mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect((await get(`/api/incidents/${incident.id}`, other.token)).statusCode).toBe(404);
    const [row] = await query<{ status: string }>(ctx, sql`select status from incidents where id = ${incident.id}`);
    expect(row!.status).toBe('in_progress');
  });

  it('a tanod lists pending incidents and their own, not those others hold or closed', async () => {
    const me = await tanodWithToken('Me');
    const other = await tanodWithToken('Them');
    const pending = await insertTestIncident(ctx, { description: 'visibility-check pending' });
    const mine = await insertTestIncident(ctx, { description: 'visibility-check mine' });
    const theirs = await insertTestIncident(ctx, { description: 'visibility-check theirs' });
    const rejected = await insertTestIncident(ctx, { description: 'visibility-check rejected', status: 'rejected' });
    await post(`/api/incidents/${mine.id}/respond`, me.token);
    await post(`/api/incidents/${theirs.id}/respond`, other.token);
    const list = await get('/api/incidents?q=visibility-check', me.token);
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((item: { _id: string }) => item._id);
    expect(ids.sort()).toEqual([pending.id, mine.id].sort());
    const asAdmin = await get('/api/incidents?q=visibility-check', adminToken);
    expect(asAdmin.json().items.map((item: { _id: string }) => item._id).sort()).toEqual([pending.id, mine.id, theirs.id, rejected.id].sort());
  });
});

describe('assigning', () => {
  it('an admin assigns a pending incident to a tanod; a busy tanod or a non-tanod cannot be assigned', async () => {
    const busy = await tanodWithToken('Busy');
    const free = await tanodWithToken('Free');
    const held = await insertTestIncident(ctx);
    await post(`/api/incidents/${held.id}/respond`, busy.token);
    const incident = await insertTestIncident(ctx);

    const refused = await post(`/api/incidents/${incident.id}/assign`, adminToken, { tanodId: busy.user.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'has_active_incident', details: { incident: { _id: held.id } } });
    const notTanod = await post(`/api/incidents/${incident.id}/assign`, adminToken, { tanodId: admin.id });
    expect(notTanod.statusCode).toBe(400);
    expect(notTanod.json().error.fields[0].field).toBe('tanodId');
    const malformed = await post(`/api/incidents/${incident.id}/assign`, adminToken, { tanodId: 'x' });
    expect(malformed.statusCode).toBe(400);

    const assigned = await post(`/api/incidents/${incident.id}/assign`, adminToken, { tanodId: free.user.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'in_progress', responder: { _id: free.user.id } });
    const list = (await get('/api/incidents?status=in_progress', free.token)).json();
    expect(list.items.map((item: { _id: string }) => item._id)).toContain(incident.id);
  });
});

describe('the state machine and its texts', () => {
  it('a pending incident cannot be resolved; the answer carries the current status', async () => {
    const incident = await insertTestIncident(ctx);
    const response = await post(`/api/incidents/${incident.id}/resolve`, adminToken, { log: 'Done' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', details: { status: 'pending' } });
  });

  it('the resolution log and the reasons are required, and the log is at most 2,000 characters', async () => {
    const { token } = await tanodWithToken();
    const incident = await insertTestIncident(ctx);
    await post(`/api/incidents/${incident.id}/respond`, token);
    for (const [path, body, field] of [
      ['resolve', { log: '   ' }, 'log'],
      ['resolve', {}, 'log'],
      ['resolve', { log: 'x'.repeat(2001) }, 'log'],
      ['reject', { reason: '' }, 'reason'],
      ['false-alarm', {}, 'reason'],
      ['notes', { text: ' ' }, 'text'],
    ] as const) {
      const response = await post(`/api/incidents/${incident.id}/${path}`, path === 'resolve' || path === 'notes' ? token : adminToken, body);
      expect(response.statusCode, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
      expect(response.json().error.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
    const [row] = await query<{ status: string }>(ctx, sql`select status from incidents where id = ${incident.id}`);
    expect(row!.status).toBe('in_progress');
  });

  it('a false alarm keeps the record with its reason, and cannot be resolved afterwards', async () => {
    const incident = await insertTestIncident(ctx);
    const response = await post(`/api/incidents/${incident.id}/false-alarm`, adminToken, { reason: 'The caller was testing the app' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'false_alarm', closingReason: 'The caller was testing the app' });
    const again = await post(`/api/incidents/${incident.id}/reject`, adminToken, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details.status).toBe('false_alarm');
    const audit = await query(ctx, sql`select action from audit_entries where entity_id = ${incident.id}`);
    expect(audit).toEqual([{ action: 'false_alarm' }]);
  });

  it('a malformed id is refused and an unknown one is not found', async () => {
    expect((await get('/api/incidents/not-a-uuid', adminToken)).statusCode).toBe(400);
    expect((await get('/api/incidents/00000000-0000-4000-8000-000000000000', adminToken)).statusCode).toBe(404);
  });
});

describe('the timeline and the public ticket', () => {
  it('report → assign → note → resolve builds the staff timeline; the ticket shows the public steps and never the note', async () => {
    const { user: tanod, token } = await tanodWithToken('Pedro');
    const incident = await insertTestIncident(ctx);
    clock.advance(60_000);
    const assigned = await post(`/api/incidents/${incident.id}/assign`, adminToken, { tanodId: tanod.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().responder).toMatchObject({ _id: tanod.id, firstName: 'Pedro' });
    const [notice] = await query<{ message: string }>(ctx, sql`select message from notifications where user_id = ${tanod.id} and entity_id = ${incident.id}`);
    expect(notice!.message).toMatch(/^You were assigned Incident IR-/);

    clock.advance(60_000);
    await post(`/api/incidents/${incident.id}/notes`, token, { text: 'Suspect is the neighbour’s cousin' });
    clock.advance(60_000);
    const resolved = await post(`/api/incidents/${incident.id}/resolve`, token, { log: 'Bicycle returned to the owner.' });
    expect(resolved.statusCode).toBe(200);
    const detail = resolved.json<IncidentDetail>();
    expect(detail.events.map((event) => event.kind)).toEqual(['created', 'assigned', 'note', 'resolved']);
    expect(detail.events[1]).toMatchObject({ actor: { _id: admin.id }, subject: { _id: tanod.id } });
    expect(detail).toMatchObject({ status: 'resolved', resolutionLog: 'Bicycle returned to the owner.', resolvedBy: { _id: tanod.id } });
    expect(detail.reporter).toEqual({ _id: null, name: 'Ana Reyes', phoneNumber: '+639175551234' });

    const ticket = await get(`/api/public/tickets/${incident.ticket}`, null);
    expect(ticket.statusCode).toBe(200);
    const body = ticket.json();
    expect(body.status).toBe('resolved');
    expect(body.responderFirstName).toBe('Pedro');
    expect(body.timeline.map((entry: { kind: string }) => entry.kind)).toEqual(['reported', 'responding', 'resolved']);
    expect(JSON.stringify(body)).not.toContain('cousin');
    expect(JSON.stringify(body)).not.toContain('Bicycle returned');
    expect(JSON.stringify(body)).not.toContain('Ana');
  });
});

describe('realtime events', () => {
  it('a step publishes incident.updated once its transaction has committed', async () => {
    const { token } = await tanodWithToken();
    const incident = await insertTestIncident(ctx);
    const statusAtPublish: Promise<string>[] = [];
    const unsubscribe = ctx.deps.events.subscribe('incident.updated', (change) => {
      // Another connection (on PostgreSQL) sees only committed rows: in_progress proves the commit came first.
      statusAtPublish.push(query<{ status: string }>(ctx, sql`select status from incidents where id = ${change.id}`).then(([row]) => row!.status));
    });
    const response = await post(`/api/incidents/${incident.id}/respond`, token);
    unsubscribe();
    expect(response.statusCode).toBe(200);
    expect(await Promise.all(statusAtPublish)).toEqual(['in_progress']);
  });

  it('a step whose transaction fails after the update publishes nothing and changes nothing', async () => {
    const { token } = await tanodWithToken();
    const incident = await insertTestIncident(ctx);
    await post(`/api/incidents/${incident.id}/respond`, token);
    // Make the admins' notification (written after the status update and the event) fail.
    await ctx.deps.db.execute(
      sql.raw(`create or replace function fail_resolved_notifications() returns trigger language plpgsql as $$
        begin
          if new.kind = 'incident.resolved' then raise exception 'notification store is down'; end if;
          return new;
        end $$`),
    );
    await ctx.deps.db.execute(
      sql.raw('create trigger fail_resolved_notifications before insert on notifications for each row execute function fail_resolved_notifications()'),
    );
    const published: string[] = [];
    const unsubscribe = ctx.deps.events.subscribe('incident.updated', (change) => published.push(change.id));
    const notified: unknown[] = [];
    const unsubscribeNotifications = ctx.deps.events.subscribe('notifications.created', (payload) => notified.push(payload));
    try {
      const response = await post(`/api/incidents/${incident.id}/resolve`, token, { log: 'Done and dusted' });
      expect(response.statusCode).toBe(500);
    } finally {
      unsubscribe();
      unsubscribeNotifications();
      await ctx.deps.db.execute(sql.raw('drop trigger fail_resolved_notifications on notifications'));
      await ctx.deps.db.execute(sql.raw('drop function fail_resolved_notifications()'));
    }
    expect(published).toEqual([]);
    expect(notified).toEqual([]);
    const [row] = await query<{ status: string }>(ctx, sql`select status from incidents where id = ${incident.id}`);
    expect(row!.status).toBe('in_progress');
    const resolvedEvents = await query(ctx, sql`select id from incident_events where incident_id = ${incident.id} and kind = 'resolved'`);
    expect(resolvedEvents).toEqual([]);
  });
});

describe('open screens', () => {
  it('a new emergency reaches a tanod socket with its classification, and the claim reaches an admin socket', async () => {
    const realtime = await startRealtime(ctx);
    try {
      const { token } = await tanodWithToken();
      const tanodSocket = await connected(realtime.client(token));
      const adminSocket = await connected(realtime.client(adminToken));
      const created = nextEvent(tanodSocket, 'incident:created', (payload) => payload.classification === 'emergency');
      const report = await postReport(ctx, { type: 'Fire', classification: 'emergency', description: '' });
      expect(report.statusCode).toBe(201);
      const arrival = await created;
      const [row] = await query<{ id: string }>(ctx, sql`select id from incidents where ticket = ${report.json().ticket}`);
      expect(arrival).toMatchObject({ _id: row!.id, id: row!.id, classification: 'emergency' });

      const updated = nextEvent(adminSocket, 'incident:updated', (payload) => payload.id === row!.id);
      expect((await post(`/api/incidents/${row!.id}/respond`, token)).statusCode).toBe(200);
      expect(await updated).toMatchObject({ _id: row!.id, id: row!.id });
    } finally {
      await realtime.close();
    }
  });
});
