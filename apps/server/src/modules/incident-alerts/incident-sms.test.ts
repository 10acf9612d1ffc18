import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { readSentSms } from '../../../test/security-helpers.ts';
import { TEST_BOUNDARY, postReport, query, setBoundary } from '../../../test/incidents-helpers.ts';
import { createArea, person, scheduleFor, square, type Person } from '../../../test/patrols.ts';
import { inTransaction } from '../../db/transaction.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { escalatePendingIncidents, escalationJob } from '../incident-handling/index.ts';
import { enqueueResolvedSms } from './incident-sms.ts';

/**
 * The incident texts (incident-sms.ts), read from the console SMS's sent log: staff alerts for an
 * emergency and its escalation levels with SMS_ALERTS on, and the reporter's receipt and
 * resolution texts, each linking to the page that opens the incident or the ticket.
 */

const PUBLIC_URL = 'https://bantay.example.ph';
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

let phoneCounter = 0;
/** A mobile number of its own for every person, so the sent log can be read per person. */
const nextPhone = () => `+6391755${String(30000 + (phoneCounter += 1)).padStart(5, '0')}`;

const incidentIdOf = async (ctx: TestContext, ticket: string) =>
  (await query<{ id: string }>(ctx, sql`select id from incidents where ticket = ${ticket}`))[0]!.id;

/** The texts one number got about one ticket, oldest first. */
async function textsTo(ctx: TestContext, phone: string, ticket: string): Promise<string[]> {
  return (await readSentSms(ctx)).filter((sms) => sms.to === phone && sms.text.includes(ticket)).map((sms) => sms.text);
}

