import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlotterEntry, BlotterListResponse, CreateBlotterEntry } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { insertTestIncident, query } from '../../../test/incidents-helpers.ts';
import type { UserRow } from '../../db/schema/index.ts';

/** The blotter's entries (docs/decisions/026-the-blotter.md): numbers, amendments, who reads what. */

let ctx: TestContext;
// 08:00 UTC is 16:00 in Manila.
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let admin: UserRow;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await createUser(ctx, { userType: 'admin', firstName: 'Alma', lastName: 'Santos' });
  adminToken = await signIn(ctx, admin);
});
afterAll(() => ctx.close());
// Sessions expire after a while without use: the tests that move the clock far sign in again.
const signInAdmin = async () => {
  adminToken = await signIn(ctx, admin);
};
beforeEach(async () => {
  clock.advance(60_000);
  await signInAdmin();
});

function entryBody(overrides: Partial<CreateBlotterEntry> = {}): CreateBlotterEntry {
  return {
    occurredAt: '2026-05-31T13:30:00+08:00',
    place: 'Purok 3, near the basketball court',
    nature: 'Noise complaint',
    complainants: [{ name: 'Rosa Mendoza', address: '12 Mabini St.', phone: '0917 555 1001' }],
    respondents: [{ name: 'Carlos Bautista', address: '14 Mabini St.' }],
    narrative: 'The complainant reports loud videoke past midnight for three nights.',
    actionTaken: 'Both parties were called to the hall and advised.',
    status: 'recorded',
    ...overrides,
  };
}

