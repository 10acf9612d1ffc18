import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlotterEntry, CopyRequest, CreateBlotterEntry, Hearing, MyBlotterEntry } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { insertTestIncident, query } from '../../../test/incidents-helpers.ts';
import { pdfPageCount, pdfText as pdfLatin1Text } from '../../../test/report-files.ts';
import { readSentSms } from '../../../test/security-helpers.ts';
import type { UserRow } from '../../db/schema/index.ts';

/** Lupon hearings, residents' certified copies and the certified PDF (docs/decisions/026-the-blotter.md). */

let ctx: TestContext;
// 02:00 UTC is 10:00 in Manila.
const clock = new ManualClock(new Date('2026-08-03T02:00:00Z'));
let admin: UserRow;
let adminToken: string;

/**
 * pdfText reads WinAnsi as Latin-1 (the middle dot is the same byte; curly quotes are 0x93 and
 * 0x94), one line per text operation: wrapped cells are joined back with spaces.
 */
const pdfText = (pdf: Buffer) => pdfLatin1Text(pdf).replaceAll('\u0093', '“').replaceAll('\u0094', '”').replace(/\s*\n\s*/g, ' ');

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await createUser(ctx, { userType: 'admin', firstName: 'Alma', lastName: 'Santos' });
  // The supadmin names the officials who sign certified copies in the settings.
  const supadmin = await createUser(ctx, { userType: 'supadmin' });
  const named = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: bearer(await signIn(ctx, supadmin)),
    payload: { name: 'Barangay Test', abbreviation: 'BT', punongBarangay: 'Hon. Ricardo Dalisay', barangaySecretary: 'Liza Soberano' },
  });
  expect(named.statusCode, named.body).toBe(200);
  expect(named.json().officials).toEqual({ punongBarangay: 'Hon. Ricardo Dalisay', barangaySecretary: 'Liza Soberano' });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  clock.advance(60_000);
  adminToken = await signIn(ctx, admin);
});

const post = (url: string, token: string | null, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, token: string | null) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

let phoneCounter = 0;
const newPhone = () => `+63917${String(7_000_000 + (phoneCounter += 1)).padStart(7, '0')}`;

