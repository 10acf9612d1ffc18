import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, PatrolArea } from '@bantay/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createArea, createSchedule, person, square, type Person } from '../../../test/patrols.ts';

let ctx: TestContext;
let admin: Person;
let supadmin: Person;
let tanod: Person;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await person(ctx, 'admin');
  supadmin = await person(ctx, 'supadmin');
  tanod = await person(ctx, 'tanod');
});
afterAll(() => ctx.close());

const post = (who: Person | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/patrol-areas', headers: who ? bearer(who.token) : {}, payload: payload as object });

describe('patrol areas are drawn by admins and checked on the server', () => {
  it('an admin draws an area; staff list it; the name is unique whatever its case', async () => {
    const area = await createArea(ctx, admin);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/patrol-areas', headers: bearer(tanod.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json<PatrolArea[]>().map((item) => item._id)).toContain(area._id);

    const again = await post(admin, { name: area.name.toUpperCase(), color: '#ff0000', polygon: square(14.6, 121.0) });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>().error.fields?.[0]?.field).toBe('name');
  });

  it('each broken polygon is refused with a message naming its problem, and nothing is stored', async () => {
    const open = { type: 'Polygon', coordinates: [[[121, 14], [121.01, 14], [121.01, 14.01], [121, 14.01]]] };
    const bowtie = { type: 'Polygon', coordinates: [[[121, 14], [121.01, 14.01], [121.01, 14], [121, 14.01], [121, 14]]] };
    const flat = { type: 'Polygon', coordinates: [[[121, 14], [121.01, 14], [121, 14], [121, 14]]] };
    const cases: [unknown, RegExp][] = [
      [open, /not closed/],
      [bowtie, /crosses itself/],
      [flat, /3 distinct/],
      [{ type: 'Point', coordinates: [121, 14] }, /Polygon/],
    ];
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/patrol-areas', headers: bearer(admin.token) })).json<PatrolArea[]>().length;
    for (const [polygon, message] of cases) {
      const response = await post(admin, { name: 'Broken', color: '#123456', polygon });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<ApiErrorBody>();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.[0]?.field).toMatch(/^polygon/);
      expect(body.error.message).toMatch(message);
    }
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/patrol-areas', headers: bearer(admin.token) })).json<PatrolArea[]>().length;
    expect(after).toBe(before);
  });

  it('tanods, residents and strangers cannot draw, edit or delete areas', async () => {
    const area = await createArea(ctx, admin);
    const resident = await person(ctx, 'resident');
    expect((await post(tanod, { name: 'X', color: '#123456', polygon: square(14.6, 121) })).statusCode).toBe(403);
    expect((await post(resident, { name: 'X', color: '#123456', polygon: square(14.6, 121) })).statusCode).toBe(403);
    expect((await post(null, { name: 'X', color: '#123456', polygon: square(14.6, 121) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/patrol-areas/${area._id}`, headers: bearer(tanod.token), payload: { color: '#000000' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/patrol-areas/${area._id}`, headers: bearer(tanod.token) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/patrol-areas', headers: bearer(resident.token) })).statusCode).toBe(403);
  });

  it('an admin recolours and redraws an area; a bad colour names the field', async () => {
    const area = await createArea(ctx, admin);
    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/patrol-areas/${area._id}`, headers: bearer(admin.token), payload: { color: 'red' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().error.fields?.[0]?.field).toBe('color');
    const good = await ctx.app.inject({ method: 'PATCH', url: `/api/patrol-areas/${area._id}`, headers: bearer(admin.token), payload: { color: '#00AA00', polygon: square(14.71, 121.01) } });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<PatrolArea>()).toMatchObject({ color: '#00aa00', polygon: square(14.71, 121.01) });
  });

  it('deleting an unused area removes it; deleting one that schedules use retires it', async () => {
    const unused = await createArea(ctx, admin);
    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/patrol-areas/${unused._id}`, headers: bearer(admin.token) });
    expect(gone.json()).toEqual({ outcome: 'deleted' });

    const used = await createArea(ctx, admin);
    await createSchedule(ctx, admin, { shift: 'day', startsAt: '2030-01-07T08:00:00+08:00', patrolAreaId: used._id, members: [{ tanodId: tanod.id, isLeader: true }] });
    const retired = await ctx.app.inject({ method: 'DELETE', url: `/api/patrol-areas/${used._id}`, headers: bearer(admin.token) });
    expect(retired.json()).toEqual({ outcome: 'retired' });
    const active = (await ctx.app.inject({ method: 'GET', url: '/api/patrol-areas', headers: bearer(admin.token) })).json<PatrolArea[]>();
    expect(active.map((area) => area._id)).not.toContain(used._id);
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/patrol-areas?includeRetired=true', headers: bearer(admin.token) })).json<PatrolArea[]>();
    expect(all.find((area) => area._id === used._id)?.active).toBe(false);
  });
});

describe('the barangay boundary', () => {
  it('only the supadmin draws it; afterwards areas must lie inside it', async () => {
    const boundary = square(14.5, 120.9, 0.1);
    const byAdmin = await ctx.app.inject({ method: 'PUT', url: '/api/settings/boundary', headers: bearer(admin.token), payload: { boundary } });
    expect(byAdmin.statusCode).toBe(403);
    const crossing = { type: 'Polygon', coordinates: [[[121, 14], [121.01, 14.01], [121.01, 14], [121, 14.01], [121, 14]]] };
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/settings/boundary', headers: bearer(supadmin.token), payload: { boundary: crossing } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().error.fields?.[0]?.field).toMatch(/^boundary/);

    const set = await ctx.app.inject({ method: 'PUT', url: '/api/settings/boundary', headers: bearer(supadmin.token), payload: { boundary } });
    expect(set.statusCode, set.body).toBe(200);
    const publicSettings = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(publicSettings.json<{ boundary: unknown }>().boundary).toEqual(boundary);

    const outside = await post(admin, { name: 'Outside', color: '#123456', polygon: square(14.58, 120.98, 0.05) });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<ApiErrorBody>().error.message).toMatch(/inside the barangay boundary/);
    await createArea(ctx, admin, square(14.55, 120.95));

    const removed = await ctx.app.inject({ method: 'PUT', url: '/api/settings/boundary', headers: bearer(supadmin.token), payload: { boundary: null } });
    expect(removed.json()).toEqual({ boundary: null });
  });
});

describe('API documentation', () => {
  it('the OpenAPI document describes the patrol endpoints', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/patrol-areas',
        '/api/patrol-areas/{id}',
        '/api/settings/boundary',
        '/api/schedules',
        '/api/schedules/mine',
        '/api/schedules/{id}',
        '/api/patrols/start',
        '/api/patrols/{id}/track',
        '/api/tracking/live',
        '/api/tracking/me',
      ]),
    );
  });
});