const post = (url: string, token: string | null, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, token: string | null) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function record(overrides: Partial<CreateBlotterEntry> = {}): Promise<BlotterEntry> {
  const response = await post('/api/blotter', adminToken, entryBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BlotterEntry>();
}

async function tanod(firstName = 'Juan') {
  const user = await createUser(ctx, { userType: 'tanod', firstName, lastName: 'Dela Cruz' });
  return { user, token: await signIn(ctx, user) };
}

const countEntries = async () => (await query<{ count: number }>(ctx, sql`select count(*)::int as count from blotter_entries`))[0]!.count;

describe('numbers', () => {
  it('20 entries recorded at once get 20 consecutive numbers of the year, none repeated, none skipped', async () => {
    clock.set(new Date('2026-06-02T02:00:00Z'));
    await signInAdmin();
    const [{ last: before } = { last: 0 }] = await query<{ last: number }>(ctx, sql`select last from blotter_counters where year = 2026`);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => post('/api/blotter', adminToken, entryBody({ nature: `Concurrent ${index}` }))));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const numbers = responses.map((response) => response.json<BlotterEntry>().number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `2026-${String(before + index + 1).padStart(4, '0')}`));
  });

  it('the year turns over at midnight in Manila, not at midnight UTC', async () => {
    // 23:59:59 on December 31 in Manila (UTC+8) is 15:59:59 UTC.
    clock.set(new Date('2026-12-31T15:59:59Z'));
    await signInAdmin();
    const lastOf2026 = await record();
    expect(lastOf2026.number).toMatch(/^2026-\d{4}$/);
    clock.set(new Date('2026-12-31T16:00:00Z'));
    const first = await record();
    const second = await record();
    expect([first.number, second.number]).toEqual(['2027-0001', '2027-0002']);
    clock.set(new Date('2026-06-03T00:00:00Z'));
  });

  it('a refused entry takes no number', async () => {
    const before = await record();
    const refused = await post('/api/blotter', adminToken, entryBody({ complainants: [{ name: 'Ana', phone: 'not a phone' }] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([{ field: 'complainants.0.phone', message: 'Enter a valid phone number' }]);
    const after = await record();
    const sequence = (number: string) => Number(number.split('-')[1]);
    expect(sequence(after.number)).toBe(sequence(before.number) + 1);
  });
});

describe('recording', () => {
  it('keeps the phones in E.164 and answers the entry with its original, no amendments yet, audited', async () => {
    const entry = await record();
    expect(entry.complainants).toEqual([{ name: 'Rosa Mendoza', address: '12 Mabini St.', phone: '+639175551001' }]);
    expect(entry.respondents).toEqual([{ name: 'Carlos Bautista', address: '14 Mabini St.', phone: null }]);
    expect(entry.original.narrative).toBe(entry.narrative);
    expect(entry.amendments).toEqual([]);
    expect(entry.recordedBy?.firstName).toBe('Alma');
    const audit = await query<{ action: string; actor_id: string }>(ctx, sql`select action, actor_id from audit_entries where entity = 'blotter_entry' and entity_id = ${entry._id}`);
    expect(audit).toEqual([{ action: 'create', actor_id: admin.id }]);
  });

  it.each([
    ['no complainant', { complainants: [] }, 'complainants'],
    ['a referral without where', { status: 'referred' }, 'referredTo'],
    ['a referral on a recorded entry', { status: 'recorded', referredTo: 'pnp' }, 'referredTo'],
    ['an unknown status', { status: 'archived' }, 'status'],
    ['a date that is no date', { occurredAt: 'yesterday' }, 'occurredAt'],
    ['an empty narrative', { narrative: '  ' }, 'narrative'],
  ])('refuses %s with 400 naming the field, and records nothing', async (_, overrides, field) => {
    const before = await countEntries();
    const response = await post('/api/blotter', adminToken, { ...entryBody(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await countEntries()).toBe(before);
  });

  it('refuses an unknown incident', async () => {
    const response = await post('/api/blotter', adminToken, entryBody({ incidentId: '00000000-0000-4000-8000-000000000000' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ field: 'incidentId', message: 'No such incident' }]);
  });

  it('only admins record: 401 without a token, 403 for a tanod and a resident', async () => {
    const { token } = await tanod();
    const resident = await createUser(ctx, { userType: 'resident', phoneNumber: '+639175550000' });
    expect((await post('/api/blotter', null, entryBody())).statusCode).toBe(401);
    expect((await post('/api/blotter', token, entryBody())).statusCode).toBe(403);
    expect((await post('/api/blotter', await signIn(ctx, resident), entryBody())).statusCode).toBe(403);
  });
});

describe('amendments', () => {
  it('never lose the original: each keeps its reason, author, time, and the fields before and after', async () => {
    const entry = await record();
    clock.advance(3_600_000);
    const first = await post(`/api/blotter/${entry._id}/amendments`, adminToken, {
      reason: 'The complainant corrected the place.',
      changes: { place: 'Purok 4, behind the chapel' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const referred = await post(`/api/blotter/${entry._id}/amendments`, adminToken, {
      reason: 'Referred to the Lupon for mediation.',
      changes: { status: 'referred', referredTo: 'lupon' },
    });
    const amended = referred.json<BlotterEntry>();
    expect(amended.place).toBe('Purok 4, behind the chapel');
    expect(amended.status).toBe('referred');
    expect(amended.referredTo).toBe('lupon');
    expect(amended.original.place).toBe('Purok 3, near the basketball court');
    expect(amended.original.status).toBe('recorded');
    expect(amended.amendments.map((a) => [a.sequence, a.reason, a.before, a.after, a.author?.firstName])).toEqual([
      [1, 'The complainant corrected the place.', { place: 'Purok 3, near the basketball court' }, { place: 'Purok 4, behind the chapel' }, 'Alma'],
      [2, 'Referred to the Lupon for mediation.', { status: 'recorded', referredTo: null }, { status: 'referred', referredTo: 'lupon' }, 'Alma'],
    ]);
    // A later status drops the referral, in the same amendment.
    const settled = await post(`/api/blotter/${entry._id}/amendments`, adminToken, { reason: 'Settled.', changes: { status: 'settled' } });
    expect(settled.json<BlotterEntry>().amendments[2]!.after).toEqual({ status: 'settled', referredTo: null });
    const stored = await query<{ original: { place: string } }>(ctx, sql`select original from blotter_entries where id = ${entry._id}`);
    expect(stored[0]!.original.place).toBe('Purok 3, near the basketball court');
  });

  it('refuses an amendment that changes nothing (422), without a reason (400), or for an unknown entry (404)', async () => {
    const entry = await record();
    const same = await post(`/api/blotter/${entry._id}/amendments`, adminToken, { reason: 'Same.', changes: { place: entry.place } });
    expect(same.statusCode).toBe(422);
    expect((await post(`/api/blotter/${entry._id}/amendments`, adminToken, { changes: { place: 'Elsewhere' } })).statusCode).toBe(400);
    expect((await post(`/api/blotter/${entry._id}/amendments`, adminToken, { reason: 'Nothing', changes: {} })).statusCode).toBe(400);
    const unknown = await post('/api/blotter/00000000-0000-4000-8000-000000000000/amendments', adminToken, { reason: 'x', changes: { place: 'y' } });
    expect(unknown.statusCode).toBe(404);
    const referralOnly = await post(`/api/blotter/${entry._id}/amendments`, adminToken, { reason: 'x', changes: { referredTo: 'pnp' } });
    expect(referralOnly.statusCode).toBe(400);
    expect((await get(`/api/blotter/${entry._id}`, adminToken)).json<BlotterEntry>().amendments).toEqual([]);
  });

  it('concurrent amendments are numbered one after the other', async () => {
    const entry = await record();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) => post(`/api/blotter/${entry._id}/amendments`, adminToken, { reason: `Fix ${index}`, changes: { place: `Place ${index}` } })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(201));
    const detail = (await get(`/api/blotter/${entry._id}`, adminToken)).json<BlotterEntry>();
    expect(detail.amendments.map((a) => a.sequence)).toEqual([1, 2, 3, 4, 5]);
    // Each amendment's "before" is the previous one's "after": the history chains without a gap.
    expect(detail.amendments[0]!.before.place).toBe(entry.place);
    for (let index = 1; index < 5; index += 1) expect(detail.amendments[index]!.before.place).toBe(detail.amendments[index - 1]!.after.place);
  });

  it('there is no way to delete an entry', async () => {
    const entry = await record();
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/blotter/${entry._id}`, headers: bearer(adminToken) })).statusCode).toBe(404);
    expect((await get(`/api/blotter/${entry._id}`, adminToken)).statusCode).toBe(200);
  });
});

describe('reading', () => {
  it('a tanod reads the entries of incidents they handled, and nothing else (404)', async () => {
    const responder = await tanod('Pedro');
    const other = await tanod('Mario');
    const incident = await insertTestIncident(ctx, { status: 'resolved', responderId: responder.user.id, resolvedById: responder.user.id, resolvedAt: clock.now() });
    const linked = await record({ incidentId: incident.id, nature: 'Linked to the responder' });
    const unlinked = await record({ nature: 'Walk-in complaint' });
    expect((await get(`/api/blotter/${linked._id}`, responder.token)).statusCode).toBe(200);
    expect((await get(`/api/blotter/${unlinked._id}`, responder.token)).statusCode).toBe(404);
    expect((await get(`/api/blotter/${linked._id}`, other.token)).statusCode).toBe(404);
    const list = (await get('/api/blotter', responder.token)).json<BlotterListResponse>();
    expect(list.items.map((item) => item._id)).toEqual([linked._id]);
    expect((await get('/api/blotter', other.token)).json<BlotterListResponse>().items).toEqual([]);
    // The residents' copy requests are the admins' business.
    expect((await get(`/api/blotter/${linked._id}`, responder.token)).json<BlotterEntry>().copyRequests).toEqual([]);
  });

  it('a resident and an anonymous caller cannot read the blotter', async () => {
    const entry = await record();
    const resident = await createUser(ctx, { userType: 'resident', phoneNumber: '+639175550001' });
    const token = await signIn(ctx, resident);
    expect((await get(`/api/blotter/${entry._id}`, token)).statusCode).toBe(403);
    expect((await get('/api/blotter', token)).statusCode).toBe(403);
    expect((await get('/api/blotter', null)).statusCode).toBe(401);
    expect((await get('/api/blotter/not-an-id', adminToken)).statusCode).toBe(400);
  });

  it('searches by number, party name and place; filters by day and status; pages with a cursor', async () => {
    clock.set(new Date('2026-07-01T02:00:00Z'));
    await signInAdmin();
    const a = await record({ place: 'Sitio Malinis', complainants: [{ name: 'Teodora Villanueva' }], occurredAt: '2026-06-20T10:00:00+08:00' });
    const b = await record({ place: 'Sitio Malinis', respondents: [{ name: 'Ignacio Ramos' }], occurredAt: '2026-06-21T10:00:00+08:00', status: 'closed' });
    const ids = async (url: string) => (await get(url, adminToken)).json<BlotterListResponse>().items.map((item) => item._id);
    expect(await ids(`/api/blotter?q=${a.number}`)).toEqual([a._id]);
    expect(await ids(`/api/blotter?q=teodora`)).toEqual([a._id]);
    expect(await ids(`/api/blotter?q=Ignacio%20Ramos`)).toEqual([b._id]);
    expect(await ids(`/api/blotter?q=malinis`)).toEqual([b._id, a._id]);
    expect(await ids(`/api/blotter?q=malinis&status=closed`)).toEqual([b._id]);
    // Days in Manila: 2026-06-20 from 00:00 to 24:00 at UTC+8.
    expect(await ids(`/api/blotter?q=malinis&from=2026-06-20&to=2026-06-20`)).toEqual([a._id]);
    const first = (await get('/api/blotter?q=malinis&limit=1', adminToken)).json<BlotterListResponse>();
    expect(first.items.map((item) => item._id)).toEqual([b._id]);
    const second = (await get(`/api/blotter?q=malinis&limit=1&cursor=${first.nextCursor}`, adminToken)).json<BlotterListResponse>();
    expect(second.items.map((item) => item._id)).toEqual([a._id]);
    expect(second.nextCursor).toBeNull();
    expect((await get('/api/blotter?from=2026-06-21&to=2026-06-20', adminToken)).statusCode).toBe(400);
    expect((await get('/api/blotter?cursor=garbage', adminToken)).statusCode).toBe(400);
  });
});

describe('confidential entries', () => {
  it('an admin marks an entry confidential (audited); then only admins and the responder of the linked incident see it, every view audited', async () => {
    const responder = await tanod('Lorna');
    const resolver = await tanod('Ramon');
    const incident = await insertTestIncident(ctx, { status: 'resolved', responderId: responder.user.id, resolvedById: resolver.user.id, resolvedAt: clock.now() });
    const entry = await record({ incidentId: incident.id, nature: 'Violence against women or children' });
    // Before: both the responder and the tanod who resolved it read it.
    expect((await get(`/api/blotter/${entry._id}`, resolver.token)).statusCode).toBe(200);

    expect((await post(`/api/blotter/${entry._id}/confidential`, responder.token, { confidential: true })).statusCode).toBe(403);
    expect((await post(`/api/blotter/${entry._id}/confidential`, adminToken, { confidential: 'yes' })).statusCode).toBe(400);
    const marked = await post(`/api/blotter/${entry._id}/confidential`, adminToken, { confidential: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<BlotterEntry>().confidential).toBe(true);

    expect((await get(`/api/blotter/${entry._id}`, resolver.token)).statusCode).toBe(404);
    expect((await get('/api/blotter', resolver.token)).json<BlotterListResponse>().items.map((item) => item._id)).not.toContain(entry._id);
    expect((await get(`/api/blotter/${entry._id}`, responder.token)).statusCode).toBe(200);
    expect((await get(`/api/blotter/${entry._id}`, adminToken)).statusCode).toBe(200);
    // The list names no party and no place of a confidential entry.
    const listed = (await get(`/api/blotter?q=${entry.number}`, adminToken)).json<BlotterListResponse>().items[0]!;
    expect(listed).toMatchObject({ confidential: true, place: 'Confidential', complainants: ['Confidential'], respondents: ['Confidential'] });

    const audit = await query<{ action: string; actor_id: string }>(
      ctx,
      sql`select action, actor_id from audit_entries where entity = 'blotter_entry' and entity_id = ${entry._id} order by at, created_at`,
    );
    expect(audit).toEqual([
      { action: 'create', actor_id: admin.id },
      { action: 'mark_confidential', actor_id: admin.id },
      { action: 'view', actor_id: responder.user.id },
      { action: 'view', actor_id: admin.id },
    ]);

    // Lifting it is audited too, and the views stop being recorded.
    expect((await post(`/api/blotter/${entry._id}/confidential`, adminToken, { confidential: false })).statusCode).toBe(200);
    expect((await get(`/api/blotter/${entry._id}`, resolver.token)).statusCode).toBe(200);
    const actions = await query<{ action: string }>(ctx, sql`select action from audit_entries where entity_id = ${entry._id} order by at, created_at`);
    expect(actions.map((row) => row.action).slice(-1)).toEqual(['unmark_confidential']);
  });

  it('an entry recorded from a confidential incident is confidential from the start', async () => {
    const incident = await insertTestIncident(ctx, { confidential: true });
    const entry = await record({ incidentId: incident.id });
    expect(entry.confidential).toBe(true);
  });
});

describe('record in blotter from an incident', () => {
  it('prefills from the report, the timeline and the resolution log', async () => {
    const responder = await tanod('Jose');
    const incident = await insertTestIncident(ctx, { address: '7 Rizal Ave.', description: 'Two neighbours quarrelled over a fence.' });
    expect((await post(`/api/incidents/${incident.id}/respond`, responder.token)).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    const resolved = await post(`/api/incidents/${incident.id}/resolve`, responder.token, { log: 'Both parties agreed to talk at the hall on Monday.' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const draft = await get(`/api/blotter/draft?incidentId=${incident.id}`, adminToken);
    expect(draft.statusCode).toBe(200);
    const body = draft.json();
    expect(body).toMatchObject({
      incidentId: incident.id,
      incidentTicket: incident.ticket,
      nature: 'Theft',
      place: '7 Rizal Ave. · Beside the chapel',
      complainants: [{ name: 'Ana Reyes', address: null, phone: '+639175551234' }],
      status: 'recorded',
      existingEntry: null,
    });
    expect(body.narrative).toContain('Two neighbours quarrelled over a fence.');
    expect(body.narrative).toContain('Jose Dela Cruz responded');
    expect(body.actionTaken).toContain('Both parties agreed to talk at the hall on Monday.');
    expect(body.actionTaken).toContain('Resolved by Jose Dela Cruz');

    const entry = await record({ incidentId: incident.id, narrative: body.narrative, actionTaken: body.actionTaken });
    expect(entry.incident).toEqual({ _id: incident.id, ticket: incident.ticket });
    expect((await get(`/api/blotter/draft?incidentId=${incident.id}`, adminToken)).json().existingEntry).toEqual({ _id: entry._id, number: entry.number });
    expect((await get(`/api/blotter/draft?incidentId=${incident.id}`, responder.token)).statusCode).toBe(403);
  });
});
