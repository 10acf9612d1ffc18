import { sql } from 'drizzle-orm';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_PATTERN, middleOf, pointInPolygon, type Polygon } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { TEST_BOUNDARY, query, setBoundary } from '../../../test/incidents-helpers.ts';
import { insertPatrolArea } from '../patrol-areas/patrol-areas.repository.ts';
import { liteAddressOf } from './lite-address.ts';

/**
 * The pages without JavaScript (docs/decisions/033-pages-without-javascript.md), through the real
 * app: the three pages in both languages, a sent form making a report marked "without the bot
 * check" through incidents' rules, the tighter per-address limit, refusals re-rendered with the
 * values kept, and every page's HTML validated.
 */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

/** An L-shaped purok: the mean of its corners lies outside it, so its middle must be worked out. */
const L_PUROK: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [121.046, 14.731],
      [121.054, 14.731],
      [121.054, 14.733],
      [121.048, 14.733],
      [121.048, 14.739],
      [121.046, 14.739],
      [121.046, 14.731],
    ],
  ],
};
let purokId: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { PLAIN_REPORT_RATE_LIMIT_PER_IP: '2' } });
  await setBoundary(ctx, TEST_BOUNDARY, [{ label: 'Tanod Hotline', number: '0917 123 0000' }]);
  const area = await insertPatrolArea(ctx.deps.db, { name: 'Purok Uno', color: '#1e88e5', polygon: L_PUROK });
  purokId = area!.id;
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

