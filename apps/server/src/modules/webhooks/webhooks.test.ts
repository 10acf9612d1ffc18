import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDeliveryList, WebhookList, WebhookWithSecret } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { INSIDE, TEST_BOUNDARY, insertTestIncident, postReport, query } from '../../../test/incidents-helpers.ts';
import { startWebhookReceiver, verifySignature, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import type { HostResolver } from '../../adapters/push/push.ts';
import { createArea, person, scheduleFor, square } from '../../../test/patrols.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { absencesJob } from '../patrols/absences.job.ts';
import { DEFAULT_INCIDENT_TYPES, saveSettings } from '../settings/settings.service.ts';
import { DEMO_CONFIDENTIAL_TYPE } from '../settings/settings.demo.ts';

/**
 * Webhooks (docs/decisions/034-the-integration-kit.md) against a local HTTPS receiver that checks
 * every signature: events written with their cause, retried with the same delivery id, refused
 * destinations, confidential cases, and the supadmin's management.
 */

const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
/** The made-up DNS of this file; a test may change an answer (rebinding). */
const dnsAnswers = new Map<string, string>([
  ['pinned.bantay.localhost', '127.0.0.1'],
  ['hooks.example.com', '93.184.215.14'],
  ['metadata.example.com', '169.254.169.254'],
  ['intranet.example.com', '10.0.0.5'],
]);
const dns: HostResolver = async (hostname) => {
  const address = dnsAnswers.get(hostname);
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

let ctx: TestContext;
/** The same server without WEBHOOKS_ALLOW_LOOPBACK, as in production. */
let strict: TestContext;
let receiver: WebhookReceiver;
let supadmin: string;
let strictSupadmin: string;
let admin: string;

beforeAll(async () => {
  [ctx, strict] = await Promise.all([
    createTestContext({ clock, pushResolver: dns, env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', OUTSIDE_SERVICE_TIMEOUT_MS: '2000', REPORT_RATE_LIMIT_PER_IP: '1000' } }),
    createTestContext({ clock, pushResolver: dns, env: { OUTSIDE_SERVICE_TIMEOUT_MS: '2000' } }),
  ]);
  receiver = await startWebhookReceiver();
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
  supadmin = await signIn(ctx, await createUser(ctx, { userType: 'supadmin' }));
  admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
  strictSupadmin = await signIn(strict, await createUser(strict, { userType: 'supadmin' }));
});
afterAll(async () => {
  await Promise.all([ctx?.close(), strict?.close(), receiver?.close()]);
});
beforeEach(async () => {
  receiver.answerWith(204);
  receiver.received.length = 0;
  // Each test starts with no webhook, so only its own receive events.
  await query(ctx, sql`delete from webhooks`);
  await query(ctx, sql`delete from deliveries where channel = 'webhook'`);
  clock.advance(60 * 60_000);
});

async function createHook(
  events: string[],
  options: { url?: string; on?: TestContext; token?: string } = {},
): Promise<WebhookWithSecret> {
  const on = options.on ?? ctx;
  const response = await on.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(options.token ?? supadmin),
    payload: { url: options.url ?? `${receiver.origin}/bantay`, events },
  });
  expect(response.statusCode, response.body).toBe(201);
  const hook = response.json<WebhookWithSecret>();
  receiver.secret = hook.secret;
  return hook;
}

async function refusal(url: string, on: TestContext = strict, token: string = strictSupadmin): Promise<string> {
  const response = await on.app.inject({ method: 'POST', url: '/api/webhooks', headers: bearer(token), payload: { url, events: ['incident.reported'] } });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
  const body = response.json<{ error: { fields: { field: string; message: string }[] } }>();
  expect(body.error.fields[0]!.field).toBe('url');
  return body.error.fields[0]!.message;
}

const deliveryLog = async (id: string, on: TestContext = ctx, token: string = supadmin) => {
  const response = await on.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookDeliveryList>().items;
};

/** Past the longest first backoff (5 s + 20 %), then the worker looks again. */
async function nextTry(on: TestContext = ctx): Promise<void> {
  clock.advance(10_000);
  on.deps.deliveries.nudge();
  await on.deps.deliveries.idle();
}

describe('a new report', () => {
  it('posts a signed incident.reported that, answered 500, is retried with the same delivery id and a fresh valid signature', async () => {
    await createHook(['incident.reported']);
    receiver.answerWith(500, 204);
    const report = await postReport(ctx);
    expect(report.statusCode, report.body).toBe(201);
    const { ticket } = report.json<{ ticket: string }>();
    await ctx.deps.deliveries.idle();

    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first).toMatchObject({ event: 'incident.reported', signatureValid: true, path: '/bantay' });
    expect(first!.json).toMatchObject({ event: 'incident.reported', data: { ticket, type: 'Theft', status: 'pending', classification: 'normal', location: INSIDE } });
    // Never the reporter's words, name or number.
    expect(first!.body).not.toMatch(/bicycle|chapel|reporter|phone/i);

    await nextTry();
    expect(receiver.received).toHaveLength(2);
    const [, second] = receiver.received;
    expect(second!.deliveryId).toBe(first!.deliveryId);
    expect(second!.body).toBe(first!.body);
    expect(second!.signatureValid).toBe(true);
    expect(second!.signedAt! - first!.signedAt!).toBeGreaterThanOrEqual(10);
    // The same signature checked against the time of the first try fails: t is part of what is signed.
    expect(verifySignature(`t=${first!.signedAt},${second!.signature!.split(',')[1]}`, receiver.secret, second!.body).valid).toBe(false);

    const hooks = await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(supadmin) });
    const [log] = await deliveryLog(hooks.json<WebhookList>().items[0]!._id);
    expect(log).toMatchObject({ _id: first!.deliveryId, event: 'incident.reported', attempts: 2, lastStatusCode: 204, outcome: 'sent', nextAttemptAt: null });
  });

  it('an emergency is incident.emergency_reported, and a webhook hears only the events it chose', async () => {
    await createHook(['incident.emergency_reported']);
    expect((await postReport(ctx)).statusCode).toBe(201);
    const emergency = await postReport(ctx, { type: 'Fire', classification: 'emergency' });
    expect(emergency.statusCode, emergency.body).toBe(201);
    await ctx.deps.deliveries.idle();
    expect(receiver.received.map((hit) => [hit.event, (hit.json.data as { ticket: string }).ticket])).toEqual([
      ['incident.emergency_reported', emergency.json<{ ticket: string }>().ticket],
    ]);
  });

  it('a confidential case is never sent, and one marked confidential after its event was written is withheld at send time', async () => {
    await createHook(['incident.reported', 'incident.emergency_reported', 'incident.status_changed']);
    const secret = await postReport(ctx, { type: DEMO_CONFIDENTIAL_TYPE.name, classification: 'emergency' });
    expect(secret.statusCode, secret.body).toBe(201);
    await ctx.deps.deliveries.idle();
    expect(receiver.received).toHaveLength(0);
    expect(await query(ctx, sql`select id from deliveries where channel = 'webhook'`)).toHaveLength(0);

    receiver.answerWith(503, 204);
    const open = await postReport(ctx);
    await ctx.deps.deliveries.idle();
    expect(receiver.received).toHaveLength(1);
    const [row] = await query<{ id: string }>(ctx, sql`select id from incidents where ticket = ${open.json<{ ticket: string }>().ticket}`);
    const marked = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${row!.id}/confidential`, headers: bearer(admin), payload: { confidential: true } });
    expect(marked.statusCode, marked.body).toBe(200);
    await nextTry();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = await query<{ status: string; last_error: string }>(ctx, sql`select status, last_error from deliveries where channel = 'webhook'`);
    expect(delivery).toEqual({ status: 'withheld', last_error: 'the case is confidential' });
    // Withheld is not failed: nothing on the supadmin's failed list to retry.
    const failed = await ctx.app.inject({ method: 'GET', url: '/api/deliveries/failed', headers: bearer(supadmin) });
    expect(failed.json<{ items: unknown[] }>().items).toHaveLength(0);
  });
});

describe('the other events', () => {
  it('incident.status_changed when a case is assigned, assistance.requested, advisory.published', async () => {
    await createHook(['incident.status_changed', 'assistance.requested', 'advisory.published']);
    const incident = await insertTestIncident(ctx, { type: 'Theft' });
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const assigned = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incident.id}/assign`, headers: bearer(admin), payload: { tanodId: tanod.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const backup = await ctx.app.inject({
      method: 'POST',
      url: '/api/assistance',
      headers: bearer(await signIn(ctx, tanod)),
      payload: { incidentId: incident.id, reason: 'Crowd gathering', location: INSIDE },
    });
    expect(backup.statusCode, backup.body).toBe(201);
    const advisory = await ctx.app.inject({
      method: 'POST',
      url: '/api/advisories',
      headers: bearer(admin),
      payload: { title: 'Flood warning', body: 'Move to higher ground.', severity: 'danger', startsAt: clock.now().toISOString() },
    });
    expect(advisory.statusCode, advisory.body).toBe(201);
    await ctx.deps.deliveries.idle();

    expect(receiver.received.map((hit) => hit.event)).toEqual(['incident.status_changed', 'assistance.requested', 'advisory.published']);
    expect(receiver.received.every((hit) => hit.signatureValid)).toBe(true);
    expect(receiver.received[0]!.json.data).toMatchObject({ id: incident.id, ticket: incident.ticket, status: 'in_progress', previousStatus: 'pending' });
    expect(receiver.received[1]!.json.data).toMatchObject({ incidentId: incident.id, ticket: incident.ticket, reason: 'Crowd gathering' });
    expect(receiver.received[2]!.json.data).toMatchObject({ title: 'Flood warning', severity: 'danger' });
  });
});

