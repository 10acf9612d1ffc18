import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters, type Camera } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { INSIDE, insertTestIncident, query } from '../../../test/incidents-helpers.ts';

let ctx: TestContext;
let adminToken: string;
let tanodToken: string;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  adminToken = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
  tanodToken = await signIn(ctx, await createUser(ctx, { userType: 'tanod' }));
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const addCamera = async (name: string, location: { lat: number; lng: number }) => {
  const response = await call('POST', '/api/cameras', adminToken, { name, location, ownerContact: 'Sari-sari store, 0917 000 0000' });
  expect(response.statusCode).toBe(201);
  return response.json<Camera>();
};

describe('CCTV cameras', () => {
  it('an admin adds, edits and deletes a camera; staff read the list', async () => {
    const created = await addCamera('Chapel gate', INSIDE);
    expect(created).toMatchObject({ name: 'Chapel gate', description: null, viewingUrl: null, location: INSIDE });
    const edited = await call('PATCH', `/api/cameras/${created._id}`, adminToken, { viewingUrl: 'http://10.0.0.5/live', description: 'Faces the road' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ viewingUrl: 'http://10.0.0.5/live', description: 'Faces the road', name: 'Chapel gate' });
    const list = await call('GET', '/api/cameras', tanodToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((camera: Camera) => camera._id)).toContain(created._id);
    expect((await call('DELETE', `/api/cameras/${created._id}`, adminToken)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/cameras/${created._id}`, adminToken)).statusCode).toBe(404);
    const audit = await query<{ action: string }>(ctx, sql`select action from audit_entries where entity_id = ${created._id} order by at, action`);
    expect(audit.map((row) => row.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('tanods and residents cannot change cameras; anonymous callers cannot read them', async () => {
    const camera = await addCamera('Basketball court', INSIDE);
    const resident = await signIn(ctx, await createUser(ctx, { userType: 'resident' }));
    expect((await call('POST', '/api/cameras', tanodToken, { name: 'Mine', location: INSIDE })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/cameras/${camera._id}`, tanodToken, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/cameras/${camera._id}`, tanodToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/cameras', resident)).statusCode).toBe(403);
    expect((await call('GET', '/api/cameras', null)).statusCode).toBe(401);
  });

  it('bad camera input is refused naming the field and stores nothing', async () => {
    const countCameras = async () => (await query(ctx, sql`select id from cameras`)).length;
    const before = await countCameras();
    for (const [body, field] of [
      [{ location: INSIDE }, 'name'],
      [{ name: 'X', location: { lat: 91, lng: 121 } }, 'location.lat'],
      [{ name: 'X', location: INSIDE, viewingUrl: 'javascript:alert(1)' }, 'viewingUrl'],
      [{ name: 'x'.repeat(101), location: INSIDE }, 'name'],
    ] as const) {
      const response = await call('POST', '/api/cameras', adminToken, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json().error.fields[0].field).toBe(field);
    }
    expect(await countCameras()).toBe(before);
    const camera = await addCamera('Patch target', INSIDE);
    const empty = await call('PATCH', `/api/cameras/${camera._id}`, adminToken, {});
    expect(empty.statusCode).toBe(400);
  });

  it('the nearest cameras to an incident come with their distance and the review window', async () => {
    await ctx.deps.db.execute(sql`delete from cameras`);
    // 0.001° of latitude is 111.2 m; of longitude at 14.7° N, 107.6 m.
    const north = await addCamera('North', { lat: INSIDE.lat + 0.001, lng: INSIDE.lng });
    const east = await addCamera('East', { lat: INSIDE.lat, lng: INSIDE.lng + 0.002 });
    const far = await addCamera('Far', { lat: INSIDE.lat + 0.01, lng: INSIDE.lng });
    const occurredAt = new Date('2026-06-01T07:50:00Z');
    const incident = await insertTestIncident(ctx, { occurredAt });

    const response = await call('GET', `/api/incidents/${incident.id}/cameras?limit=2`, tanodToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items.map((item: { camera: Camera }) => item.camera._id)).toEqual([north._id, east._id]);
    expect(body.items.map((item: { distanceMeters: number }) => item.distanceMeters)).toEqual([
      Math.round(distanceMeters(INSIDE, north.location)),
      Math.round(distanceMeters(INSIDE, east.location)),
    ]);
    expect(body.items.map((item: { distanceMeters: number }) => item.distanceMeters)).toEqual([111, 215]);
    expect(body.reviewWindow).toEqual({ from: '2026-06-01T07:40:00.000Z', to: '2026-06-01T08:00:00.000Z' });

    const within = (await call('GET', `/api/incidents/${incident.id}/cameras?radius=500`, adminToken)).json();
    expect(within.items.map((item: { camera: Camera }) => item.camera._id)).not.toContain(far._id);
  });
});
