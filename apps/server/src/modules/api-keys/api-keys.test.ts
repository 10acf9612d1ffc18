import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiKeyList, CreatedApiKey, GeoJsonFeatureCollection, IncidentDetail, IncidentListResponse } from '@bantay/shared';
import { ManualClock } from '../../lib/clock.ts';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { insertTestIncident, query } from '../../../test/incidents-helpers.ts';
import { centreOf, createArea, minutes, person, scheduleFor, square, startPatrol } from '../../../test/patrols.ts';
import { advisories, locationPoints } from '../../db/schema/index.ts';

/**
 * API keys (docs/decisions/034-the-integration-kit.md): made and revoked by a supadmin, sent as a
 * bearer token, admitted only where a route names a scope the key holds, and never shown a
 * confidential case or a reporter's contact.
 */

const clock = new ManualClock(new Date('2026-12-07T08:00:00Z'));
let ctx: TestContext;
let supadmin: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { API_KEY_RATE_LIMIT_PER_MINUTE: '5' } });
  supadmin = await signIn(ctx, await createUser(ctx, { userType: 'supadmin' }));
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: object, remoteAddress = '203.0.113.7') =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, remoteAddress, ...(payload ? { payload } : {}) });

async function makeKey(scopes: string[], name = 'City GIS desk'): Promise<CreatedApiKey> {
  const made = await call('POST', '/api/api-keys', supadmin, { name, scopes });
  expect(made.statusCode).toBe(201);
  return made.json<CreatedApiKey>();
}

const advisory = () => ({ title: 'Flood warning', body: 'Stay away from the creek.', severity: 'warning', startsAt: clock.now().toISOString() });

