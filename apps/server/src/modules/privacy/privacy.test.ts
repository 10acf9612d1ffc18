import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiErrorBody } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { insertTestIncident, query } from '../../../test/incidents-helpers.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { loadConfig } from '../../config.ts';
import { reporterRetentionJob } from './reporter-retention.job.ts';
import {
  BLOTTER_KEEPS,
  STAFF_ONLY_COLUMNS,
  accountColumns,
  columnsContaining,
  columnsReferring,
  publicPushHosts,
  residentEverywhere,
  subscribeBrowser,
} from '../../../test/account-traces.ts';

const DAY = 86_400_000;
const PIN = '246810';
const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
let ctx: TestContext;
let pinHash: string;
let phoneCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext({ clock, pushResolver: publicPushHosts });
  pinHash = await hashSecret(PIN);
});
afterAll(() => ctx.close());

async function resident() {
  phoneCounter += 1;
  const user = await createUser(ctx, {
    userType: 'resident',
    phoneNumber: `+63918${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}`,
    pinHash,
    passwordHash: null,
    firstName: 'Maria',
    lastName: 'Santos',
    address: '12 Rizal St.',
  });
  return { user, token: await signIn(ctx, user) };
}

const log = { error: (message: string) => { throw new Error(message); } };

describe('the privacy notice names the data protection officer and the retention from the settings', () => {
  it('no officer until the supadmin names one; the retention days are the configuration', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/public/privacy' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ dataProtectionOfficer: null, reporterDataRetentionDays: 365, trackRetentionDays: 180 });
    const supadmin = await createUser(ctx, { userType: 'supadmin' });
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: bearer(await signIn(ctx, supadmin)),
      payload: { dataProtectionOfficer: { name: 'Atty. Jose Reyes', contact: 'dpo@barangay.example' } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ dataProtectionOfficer: { name: 'Atty. Jose Reyes', contact: 'dpo@barangay.example' } });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/public/privacy' });
    expect(after.json()).toMatchObject({ dataProtectionOfficer: { name: 'Atty. Jose Reyes', contact: 'dpo@barangay.example' } });
    const blank = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: bearer(await signIn(ctx, supadmin)),
      payload: { dataProtectionOfficer: { name: '', contact: 'x' } },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('REPORTER_DATA_RETENTION_DAYS defaults to 365 and refuses nonsense', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).reporterDataRetentionDays).toBe(365);
    expect(loadConfig({ NODE_ENV: 'test', REPORTER_DATA_RETENTION_DAYS: '30' }).reporterDataRetentionDays).toBe(30);
    expect(() => loadConfig({ NODE_ENV: 'test', REPORTER_DATA_RETENTION_DAYS: '0' })).toThrow(/REPORTER_DATA_RETENTION_DAYS/);
  });
});

describe("the retention job erases reporters' names and phones on reports closed more than a year ago", () => {
  it('closed long enough: erased; closed lately or still open: kept; then the clock moves on', async () => {
    const now = clock.now().getTime();
    const contact = { reporterName: 'Juan Cruz', reporterPhone: '+639171234567' };
    const oldResolved = await insertTestIncident(ctx, { ...contact, status: 'resolved', resolvedAt: new Date(now - 366 * DAY), updatedAt: new Date(now - 366 * DAY) });
    const oldRejected = await insertTestIncident(ctx, { ...contact, status: 'rejected', updatedAt: new Date(now - 400 * DAY) });
    const recentFalseAlarm = await insertTestIncident(ctx, { ...contact, status: 'false_alarm', updatedAt: new Date(now - 10 * DAY) });
    const oldOpen = await insertTestIncident(ctx, { ...contact, status: 'pending', updatedAt: new Date(now - 500 * DAY) });
    const contactOf = async (id: string) =>
      (await query<{ reporter_name: string | null; reporter_phone: string | null }>(ctx, sql`select reporter_name, reporter_phone from incidents where id = ${id}`))[0];

    await runJob(ctx.deps, reporterRetentionJob, log);
    expect(await contactOf(oldResolved.id)).toEqual({ reporter_name: null, reporter_phone: null });
    expect(await contactOf(oldRejected.id)).toEqual({ reporter_name: null, reporter_phone: null });
    expect(await contactOf(recentFalseAlarm.id)).toEqual({ reporter_name: 'Juan Cruz', reporter_phone: '+639171234567' });
    expect(await contactOf(oldOpen.id)).toEqual({ reporter_name: 'Juan Cruz', reporter_phone: '+639171234567' });
    // The report itself stays.
    expect((await query(ctx, sql`select id from incidents where id = ${oldResolved.id}`)).length).toBe(1);
    const audit = await query<{ after: { reports: number } }>(ctx, sql`select after from audit_entries where action = 'erase' and entity = 'incident' order by at desc limit 1`);
    expect(audit[0]?.after.reports).toBe(2);

    clock.advance(356 * DAY);
    await runJob(ctx.deps, reporterRetentionJob, log);
    expect(await contactOf(recentFalseAlarm.id)).toEqual({ reporter_name: null, reporter_phone: null });
    expect(await contactOf(oldOpen.id)).toEqual({ reporter_name: 'Juan Cruz', reporter_phone: '+639171234567' });
    const runs = await query(ctx, sql`select id from audit_entries where action = 'erase'`);
    await runJob(ctx.deps, reporterRetentionJob, log);
    // A run that erased nothing leaves no entry.
    expect(await query(ctx, sql`select id from audit_entries where action = 'erase'`)).toHaveLength(runs.length);
  });
});

