import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentDetail, IncidentListResponse, PublicSettings, PublicTicket } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { INSIDE, TEST_BOUNDARY, insertTestIncident, jpegWithExif, postReport, query, uploadPhotos } from '../../../test/incidents-helpers.ts';
import { connected, nextEvent, startRealtime, type RealtimeTestServer } from '../../../test/realtime.ts';
import { startFakePushService, type BrowserSubscription, type FakePushService } from '../../../test/push-service.ts';
import type { IncidentRow, UserRow } from '../../db/schema/index.ts';
import { DEFAULT_INCIDENT_TYPES, saveSettings } from '../settings/settings.service.ts';
import { DEMO_CONFIDENTIAL_TYPE } from '../settings/settings.demo.ts';

/**
 * Confidential cases (docs/decisions/027-confidential-cases.md): seen by admins and the responder
 * only, everywhere incidents show, with every view audited.
 */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
interface Person {
  user: UserRow;
  token: string;
}
let admin: Person;
let supadmin: Person;
let responder: Person;
let otherTanod: Person;
let resident: Person;

async function person(userType: UserRow['userType'], firstName: string): Promise<Person> {
  const user = await createUser(ctx, { userType, firstName, lastName: 'Santos' });
  return { user, token: await signIn(ctx, user) };
}

beforeAll(async () => {
  // Loopback push endpoints: the local push service below plays the phones' (test/push-service.ts).
  ctx = await createTestContext({ clock, env: { TICKET_LOOKUP_RATE_LIMIT: '1000', PUSH_ALLOW_LOOPBACK: 'true' } });
  await saveSettings(ctx.deps, {
    name: 'Barangay Test',
    abbreviation: 'BT',
    logo: null,
    boundary: TEST_BOUNDARY,
    mapStartLat: INSIDE.lat,
    mapStartLng: INSIDE.lng,
    mapStartZoom: 14,
    hotlines: [],
    incidentTypes: [...DEFAULT_INCIDENT_TYPES, DEMO_CONFIDENTIAL_TYPE],
    timezone: 'Asia/Manila',
  });
  admin = await person('admin', 'Alma');
  supadmin = await person('supadmin', 'Sol');
  responder = await person('tanod', 'Rey');
  otherTanod = await person('tanod', 'Oscar');
  resident = await person('resident', 'Rosa');
});
let pushService: FakePushService | undefined;
afterAll(async () => {
  await ctx.close();
  await pushService?.close();
});
beforeEach(() => clock.advance(60 * 60_000));