describe('a missed patrol', () => {
  it('is patrol.missed, written by the absences job with the absence, once', async () => {
    await createHook(['patrol.missed']);
    const boss = await person(ctx, 'admin');
    const tanod = await person(ctx, 'tanod');
    const area = await createArea(ctx, boss, square(14.731, 121.046, 0.005));
    const start = new Date(clock.now().getTime() + 60_000);
    const schedule = await scheduleFor(ctx, boss, area, [tanod], start, new Date(start.getTime() + 60 * 60_000));
    clock.advance(62 * 60_000);
    const silent = { error() {} };
    await runJob(ctx.deps, absencesJob, silent);
    await runJob(ctx.deps, absencesJob, silent);
    await ctx.deps.deliveries.idle();
    expect(receiver.received.map((hit) => [hit.event, hit.signatureValid])).toEqual([['patrol.missed', true]]);
    expect(receiver.received[0]!.json.data).toMatchObject({ scheduleId: schedule._id, scheduleCode: schedule.code, tanodId: tanod.id });
  });
});

describe('where a webhook may point', () => {
  it('http://, the metadata address, private networks and ::1 are refused at creation', async () => {
    expect(await refusal('http://hooks.example.com/bantay')).toMatch(/https:\/\//);
    expect(await refusal('https://169.254.169.254/latest/meta-data')).toMatch(/IP address/);
    expect(await refusal('https://metadata.example.com/x')).toMatch(/private or local/);
    expect(await refusal('https://intranet.example.com/x')).toMatch(/private or local/);
    expect(await refusal('https://10.1.2.3/x')).toMatch(/IP address/);
    expect(await refusal('https://[::1]:8443/x')).toMatch(/IP address/);
    expect(await refusal('https://localhost/x')).toMatch(/public host/);
    // WEBHOOKS_ALLOW_LOOPBACK admits loopback, and nothing else private with it.
    expect(await refusal('https://10.1.2.3/x', ctx, supadmin)).toMatch(/IP address/);
    expect(await refusal('https://metadata.example.com/x', ctx, supadmin)).toMatch(/private or local/);
    await createHook(['incident.reported'], { url: `https://[::1]:${receiver.port}/x` });
    // A public host on its own port is fine.
    await createHook(['incident.reported'], { url: 'https://hooks.example.com:8443/bantay', on: strict, token: strictSupadmin });
  });

  it('a host name that resolves to a private address by send time is not posted to (the check is repeated, the connection pinned)', async () => {
    const hook = await createHook(['incident.reported'], { url: 'https://hooks.example.com/bantay', on: strict, token: strictSupadmin });
    dnsAnswers.set('hooks.example.com', '10.0.0.5');
    try {
      const ping = await strict.app.inject({ method: 'POST', url: `/api/webhooks/${hook._id}/test`, headers: bearer(strictSupadmin) });
      expect(ping.statusCode, ping.body).toBe(202);
      await strict.deps.deliveries.idle();
      const [log] = await deliveryLog(hook._id, strict, strictSupadmin);
      expect(log).toMatchObject({ event: 'ping', outcome: 'failed', attempts: 1, lastError: 'URL refused: it has a host name that resolves to a private or local address' });
    } finally {
      dnsAnswers.set('hooks.example.com', '93.184.215.14');
      await query(strict, sql`delete from webhooks`);
    }
  });

  it('a send connects to the address the guard resolved, not to whatever DNS says next', async () => {
    // pinned.bantay.localhost resolves only in this file's DNS: the receiver is reached through it.
    const hook = await createHook(['incident.reported'], { url: `https://pinned.bantay.localhost:${receiver.port}/pinned` });
    await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook._id}/test`, headers: bearer(supadmin) });
    await ctx.deps.deliveries.idle();
    expect(receiver.received.map((hit) => [hit.path, hit.event, hit.signatureValid])).toEqual([['/pinned', 'ping', true]]);
  });
});

describe('managing webhooks', () => {
  it('only the supadmin: admins, tanods and residents are refused, anonymous callers too', async () => {
    const tanod = await signIn(ctx, await createUser(ctx, { userType: 'tanod' }));
    for (const token of [admin, tanod]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: bearer(token), payload: { url: `${receiver.origin}/x`, events: ['incident.reported'] } });
      expect(response.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/webhooks' })).statusCode).toBe(401);
  });

  it('the secret is shown once; rotation gives a new one that signs from then on; edits, turning off and deletion are audited', async () => {
    const hook = await createHook(['incident.reported']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(supadmin) });
    expect(listed.body).not.toContain(hook.secret);
    expect(listed.json<WebhookList>().items).toEqual([expect.objectContaining({ _id: hook._id, events: ['incident.reported'], enabled: true })]);

    const rotated = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook._id}/secret`, headers: bearer(supadmin) });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json<WebhookWithSecret>();
    expect(secret).not.toBe(hook.secret);
    await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook._id}/test`, headers: bearer(supadmin) });
    await ctx.deps.deliveries.idle();
    expect(receiver.received[0]!.signatureValid).toBe(false);
    expect(verifySignature(receiver.received[0]!.signature, secret, receiver.received[0]!.body).valid).toBe(true);
    expect(receiver.received[0]!.json).toMatchObject({ event: 'ping', data: { webhookId: hook._id } });

    const off = await ctx.app.inject({ method: 'PATCH', url: `/api/webhooks/${hook._id}`, headers: bearer(supadmin), payload: { enabled: false, events: ['incident.reported', 'patrol.missed'] } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, events: ['incident.reported', 'patrol.missed'] });
    await postReport(ctx);
    await ctx.deps.deliveries.idle();
    expect(receiver.received).toHaveLength(1);

    const moved = await ctx.app.inject({ method: 'PATCH', url: `/api/webhooks/${hook._id}`, headers: bearer(supadmin), payload: { url: 'http://hooks.example.com/x' } });
    expect(moved.statusCode).toBe(400);

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${hook._id}`, headers: bearer(supadmin) });
    expect(deleted.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${hook._id}/deliveries`, headers: bearer(supadmin) })).statusCode).toBe(404);
    expect(await query(ctx, sql`select id from deliveries where target = ${hook._id}`)).toHaveLength(0);

    const audit = await query<{ action: string; after: Record<string, unknown> | null }>(
      ctx,
      sql`select action, after from audit_entries where entity = 'webhook' and entity_id = ${hook._id}`,
    );
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'rotate_secret', 'update']);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('a delivery given up is on the failed list, and its retry keeps the delivery id', async () => {
    const hook = await createHook(['incident.reported']);
    receiver.answerWith(500);
    await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${hook._id}/test`, headers: bearer(supadmin) });
    await ctx.deps.deliveries.idle();
    for (let attempt = 1; attempt < ctx.deps.deliveries.options.maxAttempts; attempt += 1) {
      clock.advance(20 * 60_000);
      ctx.deps.deliveries.nudge();
      await ctx.deps.deliveries.idle();
    }
    expect(receiver.received).toHaveLength(ctx.deps.deliveries.options.maxAttempts);
    expect(new Set(receiver.received.map((hit) => hit.deliveryId)).size).toBe(1);
    const failed = await ctx.app.inject({ method: 'GET', url: '/api/deliveries/failed', headers: bearer(supadmin) });
    const [item] = failed.json<{ items: { _id: string; channel: string; destination: string; kind: string }[] }>().items;
    expect(item).toMatchObject({ _id: receiver.received[0]!.deliveryId, channel: 'webhook', kind: 'ping', destination: `webhook (127.0.0.1:${receiver.port})` });

    receiver.answerWith(204);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${item!._id}/retry`, headers: bearer(supadmin) })).statusCode).toBe(204);
    await ctx.deps.deliveries.idle();
    expect(receiver.received.at(-1)).toMatchObject({ deliveryId: item!._id, signatureValid: true });
    const [log] = await deliveryLog(hook._id);
    expect(log).toMatchObject({ outcome: 'sent', lastStatusCode: 204 });
  });

  it('bad bodies and unknown ids are refused with the field named', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: bearer(supadmin), payload: { url: `${receiver.origin}/x`, events: ['incident.deleted'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { fields: { field: string }[] } }>().error.fields[0]!.field).toMatch(/^events/);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: bearer(supadmin), payload: { url: `${receiver.origin}/x`, events: [] } });
    expect(none.statusCode).toBe(400);
    const unknown = '7d3c1a52-4b8e-4c1e-9a55-0f6c2f3b9d10';
    for (const [method, url] of [
      ['PATCH', `/api/webhooks/${unknown}`],
      ['DELETE', `/api/webhooks/${unknown}`],
      ['POST', `/api/webhooks/${unknown}/secret`],
      ['POST', `/api/webhooks/${unknown}/test`],
      ['GET', `/api/webhooks/${unknown}/deliveries`],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: bearer(supadmin), ...(method === 'PATCH' ? { payload: { enabled: false } } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
