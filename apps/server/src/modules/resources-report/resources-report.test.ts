import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { csvSection, parseCsv, pdfPageCount, pdfText } from '../../../test/report-files.ts';
import { signedIn, type SignedIn } from '../../../test/resources.ts';
import { seedDemoSettings } from '../settings/settings.demo.ts';
import { seedDemoStaff } from '../users/users.demo.ts';
import { DEMO_INVENTORY_FIGURES, seedDemoInventory } from '../inventory/inventory.demo.ts';
import { DEMO_VEHICLE_FIGURES, seedDemoVehicles } from '../vehicles/vehicles.demo.ts';

let ctx: TestContext;
let admin: SignedIn;
// Noon in Manila; the demo spans the 7 days before and the 3 days after.
const clock = new ManualClock(new Date('2026-06-10T04:00:00Z'));
const WEEK = 'from=2026-06-03&to=2026-06-13';

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  await seedDemoSettings(ctx.deps);
  await seedDemoStaff(ctx.deps);
  await seedDemoInventory(ctx.deps);
  await seedDemoVehicles(ctx.deps);
  admin = await signedIn(ctx, 'admin');
});
afterAll(() => ctx.close());

// As a browser asks: even then the file comes whole, with its length, for the progress bar.
const report = (query: string, token = admin.token) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/resources/report?${query}`,
    headers: { ...bearer(token), 'accept-encoding': 'gzip, br' },
  });

describe('the audit report as CSV', () => {
  it('adds up the demo: loans, returns by condition, overdue items, trips and distance', async () => {
    const response = await report(`${WEEK}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="resources-report-2026-06-03-to-2026-06-13.csv"',
    );
    expect(response.body.startsWith('\uFEFF"Equipment and vehicle audit report"\r\n')).toBe(true);
    const rows = parseCsv(response.body.slice(1));
    expect(rows[1]).toEqual(['Barangay', 'Barangay San Isidro']);
    expect(rows[3]).toEqual(['Generated at', 'Jun 10, 2026, 12:00 (Asia/Manila)']);

    expect(csvSection(rows, 'Totals')).toEqual([
      {
        Loans: String(DEMO_INVENTORY_FIGURES.loans),
        'Units lent': String(DEMO_INVENTORY_FIGURES.units),
        Returns: String(DEMO_INVENTORY_FIGURES.returns),
        'Returned good': '10',
        'Returned damaged': '2',
        'Returned lost': '1',
        Overdue: '4',
        Trips: String(DEMO_VEHICLE_FIGURES.trips),
        'Completed trips': String(DEMO_VEHICLE_FIGURES.completedTrips),
        'Distance (km)': String(DEMO_VEHICLE_FIGURES.distance),
      },
    ]);
    // The known figures of the demo, as a person would check them.
    expect(DEMO_INVENTORY_FIGURES).toMatchObject({ loans: 13, units: 21, returns: 6 });
    expect(DEMO_VEHICLE_FIGURES).toMatchObject({ trips: 9, completedTrips: 5, distance: 195 });
    expect(csvSection(rows, 'Per vehicle')).toEqual([
      { Vehicle: 'Patrol Motorcycle', Plate: '073 KQM', Trips: '4', Completed: '2', 'Distance (km)': '50' },
      { Vehicle: 'Patrol Pickup', Plate: 'NDA 4821', Trips: '5', Completed: '3', 'Distance (km)': '145' },
    ]);
    expect(csvSection(rows, 'Per tanod').find((row) => row.Tanod === 'Juan Dela Cruz')).toEqual({
      Tanod: 'Juan Dela Cruz',
      Loans: '3',
      Units: '4',
      Overdue: '1',
      Trips: '3',
      'Distance (km)': '106',
    });
    expect(csvSection(rows, 'Per item').find((row) => row.Item === 'LED flashlight')).toMatchObject({
      Loans: '2',
      'Units lent': '3',
      'Returned damaged': '1',
    });
    expect(csvSection(rows, 'Loans')).toHaveLength(13);
    expect(csvSection(rows, 'Overdue items').map((row) => row.Item)).toEqual([
      'Raincoat (adult)',
      'Megaphone',
      'Headlamp',
      'First-aid kit',
    ]);
    expect(csvSection(rows, 'Trips').filter((row) => row.Status === 'Completed')).toHaveLength(5);
  });

  it('quotes every field, so commas and quotes in notes stay in their cell, and defuses formulas', async () => {
    const response = await report(`${WEEK}&format=csv`);
    const line = response.body.split('\r\n').find((candidate) => candidate.startsWith('"Vehicle",'));
    expect(line).toBe('"Vehicle","Plate","Trips","Completed","Distance (km)"');
    await ctx.deps.db.execute(sql`update vehicles set name = '=HYPERLINK("x"), "Pickup"' where plate = 'NDA 4821'`);
    const tricky = parseCsv((await report(`${WEEK}&format=csv`)).body.slice(1));
    expect(csvSection(tricky, 'Per vehicle').map((row) => row.Vehicle)).toContain(`'=HYPERLINK("x"), "Pickup"`);
    await ctx.deps.db.execute(sql`update vehicles set name = 'Patrol Pickup' where plate = 'NDA 4821'`);
  });

  it('a period without activity has zero totals', async () => {
    const rows = parseCsv((await report('from=2025-01-01&to=2025-01-31&format=csv')).body.slice(1));
    expect(csvSection(rows, 'Totals')[0]).toMatchObject({ Loans: '0', Trips: '0', 'Distance (km)': '0' });
    expect(csvSection(rows, 'Loans')).toEqual([]);
  });
});

