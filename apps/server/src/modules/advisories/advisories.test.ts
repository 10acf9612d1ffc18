import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Advisory, AdvisoryList, ApiErrorBody, PublicAdvisoryList } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertPushSubscription } from '../../../test/sessions.ts';
import { createArea, person, type Person } from '../../../test/patrols.ts';
import { query } from '../../../test/incidents-helpers.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { advisoryAnnouncementsJob } from './announcements.job.ts';
import { landingAdvisoriesHtml } from './landing-banner.ts';

const HOUR = 3_600_000;
const START = new Date('2026-06-01T00:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let admin: Person;
let supadmin: Person;
let tanod: Person;
let resident: Person;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await person(ctx, 'admin');
  supadmin = await person(ctx, 'supadmin');
  tanod = await person(ctx, 'tanod');
  resident = await person(ctx, 'resident', { phoneNumber: '+639170000001', username: null, email: null });
});
afterAll(() => ctx.close());

const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();
const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Typhoon signal no. 2',
  body: 'Secure loose roofing.\nStay indoors after 8 PM.',
  severity: 'warning',
  startsAt: at(0),
  endsAt: at(6 * HOUR),
  ...overrides,
});
const post = (who: Person | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/advisories', headers: who ? bearer(who.token) : {}, payload: payload as object });
const publicList = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/api/public/advisories', headers });
const publicIds = async () => (await publicList()).json<PublicAdvisoryList>().items.map((item) => item._id);

async function create(overrides: Record<string, unknown> = {}, who: Person = admin): Promise<Advisory> {
  const response = await post(who, body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Advisory>();
}

describe('advisories are written by admins and checked on the server', () => {
  it('an admin and the supadmin publish; the answer names the author and the state; the audit log has it', async () => {
    const advisory = await create({ title: '  Curfew for minors  ' });
    expect(advisory).toMatchObject({ title: 'Curfew for minors', severity: 'warning', state: 'active', createdBy: { _id: admin.id } });
    const bySupadmin = await create({ severity: 'danger' }, supadmin);
    expect(bySupadmin.createdBy?._id).toBe(supadmin.id);
    const audit = await query<{ action: string; actor_id: string }>(ctx, sql`select action, actor_id from audit_entries where entity = 'advisory' and entity_id = ${advisory._id}`);
    expect(audit).toEqual([{ action: 'create', actor_id: admin.id }]);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/advisories', headers: bearer(admin.token) });
    expect(list.json<AdvisoryList>().items.map((item) => item._id)).toEqual(expect.arrayContaining([advisory._id, bySupadmin._id]));
  });

  it('tanods, residents and strangers can neither write nor list them; nothing is stored', async () => {
    const before = (await query(ctx, sql`select id from advisories`)).length;
    expect((await post(null, body())).statusCode).toBe(401);
    expect((await post(tanod, body())).statusCode).toBe(403);
    expect((await post(resident, body())).statusCode).toBe(403);
    for (const who of [tanod, resident]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/advisories', headers: bearer(who.token) })).statusCode).toBe(403);
    }
    const some = await create();
    for (const [who, status] of [[null, 401], [tanod, 403], [resident, 403]] as const) {
      const headers = who ? bearer(who.token) : {};
      expect((await ctx.app.inject({ method: 'PATCH', url: `/api/advisories/${some._id}`, headers, payload: { title: 'x' } })).statusCode).toBe(status);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/advisories/${some._id}`, headers })).statusCode).toBe(status);
    }
    expect((await query(ctx, sql`select id from advisories`)).length).toBe(before + 1);
  });

  it('a malformed advisory is refused with the failing field, and nothing is stored', async () => {
    const before = (await query(ctx, sql`select id from advisories`)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ body: 'x'.repeat(1001) }, 'body'],
      [{ severity: 'panic' }, 'severity'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ endsAt: at(-HOUR) }, 'endsAt'],
      [{ startsAt: at(2 * HOUR), endsAt: at(HOUR) }, 'endsAt'],
      [{ patrolAreaIds: ['not-an-id'] }, 'patrolAreaIds.0'],
      [{ patrolAreaIds: [crypto.randomUUID()] }, 'patrolAreaIds'],
    ];
    for (const [overrides, field] of cases) {
      const response = await post(admin, body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<ApiErrorBody>().error.fields?.map((f) => f.field)).toContain(field);
    }
    expect((await query(ctx, sql`select id from advisories`)).length).toBe(before);
  });

  it('edits and deletions are audited; an unknown id is 404', async () => {
    const area = await createArea(ctx, admin);
    const advisory = await create();
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/advisories/${advisory._id}`,
      headers: bearer(admin.token),
      payload: { severity: 'danger', endsAt: null, patrolAreaIds: [area._id] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Advisory>()).toMatchObject({ severity: 'danger', endsAt: null, areas: [{ _id: area._id, name: area.name }] });
    const badEnd = await ctx.app.inject({ method: 'PATCH', url: `/api/advisories/${advisory._id}`, headers: bearer(admin.token), payload: { endsAt: at(-HOUR) } });
    expect(badEnd.statusCode).toBe(400);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/advisories/${advisory._id}`, headers: bearer(admin.token) });
    expect(removed.statusCode).toBe(200);
    expect(await publicIds()).not.toContain(advisory._id);
    const actions = await query<{ action: string }>(ctx, sql`select action from audit_entries where entity_id = ${advisory._id} order by at, created_at`);
    expect(actions.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    const unknown = crypto.randomUUID();
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/advisories/${unknown}`, headers: bearer(admin.token), payload: { title: 'x' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/advisories/${unknown}`, headers: bearer(admin.token) })).statusCode).toBe(404);
  });
});

describe('the public list shows an advisory exactly while startsAt <= now < endsAt', () => {
  it('scheduled, active, ended and open-ended advisories follow the clock', async () => {
    const later = await create({ title: 'Later', startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    const openEnded = await create({ title: 'Open', severity: 'info', startsAt: at(0), endsAt: null });
    let ids = await publicIds();
    expect(ids).toContain(openEnded._id);
    expect(ids).not.toContain(later._id);

    clock.advance(HOUR - 1);
    expect(await publicIds()).not.toContain(later._id);
    clock.advance(1);
    ids = await publicIds();
    expect(ids).toContain(later._id);
    expect(ids).toContain(openEnded._id);
    clock.advance(HOUR - 1);
    expect(await publicIds()).toContain(later._id);
    clock.advance(1);
    // The end is exclusive: at endsAt it is gone; the open-ended one stays.
    ids = await publicIds();
    expect(ids).not.toContain(later._id);
    expect(ids).toContain(openEnded._id);

    const states = (await ctx.app.inject({ method: 'GET', url: '/api/advisories', headers: bearer(admin.token) })).json<AdvisoryList>().items;
    expect(states.find((item) => item._id === later._id)?.state).toBe('ended');
  });

  it('the most severe come first, and the list is cacheable no longer than the next start or end', async () => {
    const soonEnds = await create({ severity: 'danger', title: 'Flood', startsAt: at(0), endsAt: at(12_000) });
    const response = await publicList();
    expect(response.json<PublicAdvisoryList>().items[0]?._id).toBe(soonEnds._id);
    expect(response.headers['cache-control']).toBe('public, max-age=12');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await publicList({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    clock.advance(12_000);
    const changed = await publicList({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<PublicAdvisoryList>().items.map((item) => item._id)).not.toContain(soonEnds._id);
  });

  it('an admin ends an advisory now and the public list drops it at once', async () => {
    const advisory = await create({ endsAt: null });
    expect(await publicIds()).toContain(advisory._id);
    clock.advance(60_000);
    const ended = await ctx.app.inject({ method: 'PATCH', url: `/api/advisories/${advisory._id}`, headers: bearer(admin.token), payload: { endsAt: at(0) } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<Advisory>().state).toBe('ended');
    expect(await publicIds()).not.toContain(advisory._id);
  });

  it('the landing block escapes what admins wrote and tells the severity in words', () => {
    const html = landingAdvisoriesHtml(
      [{ _id: 'a', title: '<script>alert(1)</script>', body: 'Flood & "rain"', severity: 'danger', startsAt: START.toISOString(), endsAt: null, areas: [{ _id: 'z', name: 'Purok 1' }] }],
      'Asia/Manila',
    );
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Flood &amp; &quot;rain&quot;');
    expect(html).toContain('>Danger</span>');
    expect(html).toContain('For Purok 1. Since Jun 1, 2026, 08:00.');
    expect(landingAdvisoriesHtml([], 'Asia/Manila')).toBe('');
  });
});

describe('residents who opted in are alerted by push and SMS, once per advisory', () => {
  async function optIn(who: Person, choice: { push: boolean; sms: boolean }) {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/residents/me/advisory-alerts', headers: bearer(who.token), payload: choice });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(choice);
  }
  const subscribe = (who: Person): Promise<string> => insertPushSubscription(ctx, who.id, { endpoint: `https://push.example.test/${crypto.randomUUID()}` });
  const rowsOf = (advisoryId: string) =>
    query<{ channel: string; user_id: string; target: string; kind: string; dedupe_key: string; payload: { title?: string; text?: string; urgent?: boolean } }>(
      ctx,
      sql`select channel, user_id, target, kind, dedupe_key, payload from deliveries where dedupe_key like ${`advisory-%:${advisoryId}:%`} order by channel`,
    );

  it('the opt-in is off until chosen, only residents have it, and a bad body is refused', async () => {
    const fresh = await person(ctx, 'resident', { phoneNumber: '+639170000002', username: null, email: null });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/residents/me/advisory-alerts', headers: bearer(fresh.token) });
    expect(read.json()).toEqual({ push: false, sms: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/residents/me/advisory-alerts' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/residents/me/advisory-alerts', headers: bearer(tanod.token), payload: { push: true, sms: true } })).statusCode).toBe(403);
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/residents/me/advisory-alerts', headers: bearer(fresh.token), payload: { push: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/residents/me/advisory-alerts', headers: bearer(fresh.token) })).json()).toEqual({ push: false, sms: false });
  });

  it('an advisory that starts now writes one push per browser and one SMS per opted-in resident, in its transaction', async () => {
    await optIn(resident, { push: true, sms: true });
    const subscription = await subscribe(resident);
    const smsOnly = await person(ctx, 'resident', { phoneNumber: '+639170000003', username: null, email: null });
    await optIn(smsOnly, { push: false, sms: true });
    await subscribe(smsOnly);
    const notOptedIn = await person(ctx, 'resident', { phoneNumber: '+639170000004', username: null, email: null });
    await subscribe(notOptedIn);
    // Staff never opt in here; an opt-in row written for a tanod by hand is still ignored.
    await query(ctx, sql`insert into advisory_opt_ins (user_id, push, sms) values (${tanod.id}, true, true)`);

    const advisory = await create({ severity: 'danger', title: 'Evacuate Purok 3' });
    expect(advisory.announcedAt).not.toBeNull();
    const rows = await rowsOf(advisory._id);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => `${row.channel}:${row.user_id}`)).toEqual(
      expect.arrayContaining([`push:${resident.id}`, `sms:${resident.id}`, `sms:${smsOnly.id}`]),
    );
    const push = rows.find((row) => row.channel === 'push')!;
    expect(push).toMatchObject({ target: subscription, kind: 'advisory.published', dedupe_key: `advisory-push:${advisory._id}:${subscription}` });
    expect(push.payload).toMatchObject({ title: expect.stringContaining('Evacuate Purok 3'), urgent: true });
    const sms = rows.find((row) => row.channel === 'sms' && row.user_id === resident.id)!;
    expect(sms.target).toBe('+639170000001');
    expect(sms.payload.text).toBe(`Barangay WARNING: Evacuate Purok 3. Secure loose roofing. Stay indoors after 8 PM. More: ${ctx.deps.config.publicUrl}/`);
    await ctx.deps.deliveries.idle();
  });

  it('an advisory written ahead alerts nobody until it starts; the job then alerts once, however often it runs', async () => {
    await optIn(resident, { push: false, sms: true });
    const advisory = await create({ startsAt: at(HOUR), endsAt: at(3 * HOUR) });
    expect(advisory.announcedAt).toBeNull();
    const log = { error: (message: string) => { throw new Error(message); } };
    await runJob(ctx.deps, advisoryAnnouncementsJob, log);
    expect(await rowsOf(advisory._id)).toEqual([]);

    clock.advance(HOUR);
    await Promise.all([runJob(ctx.deps, advisoryAnnouncementsJob, log), runJob(ctx.deps, advisoryAnnouncementsJob, log)]);
    await runJob(ctx.deps, advisoryAnnouncementsJob, log);
    const rows = await rowsOf(advisory._id);
    expect(rows.filter((row) => row.user_id === resident.id)).toHaveLength(1);
    expect(rows.every((row) => row.channel === 'sms')).toBe(true);
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/advisories', headers: bearer(admin.token) })).json<AdvisoryList>().items;
    expect(listed.find((item) => item._id === advisory._id)?.announcedAt).toBe(clock.now().toISOString());
    await ctx.deps.deliveries.idle();
  });

  it('an advisory that ended before the job saw it alerts nobody', async () => {
    const advisory = await create({ startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    clock.advance(2 * HOUR);
    await runJob(ctx.deps, advisoryAnnouncementsJob, { error: () => undefined });
    expect(await rowsOf(advisory._id)).toEqual([]);
  });
});
