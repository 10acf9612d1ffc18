import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeAnswer, type FakeServer, type RecordedRequest } from '../../../test/fake-http.ts';
import { silentLogger, type AdapterLogger } from '../outside-service.ts';
import type { BarangayPlace } from './geocoding.ts';
import { createLocalGeocoder } from './local-geocoder.ts';
import { createNominatimGeocoder, parseNominatim, type NominatimOptions } from './nominatim-geocoder.ts';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const HERE = { lat: 14.7356, lng: 121.0498 };
const PUROK: BarangayPlace = { barangayName: 'Barangay San Roque', area: 'Purok 2', landmark: 'Beside the chapel' };
const NOTHING: BarangayPlace = { barangayName: 'Barangay San Roque', area: null, landmark: null };

/** What a Nominatim server answers for a street in a Philippine barangay (format=jsonv2). */
const STREET_ANSWER = {
  place_id: 1,
  lat: '14.7356',
  lon: '121.0498',
  display_name: '12, Sampaguita Street, Bagong Silang, Caloocan, Metro Manila, 1428, Philippines',
  address: { house_number: '12', road: 'Sampaguita Street', neighbourhood: 'Bagong Silang', city: 'Caloocan', postcode: '1428', country: 'Philippines' },
};

/** A fake Nominatim that notes when each request arrived. */
async function nominatim(answer: (request: RecordedRequest) => FakeAnswer = () => ({ status: 200, json: STREET_ANSWER })) {
  const arrivals: number[] = [];
  fake = await startFakeServer((request) => {
    arrivals.push(Date.now());
    return answer(request);
  });
  return arrivals;
}

const geocoder = (overrides: Partial<NominatimOptions> = {}) =>
  createNominatimGeocoder({ url: fake!.url, userAgent: 'Bantay/0.1 (barangay watch app; +https://bantay.example.ph)', timeoutMs: 2000, log: silentLogger, ...overrides });

describe('the local geocoder (the offline default)', () => {
  it('answers the landmark, the purok and the barangay from the barangay’s own data', async () => {
    expect(await createLocalGeocoder().reverse(HERE, PUROK)).toEqual({
      address: 'Beside the chapel, Purok 2, Barangay San Roque',
      area: 'Purok 2',
      landmark: 'Beside the chapel',
      source: 'local',
    });
  });

  it('with neither an area nor a landmark there is nothing worth filling in', async () => {
    expect(await createLocalGeocoder().reverse(HERE, NOTHING)).toEqual({ address: null, area: null, landmark: null, source: 'local' });
    expect((await createLocalGeocoder().reverse(HERE, { ...NOTHING, area: 'Purok 4' })).address).toBe('Purok 4, Barangay San Roque');
  });
});