describe('making, listing and revoking keys', () => {
  it('the key is shown once, stored only as its SHA-256, listed with its scopes, and audited', async () => {
    const made = await makeKey(['incidents:read', 'areas:read']);
    expect(made.key).toMatch(/^bty_[A-Za-z0-9_-]{43}$/);
    const [row] = await query<{ key_hash: string; hint: string }>(ctx, sql`select key_hash, hint from api_keys where id = ${made._id}`);
    expect(row!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.key_hash).not.toContain(made.key.slice(4));
    expect(made.key.startsWith(row!.hint)).toBe(true);

    const list = (await call('GET', '/api/api-keys', supadmin)).json<ApiKeyList>();
    const listed = list.items.find((item) => item._id === made._id)!;
    expect(listed).toMatchObject({ name: 'City GIS desk', scopes: ['incidents:read', 'areas:read'], hint: row!.hint, lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(made.key);

    const revoked = await call('DELETE', `/api/api-keys/${made._id}`, supadmin);
    expect(revoked.statusCode).toBe(204);
    expect((await call('DELETE', `/api/api-keys/${made._id}`, supadmin)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/api-keys/00000000-0000-4000-8000-000000000000', supadmin)).statusCode).toBe(404);
    const fresh = await makeKey(['schedules:read'], 'Fresh key');
    const ordered = (await call('GET', '/api/api-keys', supadmin)).json<ApiKeyList>().items.map((item) => item._id);
    // Keys in use first: the revoked one, made earlier or not, comes after the fresh one.
    expect(ordered.indexOf(fresh._id)).toBeLessThan(ordered.indexOf(made._id));
    expect(ordered.indexOf(made._id)).toBe(ordered.length - 1);
    const audit = await query<{ action: string }>(ctx, sql`select action from audit_entries where entity = 'api_key' and entity_id = ${made._id} order by at, action`);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'revoke']);
  });

  it('only a supadmin makes, lists and revokes keys; a key cannot manage keys', async () => {
    const made = await makeKey(['incidents:read', 'incidents:write', 'advisories:write']);
    for (const userType of ['resident', 'tanod', 'admin'] as const) {
      const token = await signIn(ctx, await createUser(ctx, { userType }));
      expect((await call('POST', '/api/api-keys', token, { name: 'Mine', scopes: ['incidents:read'] })).statusCode).toBe(403);
      expect((await call('GET', '/api/api-keys', token)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/api-keys/${made._id}`, token)).statusCode).toBe(403);
    }
    expect((await call('POST', '/api/api-keys', null, { name: 'Mine', scopes: ['incidents:read'] })).statusCode).toBe(401);
    const byKey = await call('POST', '/api/api-keys', made.key, { name: 'Mine', scopes: ['incidents:read'] });
    expect(byKey.statusCode).toBe(403);
    expect((await call('DELETE', `/api/api-keys/${made._id}`, made.key)).statusCode).toBe(403);
  });

  it('a malformed body is refused with the field named', async () => {
    const cases: [unknown, string][] = [
      [{ scopes: ['incidents:read'] }, 'name'],
      [{ name: '   ', scopes: ['incidents:read'] }, 'name'],
      [{ name: 'x'.repeat(81), scopes: ['incidents:read'] }, 'name'],
      [{ name: 'Bot' }, 'scopes'],
      [{ name: 'Bot', scopes: [] }, 'scopes'],
      [{ name: 'Bot', scopes: ['everything'] }, 'scopes'],
      [{ name: 'Bot', scopes: 'incidents:read' }, 'scopes'],
      [{ name: 'Bot', scopes: ['incidents:read', 'incidents:read'] }, 'scopes'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/api/api-keys', supadmin, payload as object);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = response.json<{ error: { fields: { field: string }[] } }>().error.fields.map((item) => item.field);
      expect(fields.some((name) => name.startsWith(field)), `${JSON.stringify(payload)} → ${fields.join(',')}`).toBe(true);
    }
    expect((await call('DELETE', '/api/api-keys/not-a-uuid', supadmin)).statusCode).toBe(400);
    const [{ count }] = (await query<{ count: string | number }>(ctx, sql`select count(*) as count from api_keys where name = 'Bot'`)) as [{ count: string | number }];
    expect(Number(count)).toBe(0);
  });
});

describe('a key at work', () => {
  it("an incidents:read key reads incidents and their GeoJSON, is refused writing an advisory (403), and is refused once revoked (401)", async () => {
    const open = await insertTestIncident(ctx, { type: 'Theft', address: 'Purok 2' });
    const secret = await insertTestIncident(ctx, { type: 'Domestic violence', confidential: true, reporterName: 'Maria Santos', reporterPhone: '+639171112222' });
    const { _id, key } = await makeKey(['incidents:read']);

    const list = await call('GET', '/api/incidents?limit=100', key);
    expect(list.statusCode).toBe(200);
    const tickets = list.json<IncidentListResponse>().items.map((item) => item.ticket);
    expect(tickets).toContain(open.ticket);
    expect(tickets).not.toContain(secret.ticket);

    const detail = await call('GET', `/api/incidents/${open.id}`, key);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<IncidentDetail>().reporter).toEqual({ _id: null, name: null, phoneNumber: null });
    expect(detail.body).not.toContain('+639175551234');
    expect((await call('GET', `/api/incidents/${secret.id}`, key)).statusCode).toBe(404);

    const geo = await call('GET', '/api/incidents.geojson', key);
    expect(geo.statusCode).toBe(200);
    expect(geo.headers['content-type']).toContain('application/geo+json');
    const collection = geo.json<GeoJsonFeatureCollection>();
    const feature = collection.features.find((item) => item.id === open.id)!;
    expect(feature.geometry).toEqual({ type: 'Point', coordinates: [open.lng, open.lat] });
    expect(feature.properties).toMatchObject({ ticket: open.ticket, type: 'Theft', status: 'pending', classification: 'normal', address: 'Purok 2' });
    expect(collection.features.some((item) => item.id === secret.id)).toBe(false);
    expect(geo.body).not.toMatch(/Maria Santos|Ana Reyes|\+63917|bicycle/);

    const csv = await call('GET', '/api/incidents/export.csv', key);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(open.ticket);
    expect(csv.body).not.toMatch(/Ana Reyes|\+639175551234|Maria Santos/);

    const write = await call('POST', '/api/advisories', key, advisory());
    expect(write.statusCode).toBe(403);
    expect(write.json<{ error: { code: string } }>().error.code).toBe('FORBIDDEN');
    expect((await call('GET', '/api/patrol-areas.geojson', key)).statusCode).toBe(403);
    expect((await call('GET', '/api/account', key)).statusCode).toBe(403);

    expect((await call('DELETE', `/api/api-keys/${_id}`, supadmin)).statusCode).toBe(204);
    const after = await call('GET', '/api/incidents', key);
    expect(after.statusCode).toBe(401);
    expect(after.json<{ error: { code: string } }>().error.code).toBe('UNAUTHENTICATED');
    expect((await call('GET', '/api/incidents', 'bty_not-a-key-anyone-made')).statusCode).toBe(401);
  });

  it('a session sees the GeoJSON as its list, confidential cases left out even for the supadmin', async () => {
    const secret = await insertTestIncident(ctx, { confidential: true });
    const seen = await call('GET', '/api/incidents.geojson?status=pending', supadmin);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<GeoJsonFeatureCollection>().features.some((item) => item.id === secret.id)).toBe(false);
    const resident = await signIn(ctx, await createUser(ctx, { userType: 'resident' }));
    expect((await call('GET', '/api/incidents.geojson', resident)).statusCode).toBe(403);
    expect((await call('GET', '/api/incidents.geojson', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/incidents.geojson?status=lost', supadmin)).statusCode).toBe(400);
  });

  it('an advisories:write key publishes an advisory as its maker; an areas:read key reads the areas as GeoJSON', async () => {
    const writer = await makeKey(['advisories:write']);
    const made = await call('POST', '/api/advisories', writer.key, advisory());
    expect(made.statusCode).toBe(201);
    expect((await call('GET', '/api/advisories', writer.key)).statusCode).toBe(403);

    const reader = await makeKey(['areas:read']);
    const areas = await call('GET', '/api/patrol-areas.geojson', reader.key);
    expect(areas.statusCode).toBe(200);
    expect(areas.json<GeoJsonFeatureCollection>().type).toBe('FeatureCollection');
    expect((await call('GET', '/api/patrols/tracks.geojson', reader.key)).statusCode).toBe(403);
  });

  it('an incidents:write key notes and resolves an incident as its maker, never a confidential one, and cannot read the list', async () => {
    // A tanod holds one incident at a time: one responder each.
    const [tanod, other] = [await createUser(ctx, { userType: 'tanod' }), await createUser(ctx, { userType: 'tanod' })];
    const open = await insertTestIncident(ctx, { status: 'in_progress', responderId: tanod.id, respondedAt: clock.now() });
    const secret = await insertTestIncident(ctx, { status: 'in_progress', responderId: other.id, respondedAt: clock.now(), confidential: true });
    const { key } = await makeKey(['incidents:write']);

    const noted = await call('POST', `/api/incidents/${open.id}/notes`, key, { text: 'The city asked for the CCTV footage.' });
    expect(noted.statusCode).toBe(200);
    expect(noted.json<IncidentDetail>().reporter).toEqual({ _id: null, name: null, phoneNumber: null });
    const resolved = await call('POST', `/api/incidents/${open.id}/resolve`, key, { log: 'Closed by the city dispatch.' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<IncidentDetail>().status).toBe('resolved');
    expect((await call('POST', `/api/incidents/${secret.id}/notes`, key, { text: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `/api/incidents/${open.id}/notes`, key, { text: '   ' })).statusCode).toBe(400);
    expect((await call('GET', '/api/incidents', key)).statusCode).toBe(403);
    expect((await call('POST', `/api/incidents/${open.id}/respond`, key)).statusCode).toBe(403);
  });

  it('an advisories:read key lists the advisories without the drafts a person has not published', async () => {
    const now = clock.now();
    const [draft] = await ctx.deps.db
      .insert(advisories)
      .values({ title: 'PAGASA: heavy rainfall warning', body: 'Orange rainfall.', severity: 'warning', startsAt: now, draft: true, createdById: null, createdAt: now, updatedAt: now })
      .returning();
    const { key } = await makeKey(['advisories:read']);
    const byKey = await call('GET', '/api/advisories', key);
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json<{ items: { _id: string }[] }>().items.some((item) => item._id === draft!.id)).toBe(false);
    expect((await call('GET', '/api/advisories', supadmin)).json<{ items: { _id: string }[] }>().items.some((item) => item._id === draft!.id)).toBe(true);
    expect((await call('POST', `/api/advisories/${draft!.id}/publish`, key)).statusCode).toBe(403);
  });

  it('a tracking:read key reads the walked tracks as LineStrings and an areas:read key the areas as Polygons; a tanod sees only their own track', async () => {
    const admin = await person(ctx, 'admin');
    const [walker, other] = [await person(ctx), await person(ctx)];
    const area = await createArea(ctx, admin, square(14.9, 121.2));
    const inside = centreOf(14.9, 121.2);
    const now = clock.now();
    const schedule = await scheduleFor(ctx, admin, area, [walker, other], new Date(now.getTime() + minutes(5)), new Date(now.getTime() + minutes(240)));
    const patrol = await startPatrol(ctx, walker, schedule._id, inside);
    await ctx.deps.db.insert(locationPoints).values(
      [0, 1, 2].map((step) => {
        const at = new Date(now.getTime() + step * 60_000);
        return { userId: walker.id, patrolId: patrol._id, at, receivedAt: at, lat: inside.lat + step * 0.001, lng: inside.lng, accuracy: 5 };
      }),
    );

    const { key } = await makeKey(['tracking:read', 'areas:read']);
    const tracks = await call('GET', '/api/patrols/tracks.geojson', key);
    expect(tracks.statusCode).toBe(200);
    expect(tracks.headers['content-type']).toContain('application/geo+json');
    const line = tracks.json<GeoJsonFeatureCollection>().features.find((feature) => feature.id === patrol._id)!;
    expect(line.geometry).toEqual({ type: 'LineString', coordinates: [0, 1, 2].map((step) => [inside.lng, inside.lat + step * 0.001]) });
    expect(line.properties).toMatchObject({ area: area.name, points: 3 });

    const areas = (await call('GET', '/api/patrol-areas.geojson', key)).json<GeoJsonFeatureCollection>();
    expect(areas.features.find((feature) => feature.id === area._id)).toMatchObject({ geometry: { type: 'Polygon', coordinates: area.polygon.coordinates }, properties: { name: area.name } });

    const ownTrack = (await call('GET', '/api/patrols/tracks.geojson', walker.token)).json<GeoJsonFeatureCollection>();
    expect(ownTrack.features.map((feature) => feature.id)).toEqual([patrol._id]);
    expect((await call('GET', '/api/patrols/tracks.geojson', other.token)).json<GeoJsonFeatureCollection>().features).toEqual([]);
    expect((await call('GET', '/api/patrols/tracks.geojson?from=2026-12-08T00:00:00Z&to=2026-12-01T00:00:00Z', key)).statusCode).toBe(400);
  });

  it("records the last use and its address at most once a minute, and stops when its maker is no longer a supadmin", async () => {
    const maker = await createUser(ctx, { userType: 'supadmin' });
    const makerToken = await signIn(ctx, maker);
    const made = await call('POST', '/api/api-keys', makerToken, { name: 'Dashboard', scopes: ['schedules:read'] });
    const { _id, key } = made.json<CreatedApiKey>();
    const lastUse = async () => (await query<{ last_used_at: Date | string | null; last_used_ip: string | null }>(ctx, sql`select last_used_at, last_used_ip from api_keys where id = ${_id}`))[0]!;

    expect((await call('GET', '/api/schedules', key, undefined, '198.51.100.4')).statusCode).toBe(200);
    const first = await lastUse();
    expect(first.last_used_ip).toBe('198.51.100.4');
    clock.advance(20_000);
    await call('GET', '/api/schedules', key, undefined, '198.51.100.4');
    expect(new Date((await lastUse()).last_used_at!).getTime()).toBe(new Date(first.last_used_at!).getTime());
    clock.advance(20_000);
    await call('GET', '/api/schedules', key, undefined, '198.51.100.9');
    expect((await lastUse()).last_used_ip).toBe('198.51.100.9');

    await ctx.deps.db.execute(sql`update users set user_type = 'admin' where id = ${maker.id}`);
    expect((await call('GET', '/api/schedules', key)).statusCode).toBe(401);
  });

  it('is rate limited per key (429 with Retry-After past the limit), other keys unaffected', async () => {
    const busy = await makeKey(['schedules:read'], 'Busy bot');
    const calm = await makeKey(['schedules:read'], 'Calm bot');
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await call('GET', '/api/schedules', busy.key)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await call('GET', '/api/schedules', busy.key);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call('GET', '/api/schedules', calm.key)).statusCode).toBe(200);
  });

  it('the OpenAPI document describes the two bearer schemes and which routes take a key', async () => {
    const doc = (await call('GET', '/api/docs/json', null)).json<{
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; description?: string }>>;
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/incidents.geojson']!.get!.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/incidents.geojson']!.get!.description).toContain('incidents:read');
    expect(doc.paths['/api/api-keys']!.post!.security).toEqual([{ session: [] }]);
  });
});
