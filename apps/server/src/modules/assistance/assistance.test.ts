import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistanceRequest } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { INSIDE, insertTestIncident, query } from '../../../test/incidents-helpers.ts';
import { connected, nextEvent, startRealtime, type RealtimeTestServer } from '../../../test/realtime.ts';
import { latestPositions, type UserRow } from '../../db/schema/index.ts';
import { insertPatrolArea } from '../patrol-areas/patrol-areas.repository.ts';
import { insertSchedule, replaceMembers } from '../schedules/schedules.repository.ts';

let ctx: TestContext;
let realtime: RealtimeTestServer;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let admin: UserRow;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  realtime = await startRealtime(ctx);
  admin = await createUser(ctx, { userType: 'admin' });
  adminToken = await signIn(ctx, admin);
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
});

const post = (url: string, token: string | null, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function tanod(firstName: string) {
  const user = await createUser(ctx, { userType: 'tanod', firstName });
  return { user, token: await signIn(ctx, user) };
}

async function requestBackup(token: string, extra: Record<string, unknown> = {}): Promise<AssistanceRequest> {
  const response = await post('/api/assistance', token, { location: { ...INSIDE, accuracy: 8 }, reason: 'Crowd is getting rowdy', ...extra });
  expect(response.statusCode).toBe(201);
  return response.json<AssistanceRequest>();
}

const notificationsOf = (userId: string, requestId: string) =>
  query<{ message: string; kind: string }>(ctx, sql`select message, kind from notifications where user_id = ${userId} and entity_id = ${requestId}`);

describe('backup requests', () => {
  it('a tanod asks for backup from an incident; admins and other on-duty tanods are told, and the timeline records it', async () => {
    const requester = await tanod('Rico');
    const other = await tanod('Nena');
    const incident = await insertTestIncident(ctx);
    await post(`/api/incidents/${incident.id}/respond`, requester.token);

    const request = await requestBackup(requester.token, { incidentId: incident.id });
    expect(request).toMatchObject({ status: 'pending', reason: 'Crowd is getting rowdy', requester: { _id: requester.user.id }, incident: { _id: incident.id } });
    const [toAdmin] = await notificationsOf(admin.id, request._id);
    expect(toAdmin!.message).toBe(`Backup assistance requested by Rico ${requester.user.lastName} for incident ${incident.ticket}: Crowd is getting rowdy`);
    expect(await notificationsOf(other.user.id, request._id)).toHaveLength(1);
    expect(await notificationsOf(requester.user.id, request._id)).toHaveLength(0);
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/incidents/${incident.id}`, headers: bearer(adminToken) })).json();
    expect(detail.events.map((event: { kind: string }) => event.kind)).toContain('assistance_requested');
  });

  it('an admin approves with dispatched tanods and an agency; the requester sees it live and the dispatched tanod is told', async () => {
    const requester = await tanod('Lito');
    const dispatched = await tanod('Bong');
    const socket = await connected(realtime.client(requester.token));
    const request = await requestBackup(requester.token);

    const update = nextEvent(socket, 'assistance:updated', (payload) => payload._id === request._id);
    const response = await post(`/api/assistance/${request._id}/approve`, adminToken, {
      tanodIds: [dispatched.user.id],
      agency: { name: 'PNP', reference: 'Blotter 2026-114' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      decidedBy: { _id: admin.id },
      agency: { name: 'PNP', reference: 'Blotter 2026-114' },
      dispatchedTanods: [{ _id: dispatched.user.id }],
    });
    expect(await update).toMatchObject({ _id: request._id, id: request._id });
    expect((await notificationsOf(requester.user.id, request._id))[0]!.message).toBe(
      `Your backup assistance request was approved: Bong ${dispatched.user.lastName}; PNP (Blotter 2026-114)`,
    );
    expect((await notificationsOf(dispatched.user.id, request._id)).map((row) => row.kind)).toContain('assistance.dispatched');

    // The dispatched tanod moves it on; the requester may not complete it.
    expect((await post(`/api/assistance/${request._id}/deployed`, dispatched.token)).json().status).toBe('deployed');
    expect((await post(`/api/assistance/${request._id}/complete`, requester.token)).statusCode).toBe(403);
    const completed = await post(`/api/assistance/${request._id}/complete`, dispatched.token);
    expect(completed.json()).toMatchObject({ status: 'completed' });
    const again = await post(`/api/assistance/${request._id}/cancel`, requester.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details.status).toBe('completed');
  });

  it('a rejection needs a reason, is for admins only, and only the requester cancels', async () => {
    const requester = await tanod('Dodong');
    const other = await tanod('Inday');
    const request = await requestBackup(requester.token);
    expect((await post(`/api/assistance/${request._id}/reject`, adminToken, { reason: ' ' })).statusCode).toBe(400);
    expect((await post(`/api/assistance/${request._id}/reject`, other.token, { reason: 'No' })).statusCode).toBe(403);
    expect((await post(`/api/assistance/${request._id}/approve`, other.token, {})).statusCode).toBe(403);
    expect((await post(`/api/assistance/${request._id}/cancel`, other.token)).statusCode).toBe(403);
    const rejected = await post(`/api/assistance/${request._id}/reject`, adminToken, { reason: 'Two units already there' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Two units already there' });
    expect((await post(`/api/assistance/${request._id}/approve`, adminToken, {})).statusCode).toBe(409);

    const second = await requestBackup(requester.token);
    expect((await post(`/api/assistance/${second._id}/cancel`, requester.token)).json().status).toBe('cancelled');

    const third = await requestBackup(requester.token);
    const approved = await post(`/api/assistance/${third._id}/approve`, adminToken, {});
    expect(approved.json()).toMatchObject({ status: 'approved', dispatchedTanods: [], agency: null });
  });

  it('bad input and wrong callers change nothing', async () => {
    const requester = await tanod('Caloy');
    const resident = await signIn(ctx, await createUser(ctx, { userType: 'resident' }));
    const count = async () => (await query(ctx, sql`select id from assistance_requests`)).length;
    const before = await count();
    expect((await post('/api/assistance', null, { location: INSIDE, reason: 'x' })).statusCode).toBe(401);
    expect((await post('/api/assistance', resident, { location: INSIDE, reason: 'x' })).statusCode).toBe(403);
    expect((await post('/api/assistance', adminToken, { location: INSIDE, reason: 'x' })).statusCode).toBe(403);
    const noReason = await post('/api/assistance', requester.token, { location: INSIDE, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields[0].field).toBe('reason');
    const noPlace = await post('/api/assistance', requester.token, { reason: 'Help' });
    expect(noPlace.json().error.fields[0].field).toBe('location');
    const unknownIncident = await post('/api/assistance', requester.token, { location: INSIDE, reason: 'Help', incidentId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownIncident.statusCode).toBe(404);
    const request = await requestBackup(requester.token);
    const badTanod = await post(`/api/assistance/${request._id}/approve`, adminToken, { tanodIds: [admin.id] });
    expect(badTanod.statusCode).toBe(400);
    expect(badTanod.json().error.fields[0].field).toBe('tanodIds');
    const badAgency = await post(`/api/assistance/${request._id}/approve`, adminToken, { agency: { name: 'Army' } });
    expect(badAgency.statusCode).toBe(400);
    expect(await count()).toBe(before + 1);
    const [row] = await query<{ status: string }>(ctx, sql`select status from assistance_requests where id = ${request._id}`);
    expect(row!.status).toBe('pending');
  });

  it('the list filters by status; a tanod sees open requests and their own closed ones, not others closed ones', async () => {
    const me = await tanod('Mila');
    const other = await tanod('Tess');
    const mine = await requestBackup(me.token);
    const theirs = await requestBackup(other.token);
    await post(`/api/assistance/${mine._id}/cancel`, me.token);
    await post(`/api/assistance/${theirs._id}/cancel`, other.token);
    const open = await requestBackup(other.token);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/assistance', headers: bearer(me.token) });
    const ids = list.json().items.map((item: AssistanceRequest) => item._id);
    expect(ids).toContain(mine._id);
    expect(ids).toContain(open._id);
    expect(ids).not.toContain(theirs._id);
    const cancelled = await ctx.app.inject({ method: 'GET', url: '/api/assistance?status=cancelled', headers: bearer(adminToken) });
    const statuses = new Set(cancelled.json().items.map((item: AssistanceRequest) => item.status));
    expect([...statuses]).toEqual(['cancelled']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/assistance?status=lost', headers: bearer(adminToken) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('who hears a call for backup once positions are known', () => {
  it('on-duty tanods within 1 km are told, one 5 km away is not, and one whose position is unknown is told to be safe', async () => {
    const [requester, near, far, unknown] = await Promise.all([tanod('Rey'), tanod('Lito'), tanod('Baste'), tanod('Joy')]);
    const area = await insertPatrolArea(ctx.deps.db, {
      name: 'Backup radius area',
      color: '#16a34a',
      polygon: { type: 'Polygon', coordinates: [[[121.04, 14.73], [121.05, 14.73], [121.05, 14.74], [121.04, 14.73]]] },
    });
    const schedule = await insertSchedule(ctx.deps.db, {
      code: 'SCH-RADIUS',
      shift: 'custom',
      startsAt: new Date(clock.now().getTime() - 3_600_000),
      endsAt: new Date(clock.now().getTime() + 3_600_000),
      patrolAreaId: area!.id,
    });
    await replaceMembers(
      ctx.deps.db,
      schedule!.id,
      [requester, near, far, unknown].map(({ user }) => ({ tanodId: user.id, isLeader: false })),
    );
    const at = clock.now();
    // About 300 m and 5 km north of the request.
    await ctx.deps.db.insert(latestPositions).values([
      { userId: near.user.id, at, lat: INSIDE.lat + 0.0027, lng: INSIDE.lng },
      { userId: far.user.id, at, lat: INSIDE.lat + 0.045, lng: INSIDE.lng },
    ]);
    const request = await requestBackup(requester.token);
    expect(await notificationsOf(near.user.id, request._id)).toHaveLength(1);
    expect(await notificationsOf(unknown.user.id, request._id)).toHaveLength(1);
    expect(await notificationsOf(far.user.id, request._id)).toHaveLength(0);
    expect(await notificationsOf(admin.id, request._id)).toHaveLength(1);
  });

  it('an open request about a confidential case is listed and heard live only by the tanods its alert reached, the requester and admins', async () => {
    const [requester, near, far] = await Promise.all([tanod('Rosa'), tanod('Nilo'), tanod('Fely')]);
    const area = await insertPatrolArea(ctx.deps.db, {
      name: 'Confidential backup area',
      color: '#16a34a',
      polygon: { type: 'Polygon', coordinates: [[[121.04, 14.73], [121.05, 14.73], [121.05, 14.74], [121.04, 14.73]]] },
    });
    const schedule = await insertSchedule(ctx.deps.db, {
      code: 'SCH-CONFIDENTIAL',
      shift: 'custom',
      startsAt: new Date(clock.now().getTime() - 3_600_000),
      endsAt: new Date(clock.now().getTime() + 3_600_000),
      patrolAreaId: area!.id,
    });
    await replaceMembers(ctx.deps.db, schedule!.id, [requester, near, far].map(({ user }) => ({ tanodId: user.id, isLeader: false })));
    await ctx.deps.db.insert(latestPositions).values([
      { userId: near.user.id, at: clock.now(), lat: INSIDE.lat + 0.0027, lng: INSIDE.lng },
      { userId: far.user.id, at: clock.now(), lat: INSIDE.lat + 0.045, lng: INSIDE.lng },
    ]);
    const incident = await insertTestIncident(ctx, { confidential: true, status: 'in_progress', responderId: requester.user.id, respondedAt: clock.now() });
    const nearSocket = await connected(realtime.client(near.token));
    const farSocket = await connected(realtime.client(far.token));
    const farHeard: string[] = [];
    farSocket.on('assistance:created', (change) => farHeard.push(change._id));

    const heardNear = nextEvent(nearSocket, 'assistance:created');
    const request = await requestBackup(requester.token, { incidentId: incident.id });
    expect((await heardNear)._id).toBe(request._id);
    // An ordinary call after it: had the confidential one reached the far tanod, it would have come first.
    const ordinary = nextEvent(farSocket, 'assistance:created', () => true);
    const fromMap = await requestBackup(requester.token);
    expect((await ordinary)._id).toBe(fromMap._id);
    expect(farHeard).toEqual([fromMap._id]);

    const listedTo = async (token: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/assistance', headers: bearer(token) })).json<{ items: AssistanceRequest[] }>().items.map((item) => item._id);
    expect(await listedTo(far.token)).not.toContain(request._id);
    expect(await listedTo(far.token)).toContain(fromMap._id);
    expect(await listedTo(near.token)).toContain(request._id);
    expect(await listedTo(requester.token)).toContain(request._id);
    expect(await listedTo(adminToken)).toContain(request._id);
    // Its id answers the far tanod as an unknown one would.
    expect((await post(`/api/assistance/${request._id}/deployed`, far.token)).statusCode).toBe(404);
  });
});