async function emergency(ctx: TestContext, overrides: Record<string, unknown> = {}): Promise<{ ticket: string; id: string }> {
  const response = await postReport(ctx, { type: 'Fire', classification: 'emergency', description: '', landmark: 'Market', ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  const { ticket } = response.json<{ ticket: string }>();
  return { ticket, id: await incidentIdOf(ctx, ticket) };
}

/** Runs the escalation job as two instances would, at the same moment. */
async function escalateOnTwoInstances(ctx: TestContext): Promise<void> {
  await Promise.all([escalatePendingIncidents(ctx.deps, clock.now()), escalatePendingIncidents({ ...ctx.deps }, clock.now())]);
}

describe('SMS alerts to staff (SMS_ALERTS=true)', () => {
  let ctx: TestContext;
  const phones = { admin: nextPhone(), supadmin: nextPhone(), tanod: nextPhone(), offDuty: nextPhone(), retired: nextPhone(), resident: nextPhone() };
  let onDuty: Person;
  let admin: Person;
  let noPhoneIds: string[];

  beforeAll(async () => {
    ctx = await createTestContext({ clock, env: { SMS_ALERTS: 'true', PUBLIC_URL, REPORT_RATE_LIMIT_PER_IP: '1000' } });
    await setBoundary(ctx, TEST_BOUNDARY);
    admin = await person(ctx, 'admin', { phoneNumber: phones.admin });
    await createUser(ctx, { userType: 'supadmin', phoneNumber: phones.supadmin });
    await createUser(ctx, { userType: 'admin', phoneNumber: phones.retired, status: 'deactivated' });
    await createUser(ctx, { userType: 'resident', phoneNumber: phones.resident });
    const adminNoPhone = await createUser(ctx, { userType: 'admin', phoneNumber: null });
    onDuty = await person(ctx, 'tanod', { phoneNumber: phones.tanod });
    const onDutyNoPhone = await person(ctx, 'tanod', { phoneNumber: null });
    await createUser(ctx, { userType: 'tanod', phoneNumber: phones.offDuty });
    noPhoneIds = [adminNoPhone.id, onDutyNoPhone.id];
    // Two tanods on a shift for the whole file; the third, with a phone, is off duty.
    const area = await createArea(ctx, admin, square(14.731, 121.046, 0.005));
    await scheduleFor(ctx, admin, area, [onDuty, onDutyNoPhone], new Date(clock.now().getTime() - 60_000), new Date(clock.now().getTime() + 20 * 3_600_000));
  });
  afterAll(() => ctx.close());

  it('an emergency report texts each on-duty tanod and admin who has a phone once, with the ticket and the page that opens it', async () => {
    const { ticket, id } = await emergency(ctx, { reporterPhone: '0917 555 1299' });

    const adminLink = `${PUBLIC_URL}/Patrol&incidenttracking?incident=${id}`;
    expect(await textsTo(ctx, phones.admin, ticket)).toEqual([`Bantay EMERGENCY ${ticket} (Fire near Market). Open ${adminLink}`]);
    expect(await textsTo(ctx, phones.supadmin, ticket)).toEqual([`Bantay EMERGENCY ${ticket} (Fire near Market). Open ${adminLink}`]);
    const [tanodText] = await textsTo(ctx, phones.tanod, ticket);
    expect(tanodText).toBe(`Bantay EMERGENCY ${ticket} (Fire near Market). Open ${PUBLIC_URL}/Patrolmap?incident=${id}`);
    expect(tanodText!.length).toBeLessThanOrEqual(160);

    // Off duty, deactivated, a resident, or no phone at all: no text.
    for (const phone of [phones.offDuty, phones.retired, phones.resident]) expect(await textsTo(ctx, phone, ticket)).toEqual([]);
    const [none] = await query<{ n: number }>(ctx, sql`select count(*)::int as n from deliveries where user_id in (${sql.join(noPhoneIds.map((userId) => sql`${userId}`), sql`, `)})`);
    expect(none!.n).toBe(0);
    // The reporter gets the receipt and nothing meant for staff.
    const reporter = await textsTo(ctx, '+639175551299', ticket);
    expect(reporter).toHaveLength(1);
    expect(reporter[0]).toContain(`/Reportincidents?ticket=${ticket}`);
  });

  it('each escalation level texts them once more, even with two instances; running the job again sends nothing new', async () => {
    const { ticket, id } = await emergency(ctx, { landmark: 'the covered court beside the barangay hall, across the sari-sari store of Aling Nena' });
    const count = async () => Promise.all([phones.admin, phones.supadmin, phones.tanod].map(async (phone) => (await textsTo(ctx, phone, ticket)).length));
    expect(await count()).toEqual([1, 1, 1]);
    // A long landmark is cut so that the text stays one SMS.
    const [reported] = await textsTo(ctx, phones.tanod, ticket);
    expect(reported).toMatch(new RegExp(`^Bantay EMERGENCY ${ticket} \\(Fire near the covered court [^)]*\\.\\.\\.\\)\\. Open ${PUBLIC_URL.replaceAll('.', '\\.')}/Patrolmap\\?incident=${id}$`));
    expect(reported!.length).toBeLessThanOrEqual(160);

    clock.advance(119_000);
    await escalateOnTwoInstances(ctx);
    expect(await count()).toEqual([1, 1, 1]);

    clock.advance(1_000);
    await escalateOnTwoInstances(ctx);
    await runJob(ctx.deps, escalationJob, { error: (message) => expect.fail(message) });
    expect(await count()).toEqual([2, 2, 2]);
    // The escalation's longer wording leaves no room for the place: the first text named it.
    const escalated = (await textsTo(ctx, phones.tanod, ticket))[1]!;
    expect(escalated).toBe(`Bantay: EMERGENCY ${ticket} (Fire) has had no responder for 2 minutes. Open ${PUBLIC_URL}/Patrolmap?incident=${id}`);
    expect(escalated.length).toBeLessThanOrEqual(160);

    clock.advance(120_000);
    await escalateOnTwoInstances(ctx);
    await escalateOnTwoInstances(ctx);
    expect(await count()).toEqual([3, 3, 3]);
    expect((await textsTo(ctx, phones.admin, ticket))[2]).toMatch(/^Bantay reminder: EMERGENCY .* still has no responder after 4 minutes\. Open https:\/\/bantay\.example\.ph\/Patrol&incidenttracking\?incident=/);

    clock.advance(60 * 60_000);
    await runJob(ctx.deps, escalationJob, { error: (message) => expect.fail(message) });
    expect(await count()).toEqual([3, 3, 3]);
    const keys = await query<{ dedupe_key: string }>(ctx, sql`select dedupe_key from deliveries where dedupe_key like ${`sms-alert:${id}:%`} order by dedupe_key`);
    expect(keys).toHaveLength(9);
    expect(new Set(keys.map((row) => row.dedupe_key.split(':')[2]))).toEqual(new Set(['0', '1', '2']));
  });

  it('a normal report is never texted to staff, not even when it escalates', async () => {
    const response = await postReport(ctx, { reporterPhone: '0917 555 1298' });
    const { ticket } = response.json<{ ticket: string }>();
    const id = await incidentIdOf(ctx, ticket);
    clock.advance(15 * 60_000);
    await runJob(ctx.deps, escalationJob, { error: (message) => expect.fail(message) });
    clock.advance(15 * 60_000);
    await runJob(ctx.deps, escalationJob, { error: (message) => expect.fail(message) });
    const escalated = await query(ctx, sql`select 1 from notifications where entity_id = ${id} and kind = 'incident.escalated' and user_id = ${admin.id}`);
    expect(escalated).toHaveLength(2);
    for (const phone of [phones.admin, phones.supadmin, phones.tanod]) expect(await textsTo(ctx, phone, ticket)).toEqual([]);
    expect(await textsTo(ctx, '+639175551298', ticket)).toHaveLength(1);
  });
});

describe('without SMS_ALERTS (the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ clock, env: { PUBLIC_URL, REPORT_RATE_LIMIT_PER_IP: '1000' } });
    await setBoundary(ctx, TEST_BOUNDARY);
  });
  afterAll(() => ctx.close());

  it('an emergency and its escalations text no staff; the reporter still gets the receipt', async () => {
    const admin = await createUser(ctx, { userType: 'admin', phoneNumber: nextPhone() });
    const tanod = await createUser(ctx, { userType: 'tanod', phoneNumber: nextPhone() });
    const { ticket, id } = await emergency(ctx, { reporterPhone: '0917 555 1297' });
    clock.advance(2 * 60_000);
    await runJob(ctx.deps, escalationJob, { error: (message) => expect.fail(message) });
    clock.advance(2 * 60_000);
    await runJob(ctx.deps, escalationJob, { error: (message) => expect.fail(message) });
    // Both levels were reached: staff were notified in the panel, not by SMS.
    expect(await query(ctx, sql`select 1 from notifications where entity_id = ${id} and kind = 'incident.escalated' and user_id = ${admin.id}`)).toHaveLength(2);
    expect(await textsTo(ctx, admin.phoneNumber!, ticket)).toEqual([]);
    expect(await textsTo(ctx, tanod.phoneNumber!, ticket)).toEqual([]);
    expect(await textsTo(ctx, '+639175551297', ticket)).toHaveLength(1);
  });

  it("the receipt links to the ticket's own page, and that page's ticket is the one reported", async () => {
    const response = await postReport(ctx, { reporterPhone: '0917 555 1296' });
    const { ticket } = response.json<{ ticket: string }>();
    const [receipt] = await textsTo(ctx, '+639175551296', ticket);
    expect(receipt).toBe(`Bantay: we received your report. Your ticket is ${ticket}. Track it at ${PUBLIC_URL}/Reportincidents?ticket=${ticket}`);
    expect(receipt!.length).toBeLessThanOrEqual(160);
    // The web opens `/Reportincidents?ticket=` on the lookup and looks the ticket up (TicketLookup.tsx).
    const link = new URL(/https:\/\/\S+$/.exec(receipt!)![0]);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/Reportincidents');
    const lookup = await ctx.app.inject({ method: 'GET', url: `/api/public/tickets/${encodeURIComponent(link.searchParams.get('ticket')!)}` });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ ticket, status: 'pending' });
  });

  it('the reporter is texted once when the ticket is resolved, with the same link; a reporter without a phone is not', async () => {
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const token = await signIn(ctx, tanod);
    const response = await postReport(ctx, { reporterPhone: '0917 555 1295' });
    const { ticket } = response.json<{ ticket: string }>();
    const id = await incidentIdOf(ctx, ticket);
    const silent = await postReport(ctx, {});
    const silentId = await incidentIdOf(ctx, silent.json<{ ticket: string }>().ticket);
    const act = (incidentId: string, step: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/incidents/${incidentId}/${step}`, headers: bearer(token), payload });

    expect((await act(id, 'respond')).statusCode).toBe(200);
    expect(await textsTo(ctx, '+639175551295', ticket)).toHaveLength(1);
    expect((await act(id, 'resolve', { log: 'The bicycle was found and returned.' })).statusCode).toBe(200);
    expect((await act(id, 'resolve', { log: 'Again.' })).statusCode).toBe(409);
    const texts = await textsTo(ctx, '+639175551295', ticket);
    expect(texts).toEqual([expect.stringContaining('we received your report'), `Bantay: your report ${ticket} has been resolved. Details: ${PUBLIC_URL}/Reportincidents?ticket=${ticket}`]);

    // Written again (another instance, a retried request), it is the same delivery: not sent twice.
    const [incident] = await query<{ id: string; ticket: string; reporter_id: string | null; reporter_phone: string }>(
      ctx,
      sql`select id, ticket, reporter_id, reporter_phone from incidents where id = ${id}`,
    );
    const again = await inTransaction(ctx.deps.db, (tx, afterCommit) =>
      enqueueResolvedSms(ctx.deps, tx, afterCommit, { id: incident!.id, ticket: incident!.ticket, reporterId: incident!.reporter_id, reporterPhone: incident!.reporter_phone }),
    );
    expect(again).toBe(0);
    expect(await textsTo(ctx, '+639175551295', ticket)).toHaveLength(2);

    expect((await act(silentId, 'respond')).statusCode).toBe(200);
    expect((await act(silentId, 'resolve', { log: 'Nothing found.' })).statusCode).toBe(200);
    expect(await query(ctx, sql`select 1 from deliveries where dedupe_key = ${`sms-ticket-resolved:${silentId}`}`)).toEqual([]);
  });
});
