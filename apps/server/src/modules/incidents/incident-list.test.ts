import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { INSIDE, insertTestIncident } from '../../../test/incidents-helpers.ts';

/** The staff list (filters, distance, cursor paging), its CSV export and its documentation. */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  adminToken = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(60 * 60_000));

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('the list', () => {
  it('filters by status, classification, type, dates and text, and pages with a cursor', async () => {
    const start = clock.now();
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      clock.advance(60_000);
      made.push(
        await insertTestIncident(ctx, {
          classification: i % 2 ? 'emergency' : 'normal',
          type: i % 2 ? 'Fire' : 'Theft',
          address: `${i} Mabini St, paging-batch`,
          createdAt: clock.now(),
        }),
      );
    }
    const base = `/api/incidents?q=paging-batch&from=${encodeURIComponent(start.toISOString())}`;
    const first = await get(`${base}&limit=2`, adminToken);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((item: { _id: string }) => item._id)).toEqual([made[4]!.id, made[3]!.id]);
    const page2 = (await get(`${base}&limit=2&cursor=${page1.nextCursor}`, adminToken)).json();
    const page3 = (await get(`${base}&limit=2&cursor=${page2.nextCursor}`, adminToken)).json();
    expect([...page2.items, ...page3.items].map((item: { _id: string }) => item._id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    expect(page3.nextCursor).toBeNull();

    const emergencies = (await get(`${base}&classification=emergency&type=fire`, adminToken)).json();
    expect(emergencies.items.map((item: { _id: string }) => item._id)).toEqual([made[3]!.id, made[1]!.id]);
    const until = encodeURIComponent(made[2]!.createdAt.toISOString());
    const early = (await get(`${base}&to=${until}&sort=oldest`, adminToken)).json();
    expect(early.items.map((item: { _id: string }) => item._id)).toEqual([made[0]!.id, made[1]!.id]);
    const archive = (await get(`${base}&status=resolved,rejected,false_alarm`, adminToken)).json();
    expect(archive.items).toEqual([]);
    const byTicket = (await get(`/api/incidents?q=${made[0]!.ticket.toLowerCase()}`, adminToken)).json();
    expect(byTicket.items.map((item: { _id: string }) => item._id)).toEqual([made[0]!.id]);
  });

  it('near and radius give distances, nearest first, and the queue puts emergencies first', async () => {
    const tag = 'near-batch';
    const here = await insertTestIncident(ctx, { address: tag, lat: INSIDE.lat, lng: INSIDE.lng });
    // 0.001° of latitude is about 111 m; 0.004° about 445 m.
    const close = await insertTestIncident(ctx, { address: tag, lat: INSIDE.lat + 0.001, lng: INSIDE.lng, classification: 'normal' });
    const far = await insertTestIncident(ctx, { address: tag, lat: INSIDE.lat + 0.004, lng: INSIDE.lng, classification: 'emergency' });
    const near = `near=${INSIDE.lat},${INSIDE.lng}`;
    const nearest = (await get(`/api/incidents?q=${tag}&${near}&sort=nearest`, adminToken)).json();
    expect(nearest.items.map((item: { _id: string }) => item._id)).toEqual([here.id, close.id, far.id]);
    expect(nearest.items.map((item: { distanceMeters: number }) => item.distanceMeters)).toEqual([0, 111, 445]);
    const within = (await get(`/api/incidents?q=${tag}&${near}&radius=200&sort=nearest`, adminToken)).json();
    expect(within.items.map((item: { _id: string }) => item._id)).toEqual([here.id, close.id]);
    const queue = (await get(`/api/incidents?q=${tag}&${near}&sort=priority&limit=1`, adminToken)).json();
    expect(queue.items[0]._id).toBe(far.id);
    const rest = (await get(`/api/incidents?q=${tag}&${near}&sort=priority&limit=5&cursor=${queue.nextCursor}`, adminToken)).json();
    expect(rest.items.map((item: { _id: string }) => item._id)).toEqual([here.id, close.id]);
  });

  it('bad filters are refused naming the field', async () => {
    for (const [url, field] of [
      ['/api/incidents?status=open', 'status'],
      ['/api/incidents?limit=101', 'limit'],
      ['/api/incidents?near=abc', 'near'],
      ['/api/incidents?radius=100', 'radius'],
      ['/api/incidents?cursor=bm9wZQ', 'cursor'],
      ['/api/incidents?from=yesterday', 'from'],
    ] as const) {
      const response = await get(url, adminToken);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields[0].field.split('.')[0], url).toBe(field);
    }
  });
});

describe('the CSV export', () => {
  it('quotes every field, doubles quotes, defuses formulas and starts with a BOM', async () => {
    const tag = 'csv-batch';
    await insertTestIncident(ctx, {
      address: tag,
      description: 'He said "give me the bike", then ran; north',
      reporterName: 'Ñino Peñafrancia',
      landmark: '=HYPERLINK("http://evil")',
    });
    const response = await get(`/api/incidents/export.csv?q=${tag}`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="incidents-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const [header, row, end] = text.split('\r\n');
    expect(header!.startsWith('"Ticket","Type","Classification","Status"')).toBe(true);
    expect(row).toContain('"He said ""give me the bike"", then ran; north"');
    expect(row).toContain('"Ñino Peñafrancia"');
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(end).toBe('');
  });
});

describe('API documentation', () => {
  it('the OpenAPI document describes the staff incident, backup and camera calls', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/incidents',
        '/api/incidents/export.csv',
        '/api/incidents/{id}',
        '/api/incidents/{id}/respond',
        '/api/incidents/{id}/false-alarm',
        '/api/incidents/{id}/cameras',
        '/api/assistance',
        '/api/assistance/{id}/approve',
        '/api/cameras/{id}',
      ]),
    );
    expect(paths['/api/incidents'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['status', 'classification', 'type', 'from', 'to', 'q', 'near', 'radius', 'cursor', 'limit']),
    );
  });
});