describe('the Nominatim geocoder', () => {
  it('asks /reverse for the point with a User-Agent naming the app, and merges the purok into the street address', async () => {
    await nominatim();
    const place = await geocoder().reverse(HERE, PUROK);
    expect(place).toEqual({
      address: 'Beside the chapel, 12 Sampaguita Street, Purok 2, Bagong Silang, Caloocan',
      area: 'Purok 2',
      landmark: 'Beside the chapel',
      source: 'nominatim',
    });
    const [request] = fake!.requests;
    const url = new URL(request!.path, fake!.url);
    expect(url.pathname).toBe('/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'jsonv2', lat: '14.735600', lon: '121.049800', zoom: '18', addressdetails: '1' });
    expect(request!.headers['user-agent']).toBe('Bantay/0.1 (barangay watch app; +https://bantay.example.ph)');
  });

  it('sends at most one request a second, however many reporters ask at once', async () => {
    const arrivals = await nominatim();
    const places = [0, 1, 2].map((i) => ({ lat: HERE.lat + i * 0.001, lng: HERE.lng }));
    // One instance, as the app has (deps.geocoder): its turns are shared by every caller.
    const shared = geocoder();
    const started = Date.now();
    const answers = await Promise.all(places.map((point) => shared.reverse(point, NOTHING)));
    expect(answers.map((answer) => answer.source)).toEqual(['nominatim', 'nominatim', 'nominatim']);
    expect(arrivals).toHaveLength(3);
    // Asked all at once, the three were sent a second apart: the last answer could not come before
    // two whole turns had passed. (The gaps between arrivals at the fake provider are not the
    // measure: a loaded machine delays one request in transit and shortens the next gap.)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1990);
  });

  it('when the queue is longer than it may wait, it does not ask: the barangay’s answer serves', async () => {
    await nominatim();
    const impatient = geocoder({ maxWaitMs: 500 });
    const [first, second] = await Promise.all([
      impatient.reverse(HERE, PUROK),
      impatient.reverse({ lat: HERE.lat + 0.01, lng: HERE.lng }, PUROK),
    ]);
    expect(first.source).toBe('nominatim');
    expect(second).toEqual({ address: 'Beside the chapel, Purok 2, Barangay San Roque', area: 'Purok 2', landmark: 'Beside the chapel', source: 'local' });
    expect(fake!.requests).toHaveLength(1);
  });

  it('answers are cached by the point rounded to about 11 m, and two asks at once make one request', async () => {
    await nominatim();
    const shared = geocoder();
    await Promise.all([shared.reverse(HERE, PUROK), shared.reverse(HERE, NOTHING)]);
    expect(fake!.requests).toHaveLength(1);
    // A nudge of the pin by a metre or two: the same rounded point.
    const nudged = await shared.reverse({ lat: HERE.lat + 0.00002, lng: HERE.lng - 0.00002 }, NOTHING);
    expect(nudged.address).toBe('12 Sampaguita Street, Bagong Silang, Caloocan');
    expect(fake!.requests).toHaveLength(1);
    // The barangay's part is never cached: a new area name shows at once.
    expect((await shared.reverse(HERE, { ...NOTHING, area: 'Purok 9' })).address).toBe('12 Sampaguita Street, Purok 9, Bagong Silang, Caloocan');
    expect(fake!.requests).toHaveLength(1);
  });

  it('a server that does not answer in time, or answers an error, falls back to the barangay’s answer and says so in the log', async () => {
    const warnings: string[] = [];
    const log: AdapterLogger = { ...silentLogger, warn: (message, data) => warnings.push(`${message} ${JSON.stringify(data)}`) };
    await nominatim(() => 'hang');
    const slow = await geocoder({ timeoutMs: 200, log }).reverse(HERE, PUROK);
    expect(slow.source).toBe('local');
    expect(warnings.join()).toMatch(/Nominatim: no answer within 200 ms/);
    await fake!.close();

    await nominatim(() => ({ status: 503, text: 'Service Unavailable' }));
    const failing = geocoder({ log });
    expect((await failing.reverse(HERE, PUROK)).source).toBe('local');
    expect(warnings.join()).toMatch(/Nominatim: HTTP 503: Service Unavailable/);
    // Failures are not cached: the next reporter's ask tries again (after its turn).
    await failing.reverse(HERE, PUROK);
    expect(fake!.requests).toHaveLength(2);
  });

  it('a point Nominatim cannot place (the sea, a rice field) gets the barangay’s answer', async () => {
    await nominatim(() => ({ status: 200, json: { error: 'Unable to geocode' } }));
    expect(await geocoder().reverse(HERE, PUROK)).toMatchObject({ source: 'local', address: 'Beside the chapel, Purok 2, Barangay San Roque' });
  });
});

describe('reading a Nominatim answer', () => {
  it('keeps the street, the neighbourhood (or village) and the town; without them, the first parts of the display name', () => {
    expect(parseNominatim(STREET_ANSWER)).toEqual({ street: '12 Sampaguita Street', locality: 'Bagong Silang', city: 'Caloocan' });
    expect(parseNominatim({ address: { road: 'Rizal Avenue', village: 'Poblacion', town: 'Pateros' } })).toEqual({ street: 'Rizal Avenue', locality: 'Poblacion', city: 'Pateros' });
    expect(parseNominatim({ display_name: 'Laguna de Bay, Calabarzon, Philippines', address: { state: 'Calabarzon' } })).toEqual({ street: 'Laguna de Bay, Calabarzon', locality: null, city: null });
    expect(parseNominatim({ error: 'Unable to geocode' })).toBeNull();
    expect(() => parseNominatim(undefined)).toThrow(/not JSON/);
  });
});
