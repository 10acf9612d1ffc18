import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistanceRequest } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { INSIDE, query } from '../../../test/incidents-helpers.ts';
import type { UserRow } from '../../db/schema/index.ts';

/**
 * Backup called from the patrol map (no incident) and moved on by the tanod dispatched to it, from
 * their own screen: only a tanod dispatched to that request, and only from the statuses each step
 * starts from.
 */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let adminToken: string;
let requester: { user: UserRow; token: string };
let dispatched: { user: UserRow; token: string };
let bystander: { user: UserRow; token: string };

const post = (url: string, token: string | null, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const list = async (token: string, status: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/assistance?status=${status}`, headers: bearer(token) })).json<{ items: AssistanceRequest[] }>().items.map((item) => item._id);

async function tanod(firstName: string) {
  const user = await createUser(ctx, { userType: 'tanod', firstName });
  return { user, token: await signIn(ctx, user) };
}

/** From the patrol map: the tanod's position and a reason, no incident. */
async function callFromMap(reason = 'Group drinking turned into a fight'): Promise<AssistanceRequest> {
  const response = await post('/api/assistance', requester.token, { location: { lat: INSIDE.lat + 0.001, lng: INSIDE.lng, accuracy: 6 }, reason });
  expect(response.statusCode).toBe(201);
  return response.json<AssistanceRequest>();
}

async function approve(request: AssistanceRequest, tanodIds: string[]) {
  const response = await post(`/api/assistance/${request._id}/approve`, adminToken, { tanodIds });
  expect(response.statusCode).toBe(200);
}

const kindsOf = async (userId: string, requestId: string) =>
  (await query<{ kind: string }>(ctx, sql`select kind from notifications where user_id = ${userId} and entity_id = ${requestId}`)).map((row) => row.kind);

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  adminToken = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
  requester = await tanod('Rey');
  dispatched = await tanod('Bong');
  bystander = await tanod('Tess');
});
afterAll(() => ctx.close());

describe('backup from the patrol map, completed by the dispatched tanod', () => {
  it('a tanod calls from where they are with no incident; the dispatched tanod marks it deployed, then complete', async () => {
    const request = await callFromMap();
    expect(request).toMatchObject({ incident: null, status: 'pending', reason: 'Group drinking turned into a fight', location: { lat: INSIDE.lat + 0.001, lng: INSIDE.lng, accuracy: 6 } });
    await approve(request, [dispatched.user.id]);
    clock.advance(60_000);

    const deployed = await post(`/api/assistance/${request._id}/deployed`, dispatched.token);
    expect(deployed.statusCode).toBe(200);
    expect(deployed.json()).toMatchObject({ status: 'deployed', deployedAt: clock.now().toISOString() });
    expect(await kindsOf(requester.user.id, request._id)).toContain('assistance.deployed');
    clock.advance(60_000);
    const completed = await post(`/api/assistance/${request._id}/complete`, dispatched.token);
    expect(completed.json()).toMatchObject({ status: 'completed', completedAt: clock.now().toISOString() });
    expect(await kindsOf(requester.user.id, request._id)).toContain('assistance.completed');
    // The dispatched tanod keeps it in their list once closed; a bystander does not see it.
    expect(await list(dispatched.token, 'completed')).toContain(request._id);
    expect(await list(bystander.token, 'completed')).not.toContain(request._id);
  });

  it('a tanod who was not dispatched, and the requester, cannot deploy or complete it', async () => {
    const request = await callFromMap('Drunk man with a bolo');
    await approve(request, [dispatched.user.id]);
    for (const step of ['deployed', 'complete']) {
      for (const who of [bystander, requester]) {
        const response = await post(`/api/assistance/${request._id}/${step}`, who.token);
        expect(response.statusCode, `${who.user.firstName} ${step}`).toBe(403);
      }
    }
    const [row] = await query<{ status: string }>(ctx, sql`select status from assistance_requests where id = ${request._id}`);
    expect(row!.status).toBe('approved');
  });

  it('each step only from its statuses: not before approval, not twice, not once cancelled or completed', async () => {
    // Before an approval nobody is dispatched: a tanod cannot move it on.
    const pending = await callFromMap('Need one more tanod at the plaza');
    expect((await post(`/api/assistance/${pending._id}/deployed`, dispatched.token)).statusCode).toBe(403);

    const request = await callFromMap('Traffic jam at the crossing');
    await approve(request, [dispatched.user.id]);
    expect((await post(`/api/assistance/${request._id}/deployed`, dispatched.token)).statusCode).toBe(200);
    const twice = await post(`/api/assistance/${request._id}/deployed`, dispatched.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details.status).toBe('deployed');
    // Completing straight from approved is allowed; once completed, nothing more.
    expect((await post(`/api/assistance/${request._id}/complete`, dispatched.token)).statusCode).toBe(200);
    const again = await post(`/api/assistance/${request._id}/complete`, dispatched.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details.status).toBe('completed');

    const cancelled = await callFromMap('Lost child found');
    await approve(cancelled, [dispatched.user.id]);
    expect((await post(`/api/assistance/${cancelled._id}/cancel`, requester.token)).statusCode).toBe(200);
    const late = await post(`/api/assistance/${cancelled._id}/deployed`, dispatched.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.details.status).toBe('cancelled');
  });

  it('anonymous callers get 401, residents 403, a malformed id 400 naming it, bad input 400 naming the field', async () => {
    const request = await callFromMap('Stray dogs chasing kids');
    await approve(request, [dispatched.user.id]);
    const resident = await signIn(ctx, await createUser(ctx, { userType: 'resident' }));
    expect((await post(`/api/assistance/${request._id}/deployed`, null)).statusCode).toBe(401);
    expect((await post(`/api/assistance/${request._id}/complete`, resident)).statusCode).toBe(403);
    const malformed = await post('/api/assistance/not-an-id/deployed', dispatched.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields[0].field).toMatch(/id$/);
    const unknown = await post('/api/assistance/00000000-0000-4000-8000-000000000000/complete', dispatched.token);
    expect(unknown.statusCode).toBe(404);
    const farAway = await post('/api/assistance', requester.token, { location: { lat: 95, lng: INSIDE.lng }, reason: 'Help' });
    expect(farAway.statusCode).toBe(400);
    expect(farAway.json().error.fields[0].field).toBe('location.lat');
    const tooLong = await post('/api/assistance', requester.token, { location: INSIDE, reason: 'x'.repeat(501) });
    expect(tooLong.json().error.fields[0].field).toBe('reason');
    const [row] = await query<{ status: string }>(ctx, sql`select status from assistance_requests where id = ${request._id}`);
    expect(row!.status).toBe('approved');
  });
});