function post(path: string, fields: Record<string, string>, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: options.ip ?? '10.20.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const formIdOf = (html: string) => /name="form" value="([0-9a-f-]{36})"/.exec(html)?.[1];
const ticketOf = (html: string) => /<p class="t" id="ticket" data-testid="ticket">([A-Z0-9-]+)<\/p>/.exec(html)?.[1];
const incidentCount = async () => Number((await query<{ n: number }>(ctx, sql`select count(*)::int as n from incidents`))[0]!.n);
const incidentRow = async (ticket: string) => (await query<Record<string, unknown>>(ctx, sql`select * from incidents where ticket = ${ticket}`))[0]!;

async function expectValidHtml(html: string): Promise<void> {
  const report = await validator.validateString(html);
  expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message} (line ${message.line})`))).toEqual([]);
}

describe('the pages in the visitor language', () => {
  it('the emergency form: the types as radio buttons, the puroks, a landmark, a phone, Send, and the hotlines; in English and Filipino', async () => {
    const english = await get('/lite/emergency');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.headers['cache-control']).toBe('no-store');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Emergency report</h1>');
    expect(english.body).toMatch(/<input type="radio" id="type-0" name="type" value="Fire">Fire<\/label>/);
    expect(english.body).not.toContain('value="Theft"');
    expect(english.body).toMatch(new RegExp(`<option value="${purokId}" data-lat="[\\d.]+" data-lng="[\\d.]+" data-accuracy="\\d+">Purok Uno</option>`));
    expect(english.body).toContain('<a href="tel:09171230000">0917\u00a0123\u00a00000</a>');
    expect(formIdOf(english.body)).toBeDefined();
    // Without a web build there is no enhancing script (enhanced-form.test.ts has one).
    expect(english.body).not.toContain('<script');
    // A few kilobytes, as a slow network takes it in one round trip.
    expect(Buffer.byteLength(english.body)).toBeLessThan(8_000);

    const filipino = await get('/lite/emergency', { 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.5' });
    expect(filipino.body).toContain('<html lang="fil">');
    expect(filipino.body).toContain('Emergency na ulat</h1>');
    expect(filipino.body).toContain('>Sunog</label>');
    expect(filipino.headers['content-language']).toBe('fil');
    // The app's own cookie wins over the browser's languages, and ?lang= sets it.
    expect((await get('/lite/emergency', { cookie: 'bantay_lang=fil', 'accept-language': 'en' })).body).toContain('<html lang="fil">');
    const switched = await get('/lite/emergency?lang=fil');
    expect(switched.body).toContain('<html lang="fil">');
    expect(switched.headers['set-cookie']).toContain('bantay_lang=fil; Path=/');
    await expectValidHtml(english.body);
    await expectValidHtml(filipino.body);
  });

  it('the report form and the ticket lookup, in English and Filipino', async () => {
    const report = await get('/lite/report');
    expect(report.body).toContain('Report an incident</h1>');
    expect(report.body).toContain('<option value="Theft">Theft</option>');
    expect(report.body).toContain('<textarea');
    const reportFil = await get('/lite/report', { 'accept-language': 'tl' });
    expect(reportFil.body).toContain('Mag-report ng insidente</h1>');
    const ticket = await get('/lite/ticket');
    expect(ticket.statusCode).toBe(200);
    expect(ticket.body).toContain('<form method="get" action="/lite/ticket">');
    const ticketFil = await get('/lite/ticket', { cookie: 'bantay_lang=fil' });
    expect(ticketFil.body).toContain('Subaybayan ang tiket</h1>');
    for (const page of [report, reportFil, ticket, ticketFil]) await expectValidHtml(page.body);
  });
});

describe('sending a form', () => {
  it('an emergency becomes a report marked as sent without the bot check, at the purok, with its ticket and the hotlines; sent twice, one report', async () => {
    const admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    const formId = formIdOf((await get('/lite/emergency')).body)!;
    const before = await incidentCount();
    const fields = { form: formId, type: 'Fire', area: purokId, landmark: 'Beside the well', description: 'Two houses', phone: '0917 555 1234' };
    const sent = await post('/lite/emergency', fields, { headers: { origin: 'http://localhost:80' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const ticket = ticketOf(sent.body)!;
    expect(ticket).toMatch(TICKET_PATTERN);
    expect(ticket.startsWith('ER-')).toBe(true);
    expect(sent.body).toContain('Emergency report sent</h1>');
    expect(sent.body).toContain('<a href="tel:09171230000">');
    expect(sent.body).toContain(`href="/lite/ticket?ticket=${ticket}"`);
    await expectValidHtml(sent.body);

    const row = await incidentRow(ticket);
    expect(row).toMatchObject({
      classification: 'emergency',
      type: 'Fire',
      description: 'Two houses',
      landmark: 'Beside the well',
      address: 'Purok Uno',
      reporter_phone: '+639175551234',
      sent_without_bot_check: true,
      client_id: formId,
    });
    // The purok's middle, inside it (the mean of its corners is not), with its reach as the accuracy.
    expect(pointInPolygon({ lat: Number(row.lat), lng: Number(row.lng) }, L_PUROK)).toBe(true);
    expect(Number(row.accuracy)).toBeGreaterThan(100);

    // A double tap or a reload of the answer: the same ticket, no second report.
    const again = await post('/lite/emergency', fields);
    expect(ticketOf(again.body)).toBe(ticket);
    expect(await incidentCount()).toBe(before + 1);

    // Staff see the mark.
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/incidents/${String(row.id)}`, headers: bearer(admin) });
    expect(detail.json()).toMatchObject({ ticket, sentWithoutBotCheck: true });
    const web = await ctx.app.inject({ method: 'GET', url: '/api/incidents?limit=5', headers: bearer(admin) });
    expect(web.json().items.find((item: { ticket: string }) => item.ticket === ticket)).toMatchObject({ sentWithoutBotCheck: true });
  });

  it('a report without a purok is put at the barangay middle; refused input comes back with a message by each field, the values kept, and nothing stored', async () => {
    const before = await incidentCount();
    const refused = await post('/lite/report', { form: crypto.randomUUID(), type: '', description: '  ', landmark: 'By the <market>', phone: '12' }, { ip: '10.20.0.2' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<p class="e" id="type-error">Choose the type of incident</p>');
    expect(refused.body).toContain('<p class="e" id="description-error">Describe what happened</p>');
    expect(refused.body).toContain('value="By the &lt;market&gt;"');
    expect(refused.body).toContain('aria-invalid="true" aria-describedby="type-error"');
    await expectValidHtml(refused.body);

    const nowhere = await post('/lite/report', { type: 'Theft', description: 'A bicycle', area: '', landmark: '' }, { ip: '10.20.0.2' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.body).toContain('id="area-error">Choose your purok or write a landmark</p>');
    const badPhone = await post('/lite/report', { type: 'Theft', description: 'A bicycle', landmark: 'Gate', phone: '12345' }, { ip: '10.20.0.2', headers: { 'accept-language': 'fil' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('<html lang="fil">');
    expect(badPhone.body).toMatch(/id="phone-error">[^<]+<\/p>/);
    expect(badPhone.body).toContain('>A bicycle</textarea>');
    expect(await incidentCount()).toBe(before);

    const sent = await post('/lite/report', { type: 'Theft', description: 'A bicycle', landmark: 'Gate of the school' }, { ip: '10.20.0.2' });
    expect(sent.statusCode, sent.body).toBe(201);
    const row = await incidentRow(ticketOf(sent.body)!);
    expect(row).toMatchObject({ classification: 'normal', address: null, landmark: 'Gate of the school', sent_without_bot_check: true });
    expect(pointInPolygon({ lat: Number(row.lat), lng: Number(row.lng) }, TEST_BOUNDARY)).toBe(true);
  });

  it('past the tighter per-address limit an ordinary report is refused, an emergency is still taken as part of a burst', async () => {
    const ip = '10.20.0.3';
    const before = await incidentCount();
    for (const landmark of ['First gate', 'Second gate']) {
      expect((await post('/lite/report', { type: 'Vandalism', description: 'Paint on the wall', landmark }, { ip })).statusCode).toBe(201);
    }
    const third = await post('/lite/report', { type: 'Vandalism', description: 'More paint', landmark: 'Third gate' }, { ip });
    expect(third.statusCode).toBe(429);
    expect(third.body).toContain('<p class="a" role="alert">');
    expect(third.body).toContain('value="Third gate"');
    expect(await incidentCount()).toBe(before + 2);

    const emergency = await post('/lite/emergency', { type: 'Fire', area: purokId, landmark: 'Third gate' }, { ip });
    expect(emergency.statusCode, emergency.body).toBe(201);
    expect(await incidentRow(ticketOf(emergency.body)!)).toMatchObject({ burst: true, sent_without_bot_check: true });
    // The app's own reports from that address count apart.
    expect(await incidentCount()).toBe(before + 3);
  });

  it('a post from another site is refused; one from a browser that says nothing is taken; bodies that are not a form are refused as pages', async () => {
    const before = await incidentCount();
    const fields = { type: 'Fire', landmark: 'Market' };
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { referer: 'https://evil.example/page' }];
    for (const headers of crossSite) {
      const refused = await post('/lite/emergency', fields, { ip: '10.20.0.4', headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('another website');
      expect(refused.body).toContain('<a href="tel:09171230000">');
    }
    for (const [payload, type] of [
      ['{"type":"Fire"}', 'application/json'],
      ['hello', 'text/plain'],
      ['x', 'multipart/form-data'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'POST', url: '/lite/report', remoteAddress: '10.20.0.4', headers: { 'content-type': type }, payload });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect(await incidentCount()).toBe(before);
    const old = await post('/lite/emergency', fields, { ip: '10.20.0.4', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(old.statusCode).toBe(201);
  });
});

describe('the ticket lookup', () => {
  it('shows the public status of a ticket typed in any case, and says so by the field when there is none', async () => {
    const sent = await post('/lite/report', { type: 'Theft', description: 'A radio', landmark: 'Chapel' }, { ip: '10.20.0.5' });
    const ticket = ticketOf(sent.body)!;
    const found = await get(`/lite/ticket?ticket=${encodeURIComponent(ticket.toLowerCase().replace('-', ' '))}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(`<h2 class="t" id="ticket">${ticket}</h2>`);
    expect(found.body).toContain('<dd id="status">Pending</dd>');
    expect(found.body).not.toContain('A radio');
    await expectValidHtml(found.body);
    const filipino = await get(`/lite/ticket?ticket=${ticket}`, { 'accept-language': 'fil' });
    expect(filipino.body).toContain('<dd id="status">Naghihintay</dd>');

    const missing = await get('/lite/ticket?ticket=IR-2222-2222');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('id="ticket-error">No report has this ticket.');
    expect(missing.body).toContain('value="IR-2222-2222"');
    await expectValidHtml(missing.body);
  });
});

describe('the app addresses without JavaScript', () => {
  it("the landing page's report links lead to the pages without JavaScript", () => {
    const at = (url: string) => liteAddressOf(new URL(url, 'http://x').pathname, new URL(url, 'http://x').searchParams);
    expect(at('/Reportincidents?emergency=1')).toBe('/lite/emergency');
    expect(at('/reportincidents/')).toBe('/lite/report');
    expect(at('/Reportincidents?track=1')).toBe('/lite/ticket');
    expect(at('/Reportincidents?ticket=IR-7K3F-9QXM')).toBe('/lite/ticket?ticket=IR-7K3F-9QXM');
    expect(at('/tanod-login')).toBeUndefined();
  });

  it('the middle of a bent purok lies inside it', () => {
    const middle = middleOf(L_PUROK)!;
    expect(pointInPolygon(middle, L_PUROK)).toBe(true);
  });
});
