import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import type { Advisory, PublicSettings } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { person, square, type Person } from '../../../test/patrols.ts';

const HOUR = 3_600_000;
const clock = new ManualClock(new Date('2026-08-10T01:00:00Z'));
const SCHEMA = path.resolve(import.meta.dirname, '../../../test/fixtures/CAP-v1.2.xsd');
const PUBLIC_URL = 'https://sanisidro.example.ph';
let ctx: TestContext;
let schema: string;
let admin: Person;
let supadmin: Person;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { PUBLIC_URL } });
  schema = await fs.readFile(SCHEMA, 'utf8');
  admin = await person(ctx, 'admin');
  supadmin = await person(ctx, 'supadmin');
  const boundary = await ctx.app.inject({ method: 'PUT', url: '/api/settings/boundary', headers: bearer(supadmin.token), payload: { boundary: square(14.7, 121.0) } });
  expect(boundary.statusCode, boundary.body).toBe(200);
  const settings = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: bearer(supadmin.token),
    payload: { name: 'Barangay San Isidro & <Sto. Niño>', psgcCode: '1380600001' },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(() => ctx.close());

async function expectValidCap(xml: string): Promise<void> {
  const result = await validateXML({ xml: { fileName: 'alert.xml', contents: xml }, schema: { fileName: 'CAP-v1.2.xsd', contents: schema } });
  expect(result.errors, result.rawOutput).toEqual([]);
  expect(result.valid).toBe(true);
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => ['info', 'entry'].includes(name) });

async function createAdvisory(overrides: Record<string, unknown> = {}): Promise<Advisory> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/advisories',
    headers: bearer(admin.token),
    payload: {
      title: 'Typhoon <b>signal</b> no. 2 & rising',
      body: 'Secure loose roofing.\nStay indoors after 8 PM. ]]> <script>alert(1)</script>',
      severity: 'danger',
      startsAt: clock.now().toISOString(),
      endsAt: new Date(clock.now().getTime() + 6 * HOUR).toISOString(),
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Advisory>();
}