describe('the audit report as PDF', () => {
  it('has the barangay name, the period, the generated-at line, the tables and numbered pages', async () => {
    const response = await report(WEEK);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(response.headers['content-length']).toBe(String(pdf.length));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPageCount(pdf);
    const text = pdfText(pdf);
    expect(pages).toBe(3);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text).toContain('Barangay San Isidro');
    expect(text).toContain('Equipment and vehicle audit report');
    expect(text).toContain('Period: 2026-06-03 to 2026-06-13 (Asia/Manila)');
    expect(text).toContain('Generated at Jun 10, 2026, 12:00 (Asia/Manila)');
    for (const title of [
      'Totals',
      'Per item',
      'Per vehicle',
      'Per tanod',
      'Loans',
      'Returns',
      'Overdue items',
      'Trips',
    ])
      expect(text).toContain(title);
    expect(text).toContain('Handheld radio (Baofeng UV-5R)');
    expect(text).toContain('Patrol Motorcycle');
    expect(text).toContain('Relief goods delivery');
  });

  it('an empty period shows zero totals and says so under every other table', async () => {
    const pdf = (await report('from=2025-01-01&to=2025-01-02')).rawPayload;
    const text = pdfText(pdf);
    expect(pdfPageCount(pdf)).toBe(2);
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    expect(text.match(/None in this period\./g)).toHaveLength(7);
  });

  it('carries the barangay logo when one is set', async () => {
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e3a8a' } })
      .png()
      .toBuffer();
    await ctx.deps.db.execute(
      sql`update barangay_settings set logo = ${`data:image/png;base64,${logo.toString('base64')}`}`,
    );
    // Written behind the settings service's back, so its cache is told, as saveSettings would.
    ctx.deps.events.publish('settings.updated', {});
    const pdf = (await report('from=2025-01-01&to=2025-01-02')).rawPayload.toString('latin1');
    await ctx.deps.db.execute(sql`update barangay_settings set logo = null`);
    ctx.deps.events.publish('settings.updated', {});
    expect(pdf).toMatch(/\/Subtype \/Image/);
  });
});

describe('who may have the report', () => {
  it('admins only; bad periods are refused naming the field', async () => {
    const tanod = await signedIn(ctx, 'tanod');
    expect((await report(WEEK, tanod.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/resources/report?${WEEK}` })).statusCode).toBe(401);
    const reversed = await report('from=2026-06-10&to=2026-06-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toEqual([
      { field: 'to', message: 'The last day must not be before the first' },
    ]);
    const malformed = await report('from=June&to=2026-06-01');
    expect(malformed.json().error.fields[0].field).toBe('from');
    const tooLong = await report('from=2024-01-01&to=2026-01-01');
    expect(tooLong.json().error.fields).toEqual([{ field: 'to', message: 'The period can be at most 366 days' }]);
    const format = await report(`${WEEK}&format=docx`);
    expect(format.json().error.fields[0].field).toBe('format');
  });
});