const get = (url: string, who: Person | null) => ctx.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
const post = (url: string, who: Person | null, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: who ? bearer(who.token) : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** A tanod holds one incident in progress at a time: the one they hold is resolved first. */
async function freeSlot(tanodId: string): Promise<void> {
  await query(ctx, sql`update incidents set status = 'resolved', resolved_at = ${clock.now().toISOString()}::timestamptz where responder_id = ${tanodId} and status = 'in_progress'`);
}

/** A confidential case in progress with `responder` (unless overridden). */
async function confidentialInProgress(overrides: Partial<IncidentRow> = {}): Promise<IncidentRow> {
  const now = ctx.deps.clock.now();
  const responderId = overrides.responderId === undefined ? responder.user.id : overrides.responderId;
  if (responderId && (overrides.status ?? 'in_progress') === 'in_progress') await freeSlot(responderId);
  return insertTestIncident(ctx, {
    type: DEMO_CONFIDENTIAL_TYPE.name,
    classification: 'emergency',
    description: 'A woman is being hurt by her partner.',
    landmark: 'Blue gate near the bakery',
    confidential: true,
    status: 'in_progress',
    responderId: responder.user.id,
    respondedAt: now,
    ...overrides,
  });
}

async function viewsOf(incidentId: string): Promise<{ actorId: string; what: string }[]> {
  return query<{ actorId: string; what: string }>(
    ctx,
    sql`select actor_id as "actorId", after->>'what' as what from audit_entries where action = 'view' and entity = 'incident' and entity_id = ${incidentId} order by at, created_at`,
  );
}

const listIds = async (who: Person, params = '') => {
  const response = await get(`/api/incidents?limit=100${params}`, who);
  expect(response.statusCode).toBe(200);
  return response.json<IncidentListResponse>().items.map((item) => item._id);
};

describe('the confidential incident type', () => {
  it('the supadmin marks a type confidential in the settings; the public settings carry the flag', async () => {
    const types = [...DEFAULT_INCIDENT_TYPES, { ...DEMO_CONFIDENTIAL_TYPE, confidential: false }, { name: 'Child abuse', classification: 'normal', confidential: true }];
    const patched = await ctx.app.inject({ method: 'PATCH', url: '/api/settings', headers: bearer(supadmin.token), payload: { incidentTypes: types } });
    expect(patched.statusCode).toBe(200);
    const settings = (await get('/api/settings/public', null)).json<PublicSettings>();
    expect(settings.incidentTypes.find((type) => type.name === 'Child abuse')?.confidential).toBe(true);
    const restored = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: bearer(supadmin.token),
      payload: { incidentTypes: [...DEFAULT_INCIDENT_TYPES, DEMO_CONFIDENTIAL_TYPE] },
    });
    expect(restored.statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: bearer(supadmin.token),
      payload: { incidentTypes: [{ name: 'Theft', classification: 'normal', confidential: 'yes' }] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a report of a confidential type is confidential from the start, and only admins hear of it, without what or where', async () => {
    clock.advance(6_000);
    const reported = await postReport(ctx, { type: DEMO_CONFIDENTIAL_TYPE.name, classification: 'emergency', landmark: 'Green house by the creek' });
    expect(reported.statusCode).toBe(201);
    const { ticket } = reported.json<{ ticket: string }>();
    const [row] = await query<{ id: string; confidential: boolean }>(ctx, sql`select id, confidential from incidents where ticket = ${ticket}`);
    expect(row!.confidential).toBe(true);
    const notices = await query<{ userId: string; message: string }>(
      ctx,
      sql`select user_id as "userId", message from notifications where entity_id = ${row!.id}`,
    );
    const recipients = new Set(notices.map((notice) => notice.userId));
    expect(recipients.has(admin.user.id)).toBe(true);
    expect(recipients.has(responder.user.id)).toBe(false);
    expect(recipients.has(otherTanod.user.id)).toBe(false);
    for (const notice of notices) {
      expect(notice.message).not.toContain('Green house');
      expect(notice.message).not.toContain('Violence');
      expect(notice.message).toContain(ticket);
    }
  });

  it('a report of an ordinary type is not confidential', async () => {
    clock.advance(6_000);
    const reported = await postReport(ctx, { type: 'Theft' });
    const [row] = await query<{ confidential: boolean }>(ctx, sql`select confidential from incidents where ticket = ${reported.json<{ ticket: string }>().ticket}`);
    expect(row!.confidential).toBe(false);
  });
});

describe('who sees a confidential incident', () => {
  it('admins, the supadmin and its responder open it, and every view is audited; another tanod gets 404, a resident 403, nobody signed in 401', async () => {
    const incident = await confidentialInProgress();
    for (const who of [admin, supadmin, responder]) {
      const seen = await get(`/api/incidents/${incident.id}`, who);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<IncidentDetail>().confidential).toBe(true);
    }
    expect((await get(`/api/incidents/${incident.id}`, otherTanod)).statusCode).toBe(404);
    expect((await get(`/api/incidents/${incident.id}`, resident)).statusCode).toBe(403);
    expect((await get(`/api/incidents/${incident.id}`, null)).statusCode).toBe(401);
    const views = await viewsOf(incident.id);
    expect(views).toEqual([
      { actorId: admin.user.id, what: 'detail' },
      { actorId: supadmin.user.id, what: 'detail' },
      { actorId: responder.user.id, what: 'detail' },
    ]);
  });

  it('an ordinary incident is opened without a view entry', async () => {
    const incident = await insertTestIncident(ctx);
    expect((await get(`/api/incidents/${incident.id}`, admin)).statusCode).toBe(200);
    expect(await viewsOf(incident.id)).toEqual([]);
  });

  it('every route with its id answers 404 to another tanod, and nothing changes', async () => {
    const incident = await confidentialInProgress();
    const photo = (await uploadPhotos(ctx, [{ filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpegWithExif(64, 48) }])).json<{ photos: { id: string }[] }>().photos[0]!;
    await query(ctx, sql`update incident_photos set incident_id = ${incident.id} where id = ${photo.id}`);
    const refusals = [
      await get(`/api/incidents/${incident.id}`, otherTanod),
      await get(`/api/incidents/${incident.id}/report.pdf`, otherTanod),
      await get(`/api/incidents/${incident.id}/cameras`, otherTanod),
      await get(`/api/incidents/photos/${photo.id}`, otherTanod),
      await post(`/api/incidents/${incident.id}/notes`, otherTanod, { text: 'Curious' }),
      await post(`/api/incidents/${incident.id}/resolve`, otherTanod, { log: 'Done' }),
      await post(`/api/incidents/${incident.id}/respond`, otherTanod),
      await ctx.app.inject({
        method: 'POST',
        url: `/api/incidents/${incident.id}/evidence`,
        headers: { ...bearer(otherTanod.token), 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nnote\r\n--x--\r\n',
      }),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(404);
      expect(refusal.json().error.code).toBe('NOT_FOUND');
    }
    const [after] = await query<{ status: string; events: number }>(
      ctx,
      sql`select status, (select count(*)::int from incident_events where incident_id = ${incident.id}) as events from incidents where id = ${incident.id}`,
    );
    expect(after).toEqual({ status: 'in_progress', events: 1 });
    expect(await viewsOf(incident.id)).toEqual([]);
  });

  it('its photos are served to the responder and admins uncached, each view audited, and to no other tanod', async () => {
    const incident = await confidentialInProgress();
    const photo = (await uploadPhotos(ctx, [{ filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpegWithExif(64, 48) }])).json<{ photos: { id: string }[] }>().photos[0]!;
    await query(ctx, sql`update incident_photos set incident_id = ${incident.id} where id = ${photo.id}`);
    const served = await get(`/api/incidents/photos/${photo.id}`, responder);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('no-store');
    expect((await get(`/api/incidents/photos/${photo.id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/incidents/photos/${photo.id}`, otherTanod)).statusCode).toBe(404);
    const pdf = await get(`/api/incidents/${incident.id}/report.pdf`, admin);
    expect(pdf.statusCode).toBe(200);
    expect(await viewsOf(incident.id)).toEqual([
      { actorId: responder.user.id, what: 'photo' },
      { actorId: admin.user.id, what: 'photo' },
      { actorId: admin.user.id, what: 'report.pdf' },
    ]);
  });

  it('a pending confidential case waits for an admin: no tanod lists it or can claim it; the admin assigns it', async () => {
    const incident = await insertTestIncident(ctx, { type: DEMO_CONFIDENTIAL_TYPE.name, classification: 'emergency', confidential: true });
    expect(await listIds(otherTanod, '&status=pending')).not.toContain(incident.id);
    expect((await post(`/api/incidents/${incident.id}/respond`, otherTanod)).statusCode).toBe(404);
    const dashboard = await get('/api/dashboard/tanod', otherTanod);
    expect(dashboard.statusCode).toBe(200);
    expect(JSON.stringify(dashboard.json())).not.toContain(incident.id);
    expect(await listIds(admin, '&status=pending')).toContain(incident.id);

    await freeSlot(responder.user.id);
    const assigned = await post(`/api/incidents/${incident.id}/assign`, admin, { tanodId: responder.user.id });
    expect(assigned.statusCode).toBe(200);
    expect((await get(`/api/incidents/${incident.id}`, responder)).statusCode).toBe(200);
    expect(await listIds(responder, '&responder=me')).toContain(incident.id);
    expect((await post(`/api/incidents/${incident.id}/resolve`, responder, { log: 'Referred to the VAW desk.' })).statusCode).toBe(200);
  });

  it('no list another tanod sees has it: the queue, search by ticket, the responder’s history', async () => {
    const incident = await confidentialInProgress({ responderId: null, status: 'pending', respondedAt: null });
    const mine = await confidentialInProgress({ responderId: otherTanod.user.id });
    const resolved = await confidentialInProgress({ status: 'resolved', resolvedAt: clock.now(), resolvedById: responder.user.id });

    const seenByOther = await listIds(otherTanod);
    expect(seenByOther).not.toContain(incident.id);
    expect(seenByOther).not.toContain(resolved.id);
    expect(seenByOther).toContain(mine.id);
    expect(await listIds(otherTanod, `&q=${encodeURIComponent(resolved.ticket)}`)).toEqual([]);
    expect(await listIds(otherTanod, `&responder=${responder.user.id}`)).not.toContain(resolved.id);

    expect(await listIds(responder, '&responder=me')).toContain(resolved.id);
    const forAdmin = (await get(`/api/incidents?limit=100&q=${encodeURIComponent(resolved.ticket)}`, admin)).json<IncidentListResponse>();
    expect(forAdmin.items.map((item) => [item._id, item.confidential])).toEqual([[resolved.id, true]]);
  });

  it('a tanod it is taken from loses it', async () => {
    const incident = await confidentialInProgress({ responderId: otherTanod.user.id });
    await query(ctx, sql`insert into incident_events (incident_id, at, kind, subject_user_id) values (${incident.id}, ${clock.now().toISOString()}::timestamptz, 'assigned', ${otherTanod.user.id})`);
    const fresh = await person('tanod', 'Fresh');
    expect((await post(`/api/incidents/${incident.id}/assign`, admin, { tanodId: fresh.user.id })).statusCode).toBe(200);
    expect((await get(`/api/incidents/${incident.id}`, otherTanod)).statusCode).toBe(404);
    expect(await listIds(otherTanod)).not.toContain(incident.id);
    expect((await get(`/api/incidents/${incident.id}`, fresh)).statusCode).toBe(200);
  });

  it('stays out of the CSV export and the heat map', async () => {
    const far = { lat: 14.7391, lng: 121.0461 };
    const elsewhere = { lat: 14.7311, lng: 121.0531 };
    const incident = await confidentialInProgress({ lat: far.lat, lng: far.lng });
    // An ordinary one beside it shows the export and the map do list what they should.
    const ordinary = await insertTestIncident(ctx, { lat: elsewhere.lat, lng: elsewhere.lng });
    const csv = await get('/api/incidents/export.csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(incident.ticket);
    expect(csv.body).toContain(ordinary.ticket);
    const dashboard = await get('/api/dashboard/admin?period=month', admin);
    expect(dashboard.statusCode).toBe(200);
    const points = dashboard.json<{ heatmap: { points: { lat: number; lng: number }[] } }>().heatmap.points;
    const near = (at: { lat: number; lng: number }) => points.some((point) => Math.abs(point.lat - at.lat) < 0.001 && Math.abs(point.lng - at.lng) < 0.001);
    expect(near(far)).toBe(false);
    expect(near(elsewhere)).toBe(true);
  });

  it('the public ticket shows only its status and the times of its steps', async () => {
    const incident = await confidentialInProgress();
    const response = await get(`/api/public/tickets/${incident.ticket}`, null);
    expect(response.statusCode).toBe(200);
    const ticket = response.json<PublicTicket>();
    expect(ticket).toMatchObject({
      ticket: incident.ticket,
      status: 'in_progress',
      confidential: true,
      type: 'Confidential report',
      location: { address: null, landmark: null, approximate: null },
      responderFirstName: null,
      canRate: false,
    });
    expect(ticket.occurredAt).toBe(ticket.reportedAt);
    expect(JSON.stringify(ticket)).not.toMatch(/Violence|Blue gate|Rey|hurt/);
    const ordinary = (await get(`/api/public/tickets/${(await insertTestIncident(ctx)).ticket}`, null)).json<PublicTicket>();
    expect(ordinary.confidential).toBe(false);
    expect(ordinary.type).toBe('Theft');
  });

  it('a resolved confidential case is not rated', async () => {
    const incident = await confidentialInProgress({ status: 'resolved', resolvedAt: clock.now(), resolvedById: responder.user.id });
    const rated = await ctx.app.inject({ method: 'POST', url: `/api/public/tickets/${incident.ticket}/rating`, payload: { rating: 5, comment: 'Thank you' } });
    expect(rated.statusCode).toBe(422);
    const [count] = await query<{ n: number }>(ctx, sql`select count(*)::int as n from evaluations where incident_id = ${incident.id}`);
    expect(count!.n).toBe(0);
  });
});

describe('the possible-duplicate hint of a later report', () => {
  /** A browser of this person subscribed to push on the local push service. */
  async function subscribe(who: Person): Promise<BrowserSubscription> {
    pushService ??= await startFakePushService({ vapidPublicKey: ctx.deps.push.publicKey });
    const browser = pushService.subscribe();
    const response = await post('/api/push/subscriptions', who, browser);
    expect(response.statusCode, response.body).toBe(201);
    return browser;
  }

  it('names a confidential case to admins and its responder only: another tanod’s notice, push, detail and list never carry its ticket', async () => {
    const [toOther, toAdmin] = [await subscribe(otherTanod), await subscribe(admin)];
    const original = await confidentialInProgress({ type: 'Theft', classification: 'normal', lat: INSIDE.lat, lng: INSIDE.lng });
    // A neighbour reports the same type about 30 m away, within the 30 minutes: a possible duplicate.
    const reported = await postReport(ctx, { type: 'Theft', classification: 'emergency', location: { lat: INSIDE.lat + 0.0003, lng: INSIDE.lng }, landmark: 'Corner store' });
    expect(reported.statusCode, reported.body).toBe(201);
    const { ticket } = reported.json<{ ticket: string }>();
    const [row] = await query<{ id: string; duplicateOf: string }>(ctx, sql`select id, possible_duplicate_of_id as "duplicateOf" from incidents where ticket = ${ticket}`);
    expect(row!.duplicateOf).toBe(original.id);
    const hint = `possible duplicate of ${original.ticket}`;

    const notices = await query<{ userId: string; message: string }>(ctx, sql`select user_id as "userId", message from notifications where entity_id = ${row!.id}`);
    const noticesTo = (who: Person) => notices.filter((notice) => notice.userId === who.user.id).map((notice) => notice.message);
    expect(noticesTo(otherTanod)).toHaveLength(1);
    expect(noticesTo(otherTanod)[0]).toContain(ticket);
    expect(noticesTo(otherTanod)[0]).not.toContain(original.ticket);
    expect(noticesTo(responder)[0]).toContain(hint);
    expect(noticesTo(admin)[0]).toContain(hint);
    expect(noticesTo(supadmin)[0]).toContain(hint);

    await ctx.deps.deliveries.idle();
    const pushedTo = (browser: BrowserSubscription) =>
      pushService!.received.filter((push) => push.token === browser.token && String(push.payload?.body).includes(ticket)).map((push) => String(push.payload?.body));
    expect(pushedTo(toOther)).toHaveLength(1);
    expect(pushedTo(toOther)[0]).not.toContain(original.ticket);
    expect(pushedTo(toAdmin)[0]).toContain(hint);

    const detailFor = async (who: Person) => (await get(`/api/incidents/${row!.id}`, who)).json<IncidentDetail>().possibleDuplicateOf;
    expect(await detailFor(otherTanod)).toBeNull();
    expect(await detailFor(responder)).toMatchObject({ _id: original.id, ticket: original.ticket });
    expect(await detailFor(admin)).toMatchObject({ _id: original.id, ticket: original.ticket });
    const listed = (await get(`/api/incidents?q=${encodeURIComponent(ticket)}`, otherTanod)).json<IncidentListResponse>().items;
    expect(listed.map((item) => [item._id, item.possibleDuplicateOf])).toEqual([[row!.id, null]]);
    expect(JSON.stringify((await get(`/api/incidents?q=${encodeURIComponent(ticket)}`, responder)).json())).toContain(original.ticket);
  });
});

describe('POST /api/incidents/{id}/confidential', () => {
  it('an admin marks an incident confidential and lifts it again, each change audited; the same value twice changes nothing', async () => {
    const incident = await insertTestIncident(ctx);
    const marked = await post(`/api/incidents/${incident.id}/confidential`, admin, { confidential: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<IncidentDetail>().confidential).toBe(true);
    expect((await get(`/api/incidents/${incident.id}`, otherTanod)).statusCode).toBe(404);
    expect((await post(`/api/incidents/${incident.id}/confidential`, supadmin, { confidential: true })).statusCode).toBe(200);
    const lifted = await post(`/api/incidents/${incident.id}/confidential`, supadmin, { confidential: false });
    expect(lifted.json<IncidentDetail>().confidential).toBe(false);
    expect((await get(`/api/incidents/${incident.id}`, otherTanod)).statusCode).toBe(200);
    const entries = await query<{ action: string; actorId: string; before: unknown; after: unknown }>(
      ctx,
      sql`select action, actor_id as "actorId", before, after from audit_entries where entity = 'incident' and entity_id = ${incident.id} and action like '%confidential' order by at`,
    );
    expect(entries).toEqual([
      { action: 'mark_confidential', actorId: admin.user.id, before: { ticket: incident.ticket, confidential: false }, after: { confidential: true } },
      { action: 'unmark_confidential', actorId: supadmin.user.id, before: { ticket: incident.ticket, confidential: true }, after: { confidential: false } },
    ]);
  });

  it('refuses tanods (even the responder), residents, nobody signed in, a malformed body and an unknown id, changing nothing', async () => {
    await freeSlot(otherTanod.user.id);
    const incident = await insertTestIncident(ctx, { status: 'in_progress', responderId: otherTanod.user.id, respondedAt: clock.now() });
    const url = `/api/incidents/${incident.id}/confidential`;
    expect((await post(url, otherTanod, { confidential: true })).statusCode).toBe(403);
    expect((await post(url, resident, { confidential: true })).statusCode).toBe(403);
    expect((await post(url, null, { confidential: true })).statusCode).toBe(401);
    const malformed = await post(url, admin, { confidential: 'yes' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields[0].field).toBe('confidential');
    expect((await post(url, admin, {})).statusCode).toBe(400);
    expect((await post('/api/incidents/00000000-0000-4000-8000-000000000000/confidential', admin, { confidential: true })).statusCode).toBe(404);
    const [row] = await query<{ confidential: boolean }>(ctx, sql`select confidential from incidents where id = ${incident.id}`);
    expect(row!.confidential).toBe(false);
    const [audits] = await query<{ n: number }>(ctx, sql`select count(*)::int as n from audit_entries where entity_id = ${incident.id}`);
    expect(audits!.n).toBe(0);
  });
});

describe('live events of a confidential incident', () => {
  let server: RealtimeTestServer;
  beforeAll(async () => {
    server = await startRealtime(ctx);
  });
  afterAll(() => server.close());

  it('reach admins and its responder, never another tanod', async () => {
    const incident = await confidentialInProgress();
    const ordinary = await insertTestIncident(ctx);
    const adminSocket = await connected(server.client(admin.token));
    const responderSocket = await connected(server.client(responder.token));
    const otherSocket = await connected(server.client(otherTanod.token));
    const otherSeen: string[] = [];
    otherSocket.on('incident:updated', (change) => otherSeen.push(change.id));
    const atAdmin = nextEvent(adminSocket, 'incident:updated', (change) => change.id === incident.id);
    const atResponder = nextEvent(responderSocket, 'incident:updated', (change) => change.id === incident.id);
    const otherGetsOrdinary = nextEvent(otherSocket, 'incident:updated', (change) => change.id === ordinary.id);

    expect((await post(`/api/incidents/${incident.id}/notes`, admin, { text: 'Called the VAW desk.' })).statusCode).toBe(200);
    await Promise.all([atAdmin, atResponder]);
    // An ordinary change after it: had the confidential one reached the other tanod, it would have come first.
    expect((await post(`/api/incidents/${ordinary.id}/notes`, admin, { text: 'Checked.' })).statusCode).toBe(200);
    await otherGetsOrdinary;
    expect(otherSeen).toEqual([ordinary.id]);
  });
});