const getCap = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/public/advisories/${id}.cap` });

describe('CAP out: each published advisory in force is a CAP 1.2 alert', () => {
  it('is valid against the OASIS schema, in English and Filipino, with the level mapped and the barangay polygon and PSGC geocode', async () => {
    const advisory = await createAdvisory();
    const response = await getCap(advisory._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/cap+xml; charset=utf-8');
    await expectValidCap(response.body);
    const { alert } = parser.parse(response.body);
    expect(alert['@_xmlns']).toBe('urn:oasis:names:tc:emergency:cap:1.2');
    expect(alert).toMatchObject({
      identifier: `urn:bantay:sanisidro.example.ph:advisory:${advisory._id}`,
      sender: 'sanisidro.example.ph',
      sent: '2026-08-10T09:00:00+08:00',
      status: 'Actual',
      msgType: 'Alert',
      scope: 'Public',
    });
    expect(alert.info.map((info: { language: string }) => info.language)).toEqual(['en-US', 'fil-PH']);
    const [english, filipino] = alert.info;
    expect(english).toMatchObject({
      category: 'Safety',
      event: 'Barangay advisory',
      urgency: 'Immediate',
      severity: 'Severe',
      certainty: 'Likely',
      effective: '2026-08-10T09:00:00+08:00',
      expires: '2026-08-10T15:00:00+08:00',
      senderName: 'Barangay San Isidro & <Sto. Niño>',
      // The words come back exactly as written: escaped in the XML, never markup.
      headline: 'Typhoon <b>signal</b> no. 2 & rising',
      description: 'Secure loose roofing.\nStay indoors after 8 PM. ]]> <script>alert(1)</script>',
      area: {
        areaDesc: 'Barangay San Isidro & <Sto. Niño>',
        polygon: square(14.7, 121.0).coordinates[0]!.map(([lng, lat]) => `${lat},${lng}`).join(' '),
        geocode: { valueName: 'PSGC', value: '1380600001' },
      },
    });
    expect(filipino.event).toBe('Abiso ng barangay');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('&lt;script&gt;');
  });

  it('an edited advisory is an Update naming its first message; one ended early is a Cancel for a day; drafts and unknown ids are 404', async () => {
    const advisory = await createAdvisory({ severity: 'info' });
    clock.advance(10 * 60_000);
    const edited = await ctx.app.inject({ method: 'PATCH', url: `/api/advisories/${advisory._id}`, headers: bearer(admin.token), payload: { body: 'Signal lowered.' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const update = await getCap(advisory._id);
    await expectValidCap(update.body);
    const updated = parser.parse(update.body).alert;
    expect(updated.msgType).toBe('Update');
    expect(updated.identifier).toBe(`urn:bantay:sanisidro.example.ph:advisory:${advisory._id}:update:${clock.now().getTime()}`);
    expect(updated.references).toBe(`sanisidro.example.ph,urn:bantay:sanisidro.example.ph:advisory:${advisory._id},2026-08-10T09:00:00+08:00`);
    expect(updated.info[0]).toMatchObject({ urgency: 'Future', severity: 'Minor', certainty: 'Possible', description: 'Signal lowered.' });

    clock.advance(10 * 60_000);
    const ended = await ctx.app.inject({ method: 'PATCH', url: `/api/advisories/${advisory._id}`, headers: bearer(admin.token), payload: { endsAt: clock.now().toISOString() } });
    expect(ended.statusCode, ended.body).toBe(200);
    clock.advance(1000);
    const cancel = await getCap(advisory._id);
    await expectValidCap(cancel.body);
    expect(parser.parse(cancel.body).alert).toMatchObject({ msgType: 'Cancel', references: expect.stringContaining(`advisory:${advisory._id},`) });
    clock.advance(25 * HOUR);
    expect((await getCap(advisory._id)).statusCode).toBe(404);
    expect((await getCap('0b5f8f4e-7a0e-4d3c-9a51-3f0c2f9e8b11')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/public/advisories/not-an-id.cap' })).statusCode).toBe(400);
  });

  it('the Atom index (also at advisories.cap) is well formed, lists each alert in force with a link to it and the alert inside, and no draft', async () => {
    const first = await createAdvisory({ title: 'Flood watch' });
    const second = await createAdvisory({ title: 'Curfew', severity: 'warning' });
    for (const url of ['/api/public/advisories.atom', '/api/public/advisories.cap']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(XMLValidator.validate(response.body)).toBe(true);
      const { feed } = parser.parse(response.body);
      expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
      const entries = feed.entry as { id: string; title: string; link: { '@_href': string; '@_type': string }; content: { alert: unknown } }[];
      expect(entries.map((entry) => entry.title).sort()).toEqual(['Curfew', 'Flood watch']);
      for (const advisory of [first, second]) {
        const entry = entries.find((candidate) => candidate.title === advisory.title)!;
        expect(entry.id).toBe(`urn:bantay:sanisidro.example.ph:advisory:${advisory._id}`);
        expect(entry.link).toMatchObject({ '@_type': 'application/cap+xml', '@_href': `${PUBLIC_URL}/api/public/advisories/${advisory._id}.cap` });
        expect(entry.content.alert).toBeDefined();
      }
    }
    const settings = (await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json<PublicSettings>();
    expect(settings.psgcCode).toBe('1380600001');
  });

  it('the PSGC code is the supadmin\'s to set, 9 or 10 digits, and can be removed', async () => {
    const bad = await ctx.app.inject({ method: 'PATCH', url: '/api/settings', headers: bearer(supadmin.token), payload: { psgcCode: '13-806' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: [{ field: 'psgcCode' }] } });
    const byAdmin = await ctx.app.inject({ method: 'PATCH', url: '/api/settings', headers: bearer(admin.token), payload: { psgcCode: '1380600002' } });
    expect(byAdmin.statusCode).toBe(403);
    const removed = await ctx.app.inject({ method: 'PATCH', url: '/api/settings', headers: bearer(supadmin.token), payload: { psgcCode: null } });
    expect(removed.json<PublicSettings>().psgcCode).toBeNull();
    const advisory = await createAdvisory();
    const alert = await getCap(advisory._id);
    await expectValidCap(alert.body);
    expect(alert.body).not.toContain('<geocode>');
  });
});
