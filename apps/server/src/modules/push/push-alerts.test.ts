import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssistanceRequest, Notification } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { INSIDE, TEST_BOUNDARY, insertTestIncident, postReport, setBoundary } from '../../../test/incidents-helpers.ts';
import { createArea, scheduleFor, square, type Person } from '../../../test/patrols.ts';
import { connected, startRealtime, type RealtimeTestServer } from '../../../test/realtime.ts';
import { startFakePushService, type BrowserSubscription, type FakePushService, type ReceivedPush } from '../../../test/push-service.ts';
import type { UserType } from '@bantay/shared';
import { findUserById } from '../users/users.repository.ts';
import { escalatePendingIncidents } from '../incident-handling/index.ts';
import { scheduleRemindersJob } from '../schedules/schedule-reminders.job.ts';

/**
 * What is pushed, to whom, opening which page (decision 017): the real flows (reports, claims,
 * assignments, backup, schedules, chat) against a local push service that decrypts each message.
 */

const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let ctx: TestContext;
let service: FakePushService;
let realtime: RealtimeTestServer;
let admin: Subscribed;
/** On an ongoing schedule: the one on-duty tanod of this file. */
let onDuty: Subscribed;
let offDuty: Subscribed;

interface Subscribed extends Person {
  browser: BrowserSubscription;
}

async function subscribed(userType: UserType, names: { firstName?: string; lastName?: string } = {}): Promise<Subscribed> {
  const user = await createUser(ctx, { userType, ...names, ...(userType === 'resident' ? { phoneNumber: `+6391755${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}` } : {}) });
  const token = await signIn(ctx, user);
  const browser = service.subscribe();
  const response = await ctx.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: bearer(token), payload: browser });
  expect(response.statusCode, response.body).toBe(201);
  return { id: user.id, token, firstName: user.firstName, lastName: user.lastName, browser };
}

/** What this person's browser received since the test began. */
const pushesTo = (who: Subscribed): ReceivedPush[] => service.received.filter((push) => push.token === who.browser.token);
const payloadsTo = (who: Subscribed) => pushesTo(who).map((push) => push.payload);
const settle = () => ctx.deps.deliveries.idle();

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { PUSH_ALLOW_LOOPBACK: 'true', REPORT_RATE_LIMIT_PER_IP: '1000' } });
  service = await startFakePushService({ vapidPublicKey: ctx.deps.push.publicKey });
  realtime = await startRealtime(ctx);
  await setBoundary(ctx, TEST_BOUNDARY);
  admin = await subscribed('admin', { firstName: 'Alma', lastName: 'Santos' });
  onDuty = await subscribed('tanod', { firstName: 'Juan', lastName: 'Dela Cruz' });
  offDuty = await subscribed('tanod', { firstName: 'Pedro', lastName: 'Penduko' });
  const area = await createArea(ctx, admin, square(14.73, 121.045));
  await scheduleFor(ctx, admin, area, [onDuty], new Date('2026-06-01T08:10:00Z'), new Date('2026-06-01T20:00:00Z'));
  clock.set(new Date('2026-06-01T08:15:00Z'));
  await settle();
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
  await service.close();
});
beforeEach(async () => {
  await settle();
  service.received.length = 0;
  clock.advance(60_000);
});