describe('a signed-in resident downloads their data', () => {
  it('the JSON has the account, reports, ratings, notifications, browsers and choices, and no secret', async () => {
    const { user, token } = await resident();
    const report = await insertTestIncident(ctx, { reporterId: user.id, reporterName: 'Maria Santos', reporterPhone: user.phoneNumber });
    const tanod = await createUser(ctx, { userType: 'tanod' });
    await query(ctx, sql`insert into evaluations (tanod_id, rating, comment, source, resident_id, reviewer_name) values (${tanod.id}, 5, 'Quick help', 'directory', ${user.id}, 'Maria')`);
    await query(ctx, sql`insert into notifications (user_id, message) values (${user.id}, 'Your report was resolved')`);
    const endpoint = await subscribeBrowser(ctx, token);
    const [keys] = await query<{ p256dh: string; auth: string }>(ctx, sql`select p256dh, auth from push_subscriptions where endpoint = ${endpoint}`);
    await query(ctx, sql`insert into advisory_opt_ins (user_id, push, sms) values (${user.id}, false, true)`);

    const response = await ctx.app.inject({ method: 'GET', url: '/api/residents/me/data', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="bantay-my-data.json"');
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.account).toMatchObject({ _id: user.id, firstName: 'Maria', lastName: 'Santos', phoneNumber: user.phoneNumber, address: '12 Rizal St.' });
    expect(data.reports).toEqual([expect.objectContaining({ _id: report.id, ticket: report.ticket, reporterName: 'Maria Santos' })]);
    expect(data.evaluations).toEqual([expect.objectContaining({ rating: 5, comment: 'Quick help', tanod: expect.objectContaining({ _id: tanod.id }) })]);
    expect(data.notifications).toEqual([expect.objectContaining({ message: 'Your report was resolved' })]);
    expect(data.pushSubscriptions).toEqual([expect.objectContaining({ pushService: 'https://fcm.googleapis.com', userAgent: 'Chrome on Android' })]);
    expect(data.advisoryAlerts).toEqual({ push: false, sms: true });
    expect(data.sessions.length).toBeGreaterThan(0);
    for (const secret of [keys!.p256dh, keys!.auth, pinHash, new URL(endpoint).pathname]) expect(response.body).not.toContain(secret);
    const audit = await query(ctx, sql`select id from audit_entries where action = 'export' and entity = 'resident' and entity_id = ${user.id}`);
    expect(audit).toHaveLength(1);
  });

  it('only the resident themself: no token 401, staff 403', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/residents/me/data' })).statusCode).toBe(401);
    const tanod = await createUser(ctx, { userType: 'tanod' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/residents/me/data', headers: bearer(await signIn(ctx, tanod)) })).statusCode).toBe(403);
  });
});

describe('a signed-in resident deletes their account', () => {
  it('a wrong PIN, a malformed body, staff and strangers change nothing', async () => {
    const { user, token } = await resident();
    const wrong = await ctx.app.inject({ method: 'DELETE', url: '/api/residents/me', headers: bearer(token), payload: { pin: '000000' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<ApiErrorBody>().error.fields?.[0]?.field).toBe('pin');
    const malformed = await ctx.app.inject({ method: 'DELETE', url: '/api/residents/me', headers: bearer(token), payload: { pin: 'abc' } });
    expect(malformed.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/residents/me', payload: { pin: PIN } })).statusCode).toBe(401);
    const tanod = await createUser(ctx, { userType: 'tanod' });
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/residents/me', headers: bearer(await signIn(ctx, tanod)), payload: { pin: PIN } })).statusCode).toBe(403);
    expect(await query(ctx, sql`select id from users where id = ${user.id} and status = 'active'`)).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/residents/me/reports', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('reports and ratings stay, anonymised; the account, its browsers and sessions go; it cannot sign in again', async () => {
    const { user, token } = await resident();
    const other = await signIn(ctx, user);
    const report = await insertTestIncident(ctx, { reporterId: user.id, reporterName: 'Maria Santos', reporterPhone: user.phoneNumber, status: 'resolved' });
    const tanod = await createUser(ctx, { userType: 'tanod' });
    await query(ctx, sql`insert into evaluations (tanod_id, rating, comment, source, resident_id, reviewer_name) values (${tanod.id}, 4, 'Kind', 'directory', ${user.id}, 'Maria')`);
    await subscribeBrowser(ctx, token);
    await query(ctx, sql`insert into deliveries (channel, target, payload, kind) values ('sms', ${user.phoneNumber}, '{"text":"Your ticket"}'::jsonb, 'ticket.received')`);

    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/residents/me', headers: bearer(token), payload: { pin: PIN } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, reportsAnonymised: 1, ratingsAnonymised: 1 });

    const [kept] = await query<{ reporter_id: string | null; reporter_name: string | null; reporter_phone: string | null; description: string }>(
      ctx,
      sql`select reporter_id, reporter_name, reporter_phone, description from incidents where id = ${report.id}`,
    );
    expect(kept).toEqual({ reporter_id: null, reporter_name: null, reporter_phone: null, description: report.description });
    expect(await query(ctx, sql`select rating from evaluations where tanod_id = ${tanod.id} and resident_id is null and reviewer_name is null`)).toHaveLength(1);
    expect(await query(ctx, sql`select id from users where id = ${user.id}`)).toEqual([]);
    expect(await query(ctx, sql`select id from push_subscriptions where user_id = ${user.id}`)).toEqual([]);
    expect(await query(ctx, sql`select id from deliveries where target = ${user.phoneNumber}`)).toEqual([]);
    const audit = await query<{ actor_id: string | null; after: { outcome: string } }>(ctx, sql`select actor_id, after from audit_entries where action = 'delete' and entity = 'resident' and entity_id = ${user.id}`);
    expect(audit).toEqual([{ actor_id: null, after: expect.objectContaining({ outcome: 'deleted' }) }]);

    for (const session of [token, other]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/residents/me/reports', headers: bearer(session) })).statusCode).toBe(401);
    }
    const login = await ctx.app.inject({ method: 'POST', url: '/api/residents/login', payload: { phoneNumber: user.phoneNumber, pin: PIN } });
    expect(login.statusCode).toBe(401);
  });

  it('an account that a kept record still names is blanked and deactivated instead of deleted', async () => {
    const { user, token } = await resident();
    // A record the barangay keeps that refers to the account without letting it go (here the
    // audit trail of a staff-side table: a loan's borrower cannot be cleared).
    const item = await query<{ id: string }>(ctx, sql`insert into inventory_items (name, category, total) values (${`Radio ${user.id}`}, 'communication', 1) returning id`);
    await query(ctx, sql`insert into loans (item_id, borrower_id, quantity, borrowed_at, due_at) values (${item[0]!.id}, ${user.id}, 1, now(), now())`);
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/residents/me', headers: bearer(token), payload: { pin: PIN } });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await query<Record<string, unknown>>(ctx, sql`select first_name, last_name, phone_number, pin_hash, address, status from users where id = ${user.id}`);
    expect(row).toEqual({ first_name: 'Deleted', last_name: 'account', phone_number: null, pin_hash: null, address: null, status: 'deactivated' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/residents/login', payload: { phoneNumber: user.phoneNumber, pin: PIN } });
    expect(login.statusCode).toBe(401);
  });
});

describe('a deleted resident leaves no row that refers to them or holds their number or address', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
  });

  /** Every account column of the database is either one a resident has rows in, or a staff member's. */
  async function classifiedColumns(residentColumns: string[]) {
    const columns = await accountColumns(ctx);
    const unclassified = columns.map((column) => column.name).filter((name) => !residentColumns.includes(name) && !(name in STAFF_ONLY_COLUMNS));
    expect(unclassified, 'a new column refers to accounts: give a resident a row in it (test/account-traces.ts) or list it as staff-only').toEqual([]);
    return columns;
  }

  it('deleted: no account column refers to them, nothing holds their phone or email, their copy request stays closed and nameless', async () => {
    const resident = await residentEverywhere(ctx, { pinHash, adminToken });
    const columns = await classifiedColumns(resident.columns);
    const before = await columnsReferring(ctx, columns, resident.user.id);
    expect(Object.keys(before).sort()).toEqual([...resident.columns].sort());

    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/residents/me', headers: bearer(resident.token), payload: { pin: PIN } });
    expect(response.statusCode, response.body).toBe(200);

    expect(await query(ctx, sql`select id from users where id = ${resident.user.id}`)).toEqual([]);
    expect(await columnsReferring(ctx, columns, resident.user.id)).toEqual({});
    expect(await columnsContaining(ctx, [resident.phone, resident.email])).toEqual(BLOTTER_KEEPS);
    const [request] = await query<{ requester_id: string | null; status: string; reason: string }>(ctx, sql`select requester_id, status, reason from blotter_copy_requests where id = ${resident.copyRequestId}`);
    expect(request).toEqual({ requester_id: null, status: 'rejected', reason: expect.stringContaining('deleted their account') });
    const [signedOut] = await query(ctx, sql`select reporter_name, reporter_phone from incidents where id = ${resident.signedOutReportId}`);
    expect(signedOut).toEqual({ reporter_name: null, reporter_phone: null });
    const [audit] = await query<{ after: Record<string, unknown> }>(ctx, sql`select after from audit_entries where action = 'delete' and entity = 'resident' and entity_id = ${resident.user.id}`);
    expect(audit?.after).toMatchObject({ outcome: 'deleted', sessionsEnded: 1, browsersRemoved: 1, copyRequestsWithdrawn: 1 });
    // The admins' list keeps the request, without a name.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/blotter/copy-requests?status=rejected', headers: bearer(adminToken) });
    expect(list.json<{ items: { _id: string; requester: unknown }[] }>().items.find((item) => item._id === resident.copyRequestId)?.requester).toBeNull();
  });

  it('kept and blanked (a staff-side record names the account): the same rows go in the same transaction', async () => {
    const resident = await residentEverywhere(ctx, { pinHash, adminToken });
    const columns = await classifiedColumns(resident.columns);
    // A record the barangay keeps whose reference cannot be cleared: a loan's borrower.
    const [item] = await query<{ id: string }>(ctx, sql`insert into inventory_items (name, category, total) values (${`Radio ${resident.user.id}`}, 'communication', 1) returning id`);
    await query(ctx, sql`insert into loans (item_id, borrower_id, quantity, borrowed_at, due_at) values (${item!.id}, ${resident.user.id}, 1, now(), now())`);

    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/residents/me', headers: bearer(resident.token), payload: { pin: PIN } });
    expect(response.statusCode, response.body).toBe(200);

    // The row that stays says nothing of the person: every column but these few is empty, a column added later included.
    const [row] = await query<Record<string, unknown>>(ctx, sql`select * from users where id = ${resident.user.id}`);
    // The barangay the row belongs to (decision 035) says nothing of the person either.
    const kept = ['id', 'barangay_id', 'first_name', 'last_name', 'user_type', 'status', 'is_team_leader', 'must_change_password', 'two_factor_enabled', 'is_online', 'failed_login_count', 'created_at', 'updated_at'];
    expect(Object.fromEntries(Object.entries(row!).filter(([column, value]) => !kept.includes(column) && value !== null))).toEqual({});
    expect(row).toMatchObject({ first_name: 'Deleted', last_name: 'account', status: 'deactivated', is_online: false, failed_login_count: 0 });
    expect(await columnsReferring(ctx, columns, resident.user.id)).toEqual({ 'loans.borrower_id': 1 });
    expect(await columnsContaining(ctx, [resident.phone, resident.email])).toEqual(BLOTTER_KEEPS);
  });

  it("a staff account with the same number keeps its texts; the resident's own go", async () => {
    const { user, token } = await resident();
    const tanod = await createUser(ctx, { userType: 'tanod', phoneNumber: user.phoneNumber });
    await query(ctx, sql`insert into deliveries (channel, user_id, target, payload, kind) values ('sms', ${tanod.id}, ${user.phoneNumber}, '{"text":"Emergency near you"}'::jsonb, 'incident.emergency_reported')`);
    await query(ctx, sql`insert into deliveries (channel, user_id, target, payload, kind) values ('sms', ${user.id}, ${user.phoneNumber}, '{"text":"Your copy is ready"}'::jsonb, 'blotter.copy_approved')`);
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/residents/me', headers: bearer(token), payload: { pin: PIN } });
    expect(response.statusCode, response.body).toBe(200);
    const left = await query<{ user_id: string | null; kind: string }>(ctx, sql`select user_id, kind from deliveries where target = ${user.phoneNumber}`);
    expect(left).toEqual([{ user_id: tanod.id, kind: 'incident.emergency_reported' }]);
  });
});
