import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReverseGeocodeResult } from '@bantay/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { startFakeServer, type FakeServer } from '../../../test/fake-http.ts';
import { INSIDE, TEST_BOUNDARY, insertTestIncident, setBoundary } from '../../../test/incidents-helpers.ts';
import { createArea, person, square, type Person } from '../../../test/patrols.ts';

let ctx: TestContext;
let admin: Person;

// Purok 2 covers most of the test boundary, INSIDE (the brief's map centre) included.
const PUROK_2 = square(14.73, 121.045, 0.0095);

beforeAll(async () => {
  ctx = await createTestContext({ env: { GEOCODE_RATE_LIMIT: '8' } });
  admin = await person(ctx, 'admin');
  await setBoundary(ctx, TEST_BOUNDARY);
  const area = await createArea(ctx, admin, PUROK_2);
  await ctx.app.inject({ method: 'PATCH', url: `/api/patrol-areas/${area._id}`, headers: bearer(admin.token), payload: { name: 'Purok 2' } });
});
afterAll(() => ctx.close());

/** Metres → degrees of latitude, near enough here. */
const north = (meters: number) => meters / 111_320;

let ip = 0;
async function reverse(point: { lat: number; lng: number }, remoteAddress = `10.40.0.${(ip += 1)}`) {
  return ctx.app.inject({ method: 'GET', url: `/api/geocode/reverse?lat=${point.lat}&lng=${point.lng}`, remoteAddress });
}
async function place(point: { lat: number; lng: number }): Promise<ReverseGeocodeResult> {
  const response = await reverse(point);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReverseGeocodeResult>();
}

describe('GET /api/geocode/reverse with the barangay’s own data', () => {
  it('anyone, signed in or not, learns the purok containing the point', async () => {
    expect(await place(INSIDE)).toEqual({ address: 'Purok 2, Barangay Test', area: 'Purok 2', landmark: null, source: 'local' });
  });

  it('a landmark two reports named within 100 m is offered, the nearest first; one report’s landmark, a farther one, a rejected report’s or a confidential case’s is not', async () => {
    const spot = { lat: INSIDE.lat + north(400), lng: INSIDE.lng };
    const at = (meters: number) => ({ lat: spot.lat + north(meters), lng: spot.lng });
    // Named twice (spelt differently) 60 m away: offered.
    await insertTestIncident(ctx, { ...at(60), landmark: 'Sari-sari store ni Aling Nena' });
    await insertTestIncident(ctx, { ...at(55), landmark: '  sari-sari store ni aling nena ' });
    // Named once, 10 m away: a private detail, never offered.
    await insertTestIncident(ctx, { ...at(10), landmark: 'In front of the Santos house' });
    // Named twice but 150 m away: too far.
    await insertTestIncident(ctx, { ...at(150), landmark: 'Basketball court' });
    await insertTestIncident(ctx, { ...at(151), landmark: 'Basketball court' });
    // Named twice nearby, but one of them was rejected: counts once.
    await insertTestIncident(ctx, { ...at(20), landmark: 'Water tower' });
    await insertTestIncident(ctx, { ...at(21), landmark: 'Water tower', status: 'rejected' });
    // Named twice nearby, but one of them is a confidential case: counts once.
    await insertTestIncident(ctx, { ...at(15), landmark: 'Blue gate by the bakery' });
    await insertTestIncident(ctx, { ...at(16), landmark: 'Blue gate by the bakery', confidential: true });

    expect(await place(spot)).toEqual({
      address: 'Sari-sari store ni Aling Nena, Purok 2, Barangay Test',
      area: 'Purok 2',
      landmark: 'Sari-sari store ni Aling Nena',
      source: 'local',
    });
    // Another pair, nearer: it wins.
    await insertTestIncident(ctx, { ...at(30), landmark: 'Chapel' });
    await insertTestIncident(ctx, { ...at(-30), landmark: 'chapel' });
    expect((await place(spot)).landmark).toMatch(/^chapel$/i);
  });

  it('a point outside every area and far from reports has no address to offer', async () => {
    expect(await place({ lat: 14.7398, lng: 121.0548 })).toEqual({ address: null, area: null, landmark: null, source: 'local' });
  });

  it('a point off the globe is a 400 naming the field', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/geocode/reverse?lat=95&lng=121', remoteAddress: '10.40.1.1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(response.json().error)).toContain('lat');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/geocode/reverse?lat=14.7', remoteAddress: '10.40.1.1' })).statusCode).toBe(400);
  });

  it('one address asking too often is told to wait (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await reverse(INSIDE, '10.40.2.1')).statusCode);
    expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
    const limited = await reverse(INSIDE, '10.40.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error.message).toMatch(/Type the address/);
  });
});

describe('GET /api/geocode/reverse with GEOCODER=nominatim', () => {
  let fake: FakeServer;
  let withNominatim: TestContext;

  beforeAll(async () => {
    fake = await startFakeServer(() => ({
      status: 200,
      json: { display_name: 'x', address: { road: 'Sampaguita Street', neighbourhood: 'Bagong Silang', city: 'Caloocan' } },
    }));
    withNominatim = await createTestContext({ env: { GEOCODER: 'nominatim', NOMINATIM_URL: fake.url, PUBLIC_URL: 'https://bantay.example.ph' } });
    const boss = await person(withNominatim, 'admin');
    await createArea(withNominatim, boss, PUROK_2);
  });
  afterAll(async () => {
    await withNominatim.close();
    await fake.close();
  });

  it('the street comes from Nominatim, the area from the barangay, and the request names this installation', async () => {
    const response = await withNominatim.app.inject({ method: 'GET', url: `/api/geocode/reverse?lat=${INSIDE.lat}&lng=${INSIDE.lng}`, remoteAddress: '10.41.0.1' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReverseGeocodeResult>();
    expect(body.source).toBe('nominatim');
    expect(body.address).toMatch(/^Sampaguita Street, Area [0-9a-f]+, Bagong Silang, Caloocan$/);
    expect(fake.requests[0]!.headers['user-agent']).toBe('Bantay/0.1 (barangay watch app; +https://bantay.example.ph)');
  });
});