describe('a new emergency', () => {
  it('is pushed at once to the admins and the on-duty tanods, urgent, naming the ticket, opening each role its page', async () => {
    const response = await postReport(ctx, { type: 'Fire', classification: 'emergency', description: '' });
    expect(response.statusCode, response.body).toBe(201);
    const { ticket } = response.json<{ ticket: string }>();
    await settle();

    const [toAdmin] = pushesTo(admin);
    const [toTanod] = pushesTo(onDuty);
    expect(toAdmin?.payload).toMatchObject({ title: 'EMERGENCY reported', urgent: true, body: expect.stringContaining(ticket), url: expect.stringMatching(/^\/Patrol&incidenttracking\?incident=/) });
    expect(toTanod?.payload).toMatchObject({ title: 'EMERGENCY reported', urgent: true, body: expect.stringContaining(ticket), url: expect.stringMatching(/^\/Patrolmap\?incident=/) });
    expect(toTanod!.headers).toMatchObject({ urgency: 'high', ttl: '3600' });
    expect(pushesTo(offDuty)).toEqual([]);
  });

  it('reaches a tanod who muted incidents and set quiet hours: emergencies are never muted nor held', async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: bearer(onDuty.token),
      payload: { mutedKinds: ['incident', 'backup', 'schedule', 'chat', 'ticket', 'other'], quietHours: { start: '00:00', end: '23:59' } },
    });
    try {
      await postReport(ctx, { type: 'Medical emergency', classification: 'emergency', description: '' });
      await settle();
      expect(payloadsTo(onDuty)).toEqual([expect.objectContaining({ title: 'EMERGENCY reported', urgent: true })]);
      // A normal report is muted for them, and still reaches the admin.
      service.received.length = 0;
      await postReport(ctx, { classification: 'normal' });
      await settle();
      expect(pushesTo(onDuty)).toEqual([]);
      expect(payloadsTo(admin)).toEqual([expect.objectContaining({ title: 'New incident report' })]);
    } finally {
      await ctx.app.inject({ method: 'PUT', url: '/api/push/preferences', headers: bearer(onDuty.token), payload: { mutedKinds: [], quietHours: null } });
    }
  });

  it('each escalation is pushed again, urgent, to the admins and on-duty tanods', async () => {
    const response = await postReport(ctx, { type: 'Fire', classification: 'emergency', description: '' });
    const { ticket } = response.json<{ ticket: string }>();
    await settle();
    service.received.length = 0;
    clock.advance(3 * 60_000);
    await escalatePendingIncidents(ctx.deps, clock.now());
    await settle();
    const escalation = (who: Subscribed) => payloadsTo(who).filter((payload) => String(payload?.body).includes(ticket));
    expect(escalation(admin)).toEqual([expect.objectContaining({ title: 'No responder yet', urgent: true, body: expect.stringContaining('has had no responder') })]);
    expect(escalation(onDuty)).toEqual([expect.objectContaining({ title: 'No responder yet', urgent: true })]);
    expect(escalation(offDuty)).toEqual([]);
  });
});

describe('incident handling', () => {
  it('the tanod an admin assigns is pushed the incident; the admins copy stays in the panel, with its link', async () => {
    const incident = await insertTestIncident(ctx);
    const assign = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incident.id}/assign`, headers: bearer(admin.token), payload: { tanodId: offDuty.id } });
    expect(assign.statusCode, assign.body).toBe(200);
    await settle();
    expect(payloadsTo(offDuty)).toEqual([
      { title: 'Incident assigned to you', body: expect.stringContaining(incident.ticket), url: `/Patrolmap?incident=${incident.id}`, tag: `incident:${incident.id}` },
    ]);
    expect(pushesTo(admin)).toEqual([]);

    const panel = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(offDuty.token) });
    expect(panel.json<Notification[]>().find((item) => item.entityId === incident.id)).toMatchObject({ kind: 'incident.assigned', link: `/Patrolmap?incident=${incident.id}` });
    // Another admin's copy of the assignment links to the admin's page.
    const otherAdmin = await createUser(ctx, { userType: 'admin' });
    const reassign = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incident.id}/assign`, headers: bearer(await signIn(ctx, otherAdmin)), payload: { tanodId: onDuty.id } });
    expect(reassign.statusCode, reassign.body).toBe(200);
    const adminPanel = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(admin.token) });
    expect(adminPanel.json<Notification[]>().find((item) => item.entityId === incident.id && item.kind === 'incident.assigned')?.link).toBe(
      `/Patrol&incidenttracking?incident=${incident.id}`,
    );
    await settle();
    expect(payloadsTo(offDuty).at(-1)).toMatchObject({ title: 'Incident reassigned' });
  });
});