async function record(overrides: Partial<CreateBlotterEntry> = {}): Promise<BlotterEntry> {
  const body: CreateBlotterEntry = {
    occurredAt: '2026-08-01T21:15:00+08:00',
    place: 'Purok 2, beside the sari-sari store',
    nature: 'Boundary dispute',
    complainants: [{ name: 'Rosa Mendoza', address: '12 Mabini St.', phone: newPhone() }],
    respondents: [{ name: 'Carlos Bautista', address: '14 Mabini St.', phone: newPhone() }],
    narrative: 'The complainant says the respondent moved the fence half a metre into her lot.',
    actionTaken: 'The parties were advised to bring their land titles.',
    status: 'referred',
    referredTo: 'lupon',
    ...overrides,
  };
  const response = await post('/api/blotter', adminToken, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BlotterEntry>();
}

async function resident(phoneNumber: string, firstName = 'Rosa') {
  const user = await createUser(ctx, { userType: 'resident', phoneNumber, firstName, lastName: 'Mendoza' });
  return { user, token: await signIn(ctx, user) };
}

const inOneWeek = () => new Date(clock.now().getTime() + 7 * 86_400_000).toISOString();

describe('Lupon hearings', () => {
  it('schedules a hearing on an entry referred to the Lupon, texts every party with a phone, and tells the mediator', async () => {
    const mediator = await createUser(ctx, { userType: 'tanod', firstName: 'Lupon', lastName: 'Chair' });
    const entry = await record();
    const scheduledAt = '2026-08-10T06:00:00Z';
    const response = await post(`/api/blotter/${entry._id}/hearings`, adminToken, { scheduledAt, mediatorId: mediator.id });
    expect(response.statusCode, response.body).toBe(201);
    const hearing = response.json<BlotterEntry>().hearings[0]!;
    expect(hearing).toMatchObject({ scheduledAt: '2026-08-10T06:00:00.000Z', outcome: null, entryNumber: entry.number, mediator: { firstName: 'Lupon' } });

    const texts = (await readSentSms(ctx)).filter((sms) => sms.text.includes(entry.number));
    expect(texts.map((sms) => sms.to).sort()).toEqual([entry.complainants[0]!.phone, entry.respondents[0]!.phone].sort());
    // 06:00 UTC is 14:00 in Manila.
    expect(texts[0]!.text).toBe(`Barangay Test: you are called to a Lupon mediation hearing on blotter entry ${entry.number}, Aug 10, 2026, 14:00, at the barangay hall.`);
    const notices = await query<{ message: string }>(ctx, sql`select message from notifications where user_id = ${mediator.id}`);
    expect(notices.map((row) => row.message)).toEqual([`You mediate the Lupon hearing of blotter entry ${entry.number} on Aug 10, 2026, 14:00`]);

    const calendar = await get('/api/blotter/hearings?from=2026-08-10&to=2026-08-10', adminToken);
    expect(calendar.json<{ items: Hearing[] }>().items.map((item) => item._id)).toContain(hearing._id);
    expect((await get('/api/blotter/hearings?from=2026-08-11&to=2026-08-31', adminToken)).json<{ items: Hearing[] }>().items.map((item) => item._id)).not.toContain(hearing._id);
  });

  it('refuses a hearing for an entry not referred to the Lupon (409), in the past or with an unknown mediator (400), and from a tanod (403)', async () => {
    const mediator = await createUser(ctx, { userType: 'admin' });
    const police = await record({ referredTo: 'pnp' });
    const conflict = await post(`/api/blotter/${police._id}/hearings`, adminToken, { scheduledAt: inOneWeek(), mediatorId: mediator.id });
    expect(conflict.statusCode).toBe(409);
    const lupon = await record();
    const past = await post(`/api/blotter/${lupon._id}/hearings`, adminToken, { scheduledAt: '2026-01-01T00:00:00Z', mediatorId: mediator.id });
    expect(past.json().error.fields).toEqual([{ field: 'scheduledAt', message: 'must be in the future' }]);
    const resident = await createUser(ctx, { userType: 'resident', phoneNumber: newPhone() });
    const notStaff = await post(`/api/blotter/${lupon._id}/hearings`, adminToken, { scheduledAt: inOneWeek(), mediatorId: resident.id });
    expect(notStaff.json().error.fields).toEqual([{ field: 'mediatorId', message: 'is not an active staff account' }]);
    const tanod = await createUser(ctx, { userType: 'tanod' });
    expect((await post(`/api/blotter/${lupon._id}/hearings`, await signIn(ctx, tanod), { scheduledAt: inOneWeek(), mediatorId: mediator.id })).statusCode).toBe(403);
    expect((await get(`/api/blotter/${lupon._id}`, adminToken)).json<BlotterEntry>().hearings).toEqual([]);
  });

  it('a settlement records its terms and amends the entry to settled; a second outcome is refused', async () => {
    const entry = await record();
    const scheduled = (await post(`/api/blotter/${entry._id}/hearings`, adminToken, { scheduledAt: inOneWeek(), mediatorId: admin.id })).json<BlotterEntry>();
    const hearingId = scheduled.hearings[0]!._id;
    expect((await post(`/api/blotter/hearings/${hearingId}/outcome`, adminToken, { outcome: 'settled' })).statusCode).toBe(400);
    const settled = await post(`/api/blotter/hearings/${hearingId}/outcome`, adminToken, { outcome: 'settled', terms: 'The fence goes back to the surveyed line by August 31.' });
    expect(settled.statusCode, settled.body).toBe(200);
    const body = settled.json<BlotterEntry>();
    expect(body.status).toBe('settled');
    expect(body.hearings[0]).toMatchObject({ outcome: 'settled', terms: 'The fence goes back to the surveyed line by August 31.' });
    expect(body.amendments.at(-1)).toMatchObject({ before: { status: 'referred', referredTo: 'lupon' }, after: { status: 'settled', referredTo: null } });
    expect(body.amendments.at(-1)!.reason).toContain('Terms: The fence goes back to the surveyed line by August 31.');
    expect((await post(`/api/blotter/hearings/${hearingId}/outcome`, adminToken, { outcome: 'no_show' })).statusCode).toBe(409);
  });

  it('a no-show leaves the status; a certificate to file action closes the entry', async () => {
    const entry = await record();
    const first = (await post(`/api/blotter/${entry._id}/hearings`, adminToken, { scheduledAt: inOneWeek(), mediatorId: admin.id })).json<BlotterEntry>().hearings[0]!;
    const noShow = (await post(`/api/blotter/hearings/${first._id}/outcome`, adminToken, { outcome: 'no_show' })).json<BlotterEntry>();
    expect(noShow.status).toBe('referred');
    expect(noShow.amendments).toEqual([]);
    const second = (await post(`/api/blotter/${entry._id}/hearings`, adminToken, { scheduledAt: inOneWeek(), mediatorId: admin.id })).json<BlotterEntry>().hearings[1]!;
    const certificate = (await post(`/api/blotter/hearings/${second._id}/outcome`, adminToken, { outcome: 'certificate_to_file_action' })).json<BlotterEntry>();
    expect(certificate.status).toBe('closed');
    expect(certificate.amendments[0]!.reason).toMatch(/^Certificate to file action issued after the Lupon hearing of /);
  });
});

describe("residents' certified copies", () => {
  it('a party asks, the admins are told, an admin approves, the resident is texted and downloads the PDF', async () => {
    const entry = await record();
    const party = await resident(entry.complainants[0]!.phone!);
    const stranger = await resident(newPhone(), 'Other');

    const mine = (await get('/api/blotter/mine', party.token)).json<{ items: MyBlotterEntry[] }>().items;
    expect(mine.find((item) => item._id === entry._id)).toMatchObject({ number: entry.number, role: 'complainant', copyRequest: null });
    expect((await get('/api/blotter/mine', stranger.token)).json<{ items: MyBlotterEntry[] }>().items).toEqual([]);

    // Before approval the PDF is not theirs to download.
    expect((await get(`/api/blotter/${entry._id}/certified.pdf`, party.token)).statusCode).toBe(404);
    expect((await post(`/api/blotter/${entry._id}/copy-requests`, stranger.token)).statusCode).toBe(404);
    const asked = await post(`/api/blotter/${entry._id}/copy-requests`, party.token);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<CopyRequest>();
    expect(request).toMatchObject({ status: 'pending', entryNumber: entry.number, requester: { firstName: 'Rosa' } });
    // Asking again finds the same request.
    const again = await post(`/api/blotter/${entry._id}/copy-requests`, party.token);
    expect(again.statusCode).toBe(200);
    expect(again.json<CopyRequest>()._id).toBe(request._id);
    const notices = await query<{ message: string }>(ctx, sql`select message from notifications where user_id = ${admin.id} and kind = 'blotter.copy_requested'`);
    expect(notices.map((row) => row.message)).toContain(`A resident asks for a certified copy of blotter entry ${entry.number}`);

    const pending = (await get('/api/blotter/copy-requests', adminToken)).json<{ items: CopyRequest[] }>().items;
    expect(pending.map((item) => item._id)).toContain(request._id);
    expect((await post(`/api/blotter/copy-requests/${request._id}/decision`, party.token, { approve: true })).statusCode).toBe(403);
    const approved = await post(`/api/blotter/copy-requests/${request._id}/decision`, adminToken, { approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<CopyRequest>().status).toBe('approved');
    expect((await post(`/api/blotter/copy-requests/${request._id}/decision`, adminToken, { approve: false, reason: 'Late' })).statusCode).toBe(409);
    const texts = (await readSentSms(ctx)).filter((sms) => sms.to === party.user.phoneNumber && sms.text.includes('certified copy'));
    expect(texts.map((sms) => sms.text)).toEqual([expect.stringContaining(`your certified copy of blotter entry ${entry.number} is ready`)]);

    const download = await get(`/api/blotter/${entry._id}/certified.pdf`, party.token);
    expect(download.statusCode).toBe(200);
    expect(pdfText(download.rawPayload)).toContain(`Issued Aug 3, 2026`);
    expect((await get(`/api/blotter/${entry._id}/certified.pdf`, stranger.token)).statusCode).toBe(404);
    expect((await get('/api/blotter/mine', party.token)).json<{ items: MyBlotterEntry[] }>().items.find((item) => item._id === entry._id)?.copyRequest?.status).toBe('approved');
    const audit = await query<{ action: string; actor_id: string }>(ctx, sql`select action, actor_id from audit_entries where entity = 'blotter_entry' and entity_id = ${entry._id} and action = 'export'`);
    expect(audit).toEqual([{ action: 'export', actor_id: party.user.id }]);
  });

  it('a refusal needs a reason; the resident may ask again after one', async () => {
    const entry = await record();
    const party = await resident(entry.respondents[0]!.phone!, 'Carlos');
    const request = (await post(`/api/blotter/${entry._id}/copy-requests`, party.token)).json<CopyRequest>();
    expect((await post(`/api/blotter/copy-requests/${request._id}/decision`, adminToken, { approve: false })).statusCode).toBe(400);
    const refused = await post(`/api/blotter/copy-requests/${request._id}/decision`, adminToken, { approve: false, reason: 'Bring a valid ID to the hall.' });
    expect(refused.json<CopyRequest>()).toMatchObject({ status: 'rejected', reason: 'Bring a valid ID to the hall.' });
    expect((await get('/api/blotter/mine', party.token)).json<{ items: MyBlotterEntry[] }>().items[0]).toMatchObject({ role: 'respondent', copyRequest: { status: 'rejected' } });
    const again = await post(`/api/blotter/${entry._id}/copy-requests`, party.token);
    expect(again.statusCode).toBe(201);
    expect(again.json<CopyRequest>()._id).not.toBe(request._id);
  });

  it('staff cannot ask for a copy, and a tanod cannot download one', async () => {
    const entry = await record();
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const token = await signIn(ctx, tanod);
    expect((await post(`/api/blotter/${entry._id}/copy-requests`, adminToken)).statusCode).toBe(403);
    expect((await get(`/api/blotter/${entry._id}/certified.pdf`, token)).statusCode).toBe(403);
    expect((await get(`/api/blotter/${entry._id}/certified.pdf`, null)).statusCode).toBe(401);
  });
});

describe('the certified true copy', () => {
  it("has the barangay's header, the entry, its amendments, the hearings, the certification, the officials' signature lines, the date issued and page numbers", async () => {
    const incident = await insertTestIncident(ctx);
    const entry = await record({ incidentId: incident.id });
    clock.advance(3_600_000);
    await post(`/api/blotter/${entry._id}/amendments`, adminToken, { reason: 'The complainant spelled the place again.', changes: { place: 'Purok 2, beside the bakery' } });
    await post(`/api/blotter/${entry._id}/hearings`, adminToken, { scheduledAt: '2026-08-12T01:00:00Z', mediatorId: admin.id });
    clock.set(new Date('2026-08-04T03:30:00Z'));
    adminToken = await signIn(ctx, admin);
    const response = await get(`/api/blotter/${entry._id}/certified.pdf`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="blotter-${entry.number}-certified.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = response.rawPayload;
    const pages = pdfPageCount(pdf);
    const text = pdfText(pdf);
    for (const line of [
      'Barangay Test',
      `Certified true copy · Blotter entry ${entry.number}`,
      // The barangay's clock (Asia/Manila, UTC+8).
      'Issued Aug 4, 2026, 11:30 (Asia/Manila) to Alma Santos',
      'Aug 1, 2026, 21:15',
      'Purok 2, beside the bakery',
      'Boundary dispute',
      'Referred (Lupon Tagapamayapa)',
      incident.ticket,
      'Rosa Mendoza',
      'Carlos Bautista',
      'The complainant says the respondent moved the fence half a metre into her lot.',
      'The parties were advised to bring their land titles.',
      'Amendments (1)',
      'The complainant spelled the place again.',
      'Lupon hearings (1)',
      'Aug 12, 2026, 09:00',
      'Not held yet',
      'Certification',
      'LIZA SOBERANO',
      'Barangay Secretary',
      'HON. RICARDO DALISAY',
      'Punong Barangay',
      `Page 1 of ${pages}`,
      `Page ${pages} of ${pages}`,
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain('Place: from “Purok 2, beside the sari-sari store” to “Purok 2, beside the bakery”');
    expect(text).toContain(`This is to certify that the above is a true and correct copy of entry ${entry.number} of the barangay blotter of Barangay Test`);
  });
});

describe("an admin corrects or removes a party's phone", () => {
  it('a mistyped number is corrected: its holder no longer sees the entry nor downloads its copy; the right party does; amended and audited', async () => {
    const wrong = newPhone();
    const entry = await record({ complainants: [{ name: 'Rosa Mendoza', phone: wrong }], respondents: [{ name: 'Carlos Bautista' }] });
    const stranger = await resident(wrong, 'Stranger');
    const request = (await post(`/api/blotter/${entry._id}/copy-requests`, stranger.token)).json<CopyRequest>();
    expect((await post(`/api/blotter/copy-requests/${request._id}/decision`, adminToken, { approve: true })).statusCode).toBe(200);
    expect((await get(`/api/blotter/${entry._id}/certified.pdf`, stranger.token)).statusCode).toBe(200);
    const right = newPhone();
    const rosa = await resident(right);

    const body = { reason: 'The number was mistyped at the counter.', phone: wrong, replacement: right };
    expect((await post(`/api/blotter/${entry._id}/party-phones`, stranger.token, body)).statusCode).toBe(403);
    const tanodToken = await signIn(ctx, await createUser(ctx, { userType: 'tanod' }));
    expect((await post(`/api/blotter/${entry._id}/party-phones`, tanodToken, body)).statusCode).toBe(403);
    const fixed = await post(`/api/blotter/${entry._id}/party-phones`, adminToken, body);
    expect(fixed.statusCode, fixed.body).toBe(200);
    const amended = fixed.json<BlotterEntry>();
    expect(amended.complainants[0]!.phone).toBe(right);
    expect(amended.partyPhones).toEqual([right]);
    expect(amended.amendments.at(-1)).toMatchObject({ reason: body.reason, before: { complainants: [{ phone: wrong }] }, after: { complainants: [{ phone: right }] } });

    expect((await get('/api/blotter/mine', stranger.token)).json<{ items: MyBlotterEntry[] }>().items.map((item) => item._id)).not.toContain(entry._id);
    expect((await get(`/api/blotter/${entry._id}/certified.pdf`, stranger.token)).statusCode).toBe(404);
    expect((await post(`/api/blotter/${entry._id}/copy-requests`, stranger.token)).statusCode).toBe(404);
    expect((await get('/api/blotter/mine', rosa.token)).json<{ items: MyBlotterEntry[] }>().items.map((item) => item._id)).toContain(entry._id);
    const audit = await query<{ actor_id: string; before: unknown; after: Record<string, unknown> }>(
      ctx,
      sql`select actor_id, before, after from audit_entries where entity = 'blotter_entry' and entity_id = ${entry._id} and before ? 'partyPhone'`,
    );
    expect(audit).toEqual([{ actor_id: admin.id, before: { partyPhone: `${wrong.slice(0, 6)}•••${wrong.slice(-4)}` }, after: expect.objectContaining({ reason: body.reason }) }]);
  });

  it("a recycled number is removed, a former party's number withdrawn; a pending request of it is closed; nonsense is refused", async () => {
    const recycled = newPhone();
    const former = newPhone();
    const entry = await record({ complainants: [{ name: 'Rosa Mendoza', phone: recycled }], respondents: [{ name: 'Carlos Bautista', phone: former }] });
    // An amendment drops the respondent: his number keeps seeing the entry, as the blotter keeps every number it named.
    expect((await post(`/api/blotter/${entry._id}/amendments`, adminToken, { reason: 'Wrong respondent.', changes: { respondents: [] } })).statusCode).toBe(201);
    const holder = await resident(recycled, 'New owner');
    const waiting = (await post(`/api/blotter/${entry._id}/copy-requests`, holder.token)).json<CopyRequest>();

    const removed = await post(`/api/blotter/${entry._id}/party-phones`, adminToken, { reason: 'The number now belongs to someone else.', phone: recycled, replacement: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<BlotterEntry>().complainants[0]).toMatchObject({ name: 'Rosa Mendoza', phone: null });
    expect(removed.json<BlotterEntry>().copyRequests.find((item) => item._id === waiting._id)).toMatchObject({ status: 'rejected', reason: 'This number is no longer on the entry.' });
    const withdrawn = await post(`/api/blotter/${entry._id}/party-phones`, adminToken, { reason: 'Not a party.', phone: former.replace('+63', '0') });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<BlotterEntry>().partyPhones).toEqual([]);
    // Withdrawing changes no value of the entry: no amendment for it.
    expect(withdrawn.json<BlotterEntry>().amendments).toHaveLength(2);
    expect((await get('/api/blotter/mine', holder.token)).json<{ items: MyBlotterEntry[] }>().items.map((item) => item._id)).not.toContain(entry._id);

    expect((await post(`/api/blotter/${entry._id}/party-phones`, adminToken, { reason: 'x', phone: recycled })).statusCode).toBe(422);
    expect((await post(`/api/blotter/${entry._id}/party-phones`, adminToken, { reason: 'x', phone: 'abc' })).statusCode).toBe(400);
    expect((await post(`/api/blotter/${entry._id}/party-phones`, adminToken, { phone: recycled })).statusCode).toBe(400);
    expect((await post('/api/blotter/00000000-0000-4000-8000-000000000000/party-phones', adminToken, { reason: 'x', phone: recycled })).statusCode).toBe(404);
  });
});
