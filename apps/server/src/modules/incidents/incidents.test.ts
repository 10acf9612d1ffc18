import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TICKET_PATTERN } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { readSentSms } from '../../../test/security-helpers.ts';
import { INSIDE, TEST_BOUNDARY, jpegWithExif, newDeviceId, postReport, query, setBoundary, uploadPhotos } from '../../../test/incidents-helpers.ts';
import { escalatePendingIncidents } from '../incident-handling/escalation.job.ts';
import { BURST_SUMMARY_EVERY_MS, sendDueBurstSummaries } from './emergency-bursts.job.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { REPORT_RATE_LIMIT_PER_IP: '1000', PHOTO_UPLOAD_RATE_LIMIT: '1000', TICKET_LOOKUP_RATE_LIMIT: '1000' } });
  await setBoundary(ctx, TEST_BOUNDARY);
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(60 * 60_000));

const incidentByTicket = async (ticket: string) =>
  (await query<Record<string, unknown>>(ctx, sql`select * from incidents where ticket = ${ticket}`))[0];

describe('reporting an incident', () => {
  it('an anonymous resident reports a theft and gets a ticket; admins and active tanods are told', async () => {
    const admin = await createUser(ctx, { userType: 'admin' });
    const supadmin = await createUser(ctx, { userType: 'supadmin' });
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const retired = await createUser(ctx, { userType: 'tanod', status: 'deactivated' });
    const resident = await createUser(ctx, { userType: 'resident' });
    const published: string[] = [];
    const unsubscribe = ctx.deps.events.subscribe('incident.created', ({ id }) => published.push(id));

    const response = await postReport(ctx, { reporterName: 'Ana', reporterPhone: '0917 555 1234' });
    unsubscribe();
    expect(response.statusCode).toBe(201);
    const { ticket } = response.json();
    expect(ticket).toMatch(TICKET_PATTERN);
    expect(ticket.startsWith('IR-')).toBe(true);

    const incident = await incidentByTicket(ticket);
    expect(incident).toMatchObject({ type: 'Theft', status: 'pending', reporter_name: 'Ana', reporter_phone: '+639175551234' });
    expect(published).toEqual([incident!.id]);
    const events = await query(ctx, sql`select kind from incident_events where incident_id = ${incident!.id}`);
    expect(events).toEqual([{ kind: 'created' }]);

    const notified = await query<{ user_id: string; message: string }>(
      ctx,
      sql`select user_id, message from notifications where entity_id = ${String(incident!.id)}`,
    );
    const recipients = notified.map((row) => row.user_id);
    expect(recipients).toEqual(expect.arrayContaining([admin.id, supadmin.id, tanod.id]));
    expect(recipients).not.toContain(retired.id);
    expect(recipients).not.toContain(resident.id);
    expect(notified[0]!.message).toMatch(/^New incident reported: Theft near Beside the chapel, ticket IR-/);

    const sms = (await readSentSms(ctx)).filter((message) => message.to === '+639175551234');
    expect(sms.at(-1)?.text).toContain(ticket);
  });

  it('an emergency gets an ER ticket and the staff message starts with EMERGENCY', async () => {
    await createUser(ctx, { userType: 'admin' });
    const response = await postReport(ctx, { type: 'Fire', classification: 'emergency', description: '' });
    expect(response.statusCode).toBe(201);
    const { ticket } = response.json();
    expect(ticket.startsWith('ER-')).toBe(true);
    const incident = await incidentByTicket(ticket);
    const [notification] = await query<{ message: string }>(ctx, sql`select message from notifications where entity_id = ${String(incident!.id)} limit 1`);
    expect(notification!.message).toMatch(/^EMERGENCY incident reported: Fire/);
  });

  it('a normal report needs a description, an emergency does not', async () => {
    const response = await postReport(ctx, { description: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['description']);
  });

  it('a place outside the boundary is refused naming the location; on the edge is accepted', async () => {
    const outside = await postReport(ctx, { location: { lat: 14.75, lng: 121.05 } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toEqual([{ field: 'location', message: expect.stringContaining('outside Barangay Test') }]);
    const onEdge = await postReport(ctx, { location: { lat: 14.73, lng: 121.05 } });
    expect(onEdge.statusCode).toBe(201);
  });

  it('without a boundary any place is accepted', async () => {
    await setBoundary(ctx, null);
    try {
      expect((await postReport(ctx, { location: { lat: 10.3, lng: 123.9 } })).statusCode).toBe(201);
    } finally {
      await setBoundary(ctx, TEST_BOUNDARY);
    }
  });

  it('a type outside the barangay list is refused; the list is matched without regard to case', async () => {
    const unknown = await postReport(ctx, { type: 'Alien landing' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields[0].field).toBe('type');
    const lower = await postReport(ctx, { type: 'noise disturbance' });
    expect(lower.statusCode).toBe(201);
    expect((await incidentByTicket(lower.json().ticket))!.type).toBe('Noise disturbance');
  });

  it('a time in the future is refused, but a phone clock a little ahead is tolerated', async () => {
    const future = await postReport(ctx, { occurredAt: new Date(clock.now().getTime() + 60 * 60_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields[0].field).toBe('occurredAt');
    const skewed = await postReport(ctx, { occurredAt: new Date(clock.now().getTime() + 2 * 60_000).toISOString() });
    expect(skewed.statusCode).toBe(201);
  });

  it('a report without a solved bot check is refused and nothing is stored', async () => {
    const [{ n: before }] = await query<{ n: number }>(ctx, sql`select count(*)::int as n from incidents`) as [{ n: number }];
    const missing = await postReport(ctx, {}, { botCheck: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((f: { field: string }) => f.field)).toContain('botCheck');
    const forged = await postReport(ctx, {}, { botCheck: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('BOT_CHECK_FAILED');
    const [{ n: after }] = await query<{ n: number }>(ctx, sql`select count(*)::int as n from incidents`) as [{ n: number }];
    expect(Number(after)).toBe(Number(before));
  });

  it.each([
    [{ location: undefined }, 'location'],
    [{ location: { lat: 95, lng: 121 } }, 'location.lat'],
    [{ classification: 'urgent' }, 'classification'],
    [{ description: 'x'.repeat(1001) }, 'description'],
    [{ photoIds: ['not-a-uuid'] }, 'photoIds.0'],
    [{ occurredAt: 'yesterday' }, 'occurredAt'],
  ])('a malformed report %j is refused with 400 naming %s', async (overrides, field) => {
    const response = await postReport(ctx, overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('a sixth report from one device within an hour is refused with Retry-After; another device is not affected', async () => {
    const deviceId = newDeviceId();
    for (let i = 0; i < 5; i += 1) expect((await postReport(ctx, { deviceId })).statusCode).toBe(201);
    const sixth = await postReport(ctx, { deviceId });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postReport(ctx, { deviceId: newDeviceId() })).statusCode).toBe(201);
    // The header works as well as the body field.
    const byHeader = await postReport(ctx, { deviceId: undefined }, { headers: { 'x-device-id': deviceId } });
    expect(byHeader.statusCode).toBe(429);
    clock.advance(61 * 60_000);
    expect((await postReport(ctx, { deviceId })).statusCode).toBe(201);
  });

  it('a report of the same type within 100 m and 30 minutes of an open one is linked as a possible duplicate', async () => {
    const first = (await postReport(ctx, { type: 'Vandalism', location: INSIDE })).json().ticket;
    clock.advance(10 * 60_000);
    const near = (await postReport(ctx, { type: 'Vandalism', location: { lat: INSIDE.lat + 0.0005, lng: INSIDE.lng } })).json().ticket;
    const far = (await postReport(ctx, { type: 'Vandalism', location: { lat: INSIDE.lat + 0.003, lng: INSIDE.lng } })).json().ticket;
    const otherType = (await postReport(ctx, { type: 'Public disturbance', location: INSIDE })).json().ticket;
    const firstRow = await incidentByTicket(first);
    expect((await incidentByTicket(near))!.possible_duplicate_of_id).toBe(firstRow!.id);
    expect((await incidentByTicket(far))!.possible_duplicate_of_id).toBeNull();
    expect((await incidentByTicket(otherType))!.possible_duplicate_of_id).toBeNull();
    const [notification] = await query<{ message: string }>(
      ctx,
      sql`select message from notifications where entity_id = ${String((await incidentByTicket(near))!.id)} limit 1`,
    );
    expect(notification!.message).toContain(`possible duplicate of ${first}`);
    clock.advance(31 * 60_000);
    const late = (await postReport(ctx, { type: 'Vandalism', location: INSIDE })).json().ticket;
    expect((await incidentByTicket(late))!.possible_duplicate_of_id).toBeNull();
  });

  it('the duplicate hint names the earlier report only to those who may open it: not another tanod’s incident in progress', async () => {
    const admin = await createUser(ctx, { userType: 'admin' });
    const holder = await createUser(ctx, { userType: 'tanod' });
    const bystander = await createUser(ctx, { userType: 'tanod' });
    const first = (await postReport(ctx, { type: 'Vandalism', location: INSIDE })).json().ticket;
    const firstRow = await incidentByTicket(first);
    await query(ctx, sql`update incidents set status = 'in_progress', responder_id = ${holder.id}, responded_at = now() where id = ${String(firstRow!.id)}`);
    const near = (await postReport(ctx, { type: 'Vandalism', location: { lat: INSIDE.lat + 0.0005, lng: INSIDE.lng } })).json().ticket;
    const nearRow = await incidentByTicket(near);
    expect(nearRow!.possible_duplicate_of_id).toBe(firstRow!.id);

    const notices = await query<{ user_id: string; message: string }>(ctx, sql`select user_id, message from notifications where entity_id = ${String(nearRow!.id)}`);
    const to = (userId: string) => notices.find((notice) => notice.user_id === userId)?.message;
    expect(to(admin.id)).toContain(`possible duplicate of ${first}`);
    expect(to(holder.id)).toContain(`possible duplicate of ${first}`);
    expect(to(bystander.id)).toContain(near);
    expect(to(bystander.id)).not.toContain(first);
    const duplicateFor = async (userId: typeof admin) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/incidents/${String(nearRow!.id)}`, headers: bearer(await signIn(ctx, userId)) })).json().possibleDuplicateOf;
    expect(await duplicateFor(bystander)).toBeNull();
    expect(await duplicateFor(holder)).toMatchObject({ ticket: first });
  });

  it('a signed-in resident is linked as reporter with contact prefilled and sees it in My reports', async () => {
    const resident = await createUser(ctx, { userType: 'resident', phoneNumber: '+639170000111', firstName: 'Liza', lastName: 'Soberano' });
    const token = await signIn(ctx, resident);
    const response = await postReport(ctx, {}, { headers: bearer(token) });
    expect(response.statusCode).toBe(201);
    const incident = await incidentByTicket(response.json().ticket);
    expect(incident).toMatchObject({ reporter_id: resident.id, reporter_name: 'Liza Soberano', reporter_phone: '+639170000111' });
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/residents/me/reports', headers: bearer(token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().reports.map((r: { ticket: string }) => r.ticket)).toEqual([response.json().ticket]);
  });

  it('a stale token does not block a report: it is filed as anonymous', async () => {
    const response = await postReport(ctx, {}, { headers: bearer('expired.or.forged') });
    expect(response.statusCode).toBe(201);
    expect((await incidentByTicket(response.json().ticket))!.reporter_id).toBeNull();
  });

  it('My reports refuses anonymous callers (401) and staff (403)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/residents/me/reports' })).statusCode).toBe(401);
    const tanodToken = await signIn(ctx, await createUser(ctx));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/residents/me/reports', headers: bearer(tanodToken) })).statusCode).toBe(403);
  });
});

describe('the report and the staff notifications are one transaction', () => {
  it('a failure after the notifications are written rolls everything back: nothing stored, nothing emitted, no SMS', async () => {
    await createUser(ctx, { userType: 'admin' });
    await createUser(ctx, { userType: 'tanod' });
    const count = async (table: 'incidents' | 'notifications' | 'incident_events' | 'deliveries') =>
      Number((await query<{ n: number }>(ctx, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);
    const counts = async () => ({
      incidents: await count('incidents'),
      notifications: await count('notifications'),
      events: await count('incident_events'),
      deliveries: await count('deliveries'),
    });
    const before = await counts();
    const smsBefore = (await readSentSms(ctx)).length;
    // A deferred constraint trigger fails at commit, after every statement of the report ran.
    await ctx.deps.db.execute(
      sql.raw(`create function fail_notifications() returns trigger language plpgsql as $$ begin raise exception 'simulated failure at commit'; end $$`),
    );
    await ctx.deps.db.execute(
      sql.raw(
        'create constraint trigger fail_notifications after insert on notifications deferrable initially deferred for each row execute function fail_notifications()',
      ),
    );
    const emitted: string[] = [];
    const offIncident = ctx.deps.events.subscribe('incident.created', ({ id }) => emitted.push(id));
    const offNotifications = ctx.deps.events.subscribe('notifications.created', () => emitted.push('notification'));
    try {
      const response = await postReport(ctx, { reporterPhone: '09175550000' });
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('INTERNAL');
    } finally {
      offIncident();
      offNotifications();
      await ctx.deps.db.execute(sql.raw('drop trigger fail_notifications on notifications'));
      await ctx.deps.db.execute(sql.raw('drop function fail_notifications()'));
    }
    expect(emitted).toEqual([]);
    // The receipt SMS was a delivery of the rolled-back transaction: gone with it, never sent.
    expect(await counts()).toEqual(before);
    expect((await readSentSms(ctx)).length).toBe(smsBefore);
  });
});

describe('looking up a ticket', () => {
  it('anyone with the ticket sees type, status and a coarse place, never the reporter or the exact point', async () => {
    const report = await postReport(ctx, {
      landmark: undefined,
      address: undefined,
      reporterName: 'Secret Reporter',
      reporterPhone: '09175559999',
      description: 'My neighbour Juan took it',
      location: { lat: 14.735612, lng: 121.049876 },
    });
    const { ticket } = report.json();
    const spaced = ` ${ticket.toLowerCase().replaceAll('-', ' ')} `;
    const response = await ctx.app.inject({ method: 'GET', url: `/api/public/tickets/${encodeURIComponent(spaced)}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ticket, type: 'Theft', classification: 'normal', status: 'pending', canRate: false });
    expect(body.location).toEqual({ address: null, landmark: null, approximate: { lat: 14.736, lng: 121.05 } });
    expect(body.timeline).toEqual([{ kind: 'reported', at: expect.any(String), tanodFirstName: null, reason: null }]);
    for (const secret of ['Secret Reporter', '5559999', 'Juan', '14.735612', '121.049876', 'reporter', 'device']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('the public timeline shows the responder by first name and a rejection reason, but not staff notes', async () => {
    const tanod = await createUser(ctx, { firstName: 'Maricel', lastName: 'Reyes' });
    const { ticket } = (await postReport(ctx)).json();
    const incident = await incidentByTicket(ticket);
    const id = String(incident!.id);
    const at = clock.now();
    await ctx.deps.db.execute(sql`
      insert into incident_events (incident_id, at, kind, actor_id, subject_user_id, detail) values
        (${id}, ${new Date(at.getTime() + 1000)}, 'responded', ${tanod.id}, ${tanod.id}, null),
        (${id}, ${new Date(at.getTime() + 2000)}, 'note', ${tanod.id}, null, 'Suspect is the barber'),
        (${id}, ${new Date(at.getTime() + 3000)}, 'rejected', null, null, 'Outside our jurisdiction')`);
    await ctx.deps.db.execute(sql`update incidents set status = 'rejected', responder_id = ${tanod.id} where id = ${id}`);
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/public/tickets/${ticket}` })).json();
    expect(body.status).toBe('rejected');
    expect(body.responderFirstName).toBe('Maricel');
    expect(body.timeline.map((entry: { kind: string }) => entry.kind)).toEqual(['reported', 'responding', 'rejected']);
    expect(body.timeline[1].tanodFirstName).toBe('Maricel');
    expect(body.timeline[2].reason).toBe('Outside our jurisdiction');
    expect(JSON.stringify(body)).not.toContain('barber');
    expect(JSON.stringify(body)).not.toContain('Reyes');
  });

  it('an unknown or malformed ticket gets a 404 with a clear message', async () => {
    for (const ticket of ['IR-2345-6789', 'hello']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/public/tickets/${ticket}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toMatch(/No report has this ticket/);
    }
  });
});

describe('per-IP limits', () => {
  let limited: TestContext;
  const limitedClock = new ManualClock(new Date('2026-06-02T08:00:00Z'));
  beforeAll(async () => {
    limited = await createTestContext({
      clock: limitedClock,
      env: { REPORT_RATE_LIMIT_PER_IP: '2', EMERGENCY_REPORT_RATE_LIMIT_PER_IP: '34', TICKET_LOOKUP_RATE_LIMIT: '2', PHOTO_UPLOAD_RATE_LIMIT: '1' },
    });
  });
  afterAll(() => limited.close());

  it('reports from one address beyond the hourly limit get 429 with Retry-After, whatever the device', async () => {
    for (let i = 0; i < 2; i += 1) expect((await postReport(limited, {}, { ip: '10.9.0.1' })).statusCode).toBe(201);
    const third = await postReport(limited, {}, { ip: '10.9.0.1' });
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postReport(limited, {}, { ip: '10.9.0.2' })).statusCode).toBe(201);
  });

  it('behind one carrier address 30 emergencies from 30 new devices all get tickets; past the limit they alert as one summary', async () => {
    const admin = await createUser(limited, { userType: 'admin' });
    const ip = '10.9.1.1';
    const fire = (i: number) => ({
      type: 'Fire',
      classification: 'emergency',
      description: '',
      location: { lat: INSIDE.lat + i * 0.00001, lng: INSIDE.lng },
      landmark: 'Purok 3 chapel',
    });
    // A big fire: thirty neighbours in ten minutes, each phone with its own device id and solved bot check.
    const firstDevice = newDeviceId();
    for (let i = 0; i < 30; i += 1) {
      const response = await postReport(limited, { ...fire(i), ...(i === 0 ? { deviceId: firstDevice } : {}) }, { ip });
      expect(response.statusCode).toBe(201);
      limitedClock.advance(20_000);
    }
    const rows = await query<{ id: string; burst: boolean; burst_group_id: string | null }>(
      limited,
      sql`select id, burst, burst_group_id from incidents where type = 'Fire' order by created_at`,
    );
    expect(rows.map((row) => row.burst)).toEqual([false, false, ...Array<boolean>(28).fill(true)]);
    const groups = new Set(rows.slice(2).map((row) => row.burst_group_id));
    expect(groups.size).toBe(1);
    expect(rows.slice(0, 2).map((row) => row.id)).toContain([...groups][0]);

    const alertsOf = async (kind: string) =>
      query<{ message: string }>(limited, sql`select message from notifications where user_id = ${admin.id} and kind = ${kind} order by created_at`);
    // The first two alerted as ever; the 28 held ones wait for the summary.
    expect(await alertsOf('incident.emergency_reported')).toHaveLength(2);
    expect(await sendDueBurstSummaries(limited.deps, limitedClock.now())).toBe(1);
    expect((await alertsOf('incident.emergency_burst')).map((row) => row.message)).toEqual([
      expect.stringMatching(/^EMERGENCY: 28 more emergency reports near Purok 3 chapel in 10 minutes \(Fire, grouped with ticket ER-/),
    ]);
    // Held reports escalate with their group's first reports, not each on its own.
    await escalatePendingIncidents(limited.deps, limitedClock.now());
    expect(await alertsOf('incident.escalated')).toHaveLength(2);

    // Past the ordinary limit: a normal report, a device that reported already, an unsolved bot check are refused.
    const normal = await postReport(limited, {}, { ip });
    expect(normal.statusCode).toBe(429);
    expect(normal.json().error.message).toMatch(/Too many reports from this network/);
    expect((await postReport(limited, { ...fire(0), deviceId: firstDevice }, { ip })).statusCode).toBe(429);
    const unsolved = await postReport(limited, fire(0), { ip, botCheck: Buffer.from('{}').toString('base64') });
    expect(unsolved.json().error.code).toBe('BOT_CHECK_FAILED');
    // One more neighbour: held, and summarised once five minutes have passed since the last summary.
    expect((await postReport(limited, fire(31), { ip })).statusCode).toBe(201);
    expect(await sendDueBurstSummaries(limited.deps, limitedClock.now())).toBe(0);
    limitedClock.advance(BURST_SUMMARY_EVERY_MS);
    expect(await sendDueBurstSummaries(limited.deps, limitedClock.now())).toBe(1);
    expect((await alertsOf('incident.emergency_burst')).at(-1)!.message).toMatch(/^EMERGENCY: 1 more emergency report near Purok 3 chapel in 5 minutes/);

    // The hard ceiling (34 reports an hour from the address here) refuses even an emergency.
    const flood = await postReport(limited, fire(32), { ip });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error.message).toMatch(/more reports this hour than Bantay takes from one address/);
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
    // One ceiling over every route that takes a report: the emergency form without JavaScript
    // (modules/plain-pages) is refused from this address too, before it reads the form.
    const form = await limited.app.inject({
      method: 'POST',
      url: '/lite/emergency',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ type: 'Fire', landmark: 'Purok 3 chapel' }).toString(),
    });
    expect(form.statusCode).toBe(429);
    expect(form.body).toMatch(/more reports this hour than Bantay takes from one address/);
  });

  it('ticket lookups from one address are limited', async () => {
    const lookup = () => limited.app.inject({ method: 'GET', url: '/api/public/tickets/IR-2345-6789', remoteAddress: '10.9.0.3' });
    expect((await lookup()).statusCode).toBe(404);
    expect((await lookup()).statusCode).toBe(404);
    const third = await lookup();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('photo uploads from one address are limited', async () => {
    const photo = { filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpegWithExif(50, 50) };
    expect((await uploadPhotos(limited, [photo], '10.9.0.4')).statusCode).toBe(201);
    expect((await uploadPhotos(limited, [photo], '10.9.0.4')).statusCode).toBe(429);
  });
});