describe('a responder deactivated mid-incident', () => {
  it('the incident handed back to the queue is pushed, urgent, to the admins and on-duty tanods', async () => {
    const incident = await insertTestIncident(ctx, { classification: 'emergency' });
    const responder = await createUser(ctx, { userType: 'tanod' });
    const assign = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incident.id}/assign`, headers: bearer(admin.token), payload: { tanodId: responder.id } });
    expect(assign.statusCode, assign.body).toBe(200);
    await settle();
    service.received.length = 0;
    const otherAdmin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
    const deactivated = await ctx.app.inject({ method: 'POST', url: `/api/users/${responder.id}/deactivate`, headers: bearer(otherAdmin) });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    await settle();
    expect(payloadsTo(admin)).toEqual([expect.objectContaining({ title: 'Back in the queue: no responder', urgent: true, url: `/Patrol&incidenttracking?incident=${incident.id}` })]);
    expect(payloadsTo(onDuty)).toEqual([expect.objectContaining({ title: 'Back in the queue: no responder', urgent: true, url: `/Patrolmap?incident=${incident.id}` })]);
    expect(payloadsTo(offDuty)).toEqual([]);
  });
});

describe('backup', () => {
  it('a request is pushed to the admins, its decision to the tanod who asked', async () => {
    const asked = await ctx.app.inject({ method: 'POST', url: '/api/assistance', headers: bearer(onDuty.token), payload: { location: { ...INSIDE, accuracy: 8 }, reason: 'Crowd is getting rowdy' } });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<AssistanceRequest>();
    await settle();
    expect(payloadsTo(admin)).toEqual([
      { title: 'Backup requested', body: expect.stringContaining('Crowd is getting rowdy'), url: '/Patrol&incidenttracking?tab=backup', tag: `assistance:${request._id}` },
    ]);
    expect(pushesTo(onDuty)).toEqual([]);

    const approved = await ctx.app.inject({ method: 'POST', url: `/api/assistance/${request._id}/approve`, headers: bearer(admin.token), payload: { tanodIds: [offDuty.id] } });
    expect(approved.statusCode, approved.body).toBe(200);
    await settle();
    expect(payloadsTo(onDuty)).toEqual([expect.objectContaining({ title: 'Backup approved', url: '/Patrolmap' })]);
    expect(payloadsTo(offDuty)).toEqual([expect.objectContaining({ title: 'You are dispatched as backup', url: '/Patrolmap' })]);
  });
});

describe('schedules', () => {
  it('a new schedule and the reminder before it are pushed to its members', async () => {
    const area = await createArea(ctx, admin, square(14.735, 121.05, 0.004));
    const startsAt = new Date(clock.now().getTime() + 25 * 60_000);
    const schedule = await scheduleFor(ctx, admin, area, [offDuty], startsAt, new Date(startsAt.getTime() + 4 * 3_600_000));
    await settle();
    expect(payloadsTo(offDuty)).toEqual([expect.objectContaining({ title: 'Schedule changed', url: '/Schedule', tag: `schedule:${schedule._id}` })]);

    await scheduleRemindersJob.run(ctx.deps, clock.now());
    await settle();
    expect(payloadsTo(offDuty).at(-1)).toMatchObject({ title: 'Patrol starts soon', body: expect.stringContaining(schedule.code), url: '/Schedule' });
  });
});

describe('chat', () => {
  async function conversationBetween(from: Subscribed, to: Subscribed): Promise<string> {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/messages/conversations', headers: bearer(from.token), payload: { participantId: to.id } });
    return response.json<{ conversation: { _id: string } }>().conversation._id;
  }
  const send = (from: Subscribed, conversationId: string, content: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload: { conversationId, content } });

  it('a message to someone with no open socket is pushed with the sender name, opening the conversation', async () => {
    const conversationId = await conversationBetween(admin, offDuty);
    expect((await send(admin, conversationId, 'Please bring the radio back to the hall.')).statusCode).toBe(200);
    await settle();
    expect(payloadsTo(offDuty)).toEqual([
      { title: 'Alma Santos', body: 'Please bring the radio back to the hall.', url: `/Dashboard?conversation=${conversationId}`, tag: `conversation:${conversationId}` },
    ]);
  });

  it('a message to someone with Bantay open is not pushed (the socket brings it)', async () => {
    const conversationId = await conversationBetween(offDuty, admin);
    const socket = await connected(realtime.client(admin.token));
    for (let waited = 0; !(await findUserById(ctx.deps.db, admin.id))?.isOnline; waited += 20) {
      if (waited > 5000) throw new Error('the admin never showed as online');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await send(offDuty, conversationId, 'On my way.')).statusCode).toBe(200);
    await settle();
    expect(pushesTo(admin)).toEqual([]);
    socket.disconnect();
  });
});

describe('a resident who reported while signed in', () => {
  it('is pushed when a tanod responds and when the ticket is resolved, opening the ticket page, once each', async () => {
    const resident = await subscribed('resident', { firstName: 'Liza', lastName: 'Soberano' });
    const response = await postReport(ctx, {}, { headers: bearer(resident.token) });
    expect(response.statusCode, response.body).toBe(201);
    const { ticket } = response.json<{ ticket: string }>();
    await settle();
    expect(pushesTo(resident)).toEqual([]);
    const incidents = await ctx.app.inject({ method: 'GET', url: `/api/incidents?q=${ticket}`, headers: bearer(admin.token) });
    const incidentId = incidents.json<{ items: { _id: string; ticket: string }[] }>().items.find((item) => item.ticket === ticket)!._id;

    const first = await subscribed('tanod');
    const second = await subscribed('tanod');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incidentId}/respond`, headers: bearer(first.token) })).statusCode).toBe(200);
    // An admin handing it to another tanod is no new progress for the resident.
    const handed = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incidentId}/assign`, headers: bearer(admin.token), payload: { tanodId: second.id } });
    expect(handed.statusCode, handed.body).toBe(200);
    const resolved = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incidentId}/resolve`, headers: bearer(second.token), payload: { log: 'Returned the bicycle to its owner.' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await settle();

    const ticketPage = `/Reportincidents?ticket=${ticket}`;
    expect(payloadsTo(resident)).toEqual([
      { title: 'A tanod is responding', body: expect.stringContaining(ticket), url: ticketPage, tag: `ticket:${incidentId}` },
      { title: 'Your report is resolved', body: expect.stringContaining(ticket), url: ticketPage, tag: `ticket:${incidentId}` },
    ]);
  });

  it('hears nothing after muting the progress of reports', async () => {
    const resident = await subscribed('resident');
    await ctx.app.inject({ method: 'PUT', url: '/api/push/preferences', headers: bearer(resident.token), payload: { mutedKinds: ['ticket'], quietHours: null } });
    const { ticket } = (await postReport(ctx, {}, { headers: bearer(resident.token) })).json<{ ticket: string }>();
    const incidents = await ctx.app.inject({ method: 'GET', url: `/api/incidents?q=${ticket}`, headers: bearer(admin.token) });
    const incidentId = incidents.json<{ items: { _id: string; ticket: string }[] }>().items.find((item) => item.ticket === ticket)!._id;
    const tanod = await subscribed('tanod');
    const assigned = await ctx.app.inject({ method: 'POST', url: `/api/incidents/${incidentId}/assign`, headers: bearer(admin.token), payload: { tanodId: tanod.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await settle();
    expect(payloadsTo(tanod)).toEqual([expect.objectContaining({ title: 'Incident assigned to you' })]);
    expect(pushesTo(resident)).toEqual([]);
  });
});
