import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointInPolygon, type Notification, type Polygon, type SmsGatewayStatus, type SmsInbox, type SmsThread, type SmsThreadToIncidentResponse } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, type TestContext } from '../../../test/harness.ts';
import { startFakeServer, type FakeServer } from '../../../test/fake-http.ts';
import { query } from '../../../test/incidents-helpers.ts';
import { createArea, person, scheduleFor, square, type Person } from '../../../test/patrols.ts';
import { connected, nextEvent, startRealtime, type TestSocket } from '../../../test/realtime.ts';
import { readSentMail } from '../../../test/security-helpers.ts';
import { androidSignature, twilioSignature } from '../../adapters/sms/inbound.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { gatewayWatchJob } from './gateway.service.ts';
import { gsm7Length } from './replies.ts';

/**
 * The text line end to end (docs/decisions/032-the-text-line.md), with SMS_PROVIDER=android
 * against a fake SMS Gateway for Android: its webhooks signed as the app signs them, httpSMS's
 * CloudEvents with their JWT, Twilio's form with its signature, and the texts Bantay sends back
 * read from what the fake gateway was asked to send.
 */

const PUBLIC_URL = 'https://bantay.example.ph';
const ANDROID_KEY = 'android-signing-key-0123456789';
const HTTPSMS_KEY = 'httpsms-signing-key-0123456789';
const TWILIO_TOKEN = 'twilio-auth-token-0123456789';
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
const MINUTE = 60_000;

const RESIDENT_PHONE = '+639171234567';
const LOCAL_FORM = '09171234567';

let ctx: TestContext;
let gateway: FakeServer;
let admin: Person;
let tanod: Person;
let supadmin: Person;

beforeAll(async () => {
  gateway = await startFakeServer(() => ({ status: 202, json: { id: crypto.randomUUID(), state: 'Pending' } }));
  ctx = await createTestContext({
    clock,
    env: {
      PUBLIC_URL,
      SMS_PROVIDER: 'android',
      ANDROID_SMS_URL: gateway.url,
      ANDROID_SMS_USERNAME: 'sms',
      ANDROID_SMS_PASSWORD: 'gateway-password',
      ANDROID_SMS_SIGNING_KEY: ANDROID_KEY,
      HTTPSMS_SIGNING_KEY: HTTPSMS_KEY,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      SMS_GATEWAY_NUMBER: '0917 000 0999',
      SMS_REPLIES_PER_HOUR: '4',
    },
  });
  admin = await person(ctx, 'admin');
  supadmin = await person(ctx, 'supadmin', { email: 'chief@example.test' });
  tanod = await person(ctx, 'tanod');
  const area = await createArea(ctx, admin, square(14.73, 121.04));
  await scheduleFor(ctx, admin, area, [tanod], new Date(clock.now().getTime() - MINUTE), new Date(clock.now().getTime() + 48 * 60 * MINUTE));
  await createUser(ctx, { userType: 'resident', phoneNumber: RESIDENT_PHONE, firstName: 'Lorna', lastName: 'Ramos', homePurok: 'Purok 2', homeLat: 14.7391, homeLng: 121.0571 });
});
afterAll(async () => {
  await ctx?.close();
  await gateway?.close();
});

// --- The gateways, as they post -----------------------------------------------------------------

function postAndroid(body: unknown, options: { key?: string; timestamp?: number; signature?: string } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor((options.timestamp ?? clock.now().getTime()) / 1000));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/sms/inbound/android',
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': options.signature ?? androidSignature(options.key ?? ANDROID_KEY, raw, timestamp) },
    payload: raw,
  });
}

const androidText = (from: string, message: string, id: string = crypto.randomUUID()) => ({
  deviceId: 'ffffffffceb0b1db0000018e937c815b',
  event: 'sms:received',
  id,
  payload: { messageId: 'abc123', message, phoneNumber: from, simNumber: 1, receivedAt: clock.now().toISOString() },
  webhookId: 'LreFUt-Z3sSq0JufY9uWB',
});

async function sendText(from: string, message: string): Promise<void> {
  const response = await postAndroid(androidText(from, message));
  expect(response.statusCode, response.body).toBe(200);
}

async function httpsmsToken(options: { key?: string; audience?: string; expires?: boolean } = {}): Promise<string> {
  const now = Math.floor(clock.now().getTime() / 1000);
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('api.httpsms.com')
    .setSubject('XtABz6zdeFMoBLoltz6SREDvRSh2')
    .setAudience(options.audience ?? `${PUBLIC_URL}/api/sms/inbound/httpsms`)
    .setIssuedAt(now)
    .setNotBefore(now);
  if (options.expires !== false) jwt.setExpirationTime(now + 600);
  return jwt.sign(new TextEncoder().encode(options.key ?? HTTPSMS_KEY));
}

async function postHttpsms(type: string, data: Record<string, unknown>, options: { token?: string; id?: string } = {}) {
  const event = { data, datacontenttype: 'application/json', id: options.id ?? crypto.randomUUID(), source: '/v1/messages/receive', specversion: '1.0', time: clock.now().toISOString(), type };
  return ctx.app.inject({
    method: 'POST',
    url: '/api/sms/inbound/httpsms',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token ?? (await httpsmsToken())}` },
    payload: JSON.stringify(event),
  });
}

const missedCall = (contact: string) => ({ contact, owner: '+639170000999', sim: 'SIM1', timestamp: clock.now().toISOString(), user_id: 'XtABz6zdeFMoBLoltz6SREDvRSh2' });

// --- What came of it -----------------------------------------------------------------------------

/** The texts the fake Android gateway was asked to send to a number, oldest first. */
async function textsTo(phone: string): Promise<string[]> {
  await ctx.deps.deliveries.idle();
  return gateway.requests
    .filter((request) => request.path === '/message')
    .map((request) => JSON.parse(request.body) as { phoneNumbers: string[]; textMessage: { text: string } })
    .filter((body) => body.phoneNumbers[0] === phone)
    .map((body) => body.textMessage.text);
}

const incidentsFrom = (phone: string) =>
  query<{ ticket: string; type: string; classification: string; source: string; lat: number; description: string; id: string }>(
    ctx,
    sql`select id, ticket, type, classification, source, lat, description from incidents where reporter_phone = ${phone} order by created_at`,
  );

async function inbox(status = 'all', token = admin.token): Promise<SmsInbox> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/sms/inbox?status=${status}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SmsInbox>();
}

const threadOf = async (phone: string): Promise<SmsThread | undefined> => (await inbox()).threads.find((thread) => thread.phoneNumber === phone);

/** A fresh unknown mobile number per test. */
let numberCounter = 0;
const unknownNumber = () => `+6391855${String(10000 + (numberCounter += 1))}`;

describe('signed webhooks', () => {
  it('refuses a forged, a stale and a replayed post with 401, and acts on none of them', async () => {
    const from = unknownNumber();
    const body = androidText(from, 'forged');
    expect((await postAndroid(body, { key: 'not-the-key-0123456789' })).statusCode).toBe(401);
    expect((await postAndroid(body, { signature: 'ab'.repeat(32) })).statusCode).toBe(401);
    const stale = await postAndroid(body, { timestamp: clock.now().getTime() - 10 * MINUTE });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/sms/inbound/android', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(unsigned.statusCode).toBe(401);
    expect(await threadOf(from)).toBeUndefined();

    // httpSMS: the wrong key, another audience, no expiry, an algorithm other than HS256.
    const call = missedCall(from);
    expect((await postHttpsms('message.call.missed', call, { token: await httpsmsToken({ key: 'another-key-0123456789' }) })).statusCode).toBe(401);
    expect((await postHttpsms('message.call.missed', call, { token: await httpsmsToken({ audience: 'https://evil.example/hook' }) })).statusCode).toBe(401);
    expect((await postHttpsms('message.call.missed', call, { token: await httpsmsToken({ expires: false }) })).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ aud: `${PUBLIC_URL}/api/sms/inbound/httpsms`, exp: 9_999_999_999 })).toString('base64url')}.`;
    expect((await postHttpsms('message.call.missed', call, { token: none })).statusCode).toBe(401);
    expect(await threadOf(from)).toBeUndefined();

    // A replay of a signed post, within its five minutes: the event id was seen.
    const signed = androidText(from, 'hello po');
    expect((await postAndroid(signed)).statusCode).toBe(200);
    const replay = await postAndroid(signed);
    expect(replay.statusCode).toBe(401);
    const id = crypto.randomUUID();
    expect((await postHttpsms('message.phone.received', { contact: from, content: 'isa pa' }, { id })).statusCode).toBe(200);
    expect((await postHttpsms('message.phone.received', { contact: from, content: 'isa pa' }, { id })).statusCode).toBe(401);
    expect((await threadOf(from))!.receivedCount).toBe(2);

    // Twilio: its signature over the public URL and the sorted form.
    const form = { MessageSid: `SM${crypto.randomBytes(16).toString('hex')}`, AccountSid: 'AC1', From: unknownNumber(), To: '+15005550006', Body: 'from twilio' };
    const twilio = (signature: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/sms/inbound/twilio', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, payload: new URLSearchParams(form).toString() });
    expect((await twilio(twilioSignature('wrong-token', `${PUBLIC_URL}/api/sms/inbound/twilio`, form))).statusCode).toBe(401);
    const accepted = await twilio(twilioSignature(TWILIO_TOKEN, `${PUBLIC_URL}/api/sms/inbound/twilio`, form));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.body).toContain('<Response></Response>');
    expect((await threadOf(form.From))!.messages[0]!.text).toBe('from twilio');
  });

  it('staff and residents cannot read the inbox; the gateway routes admit no session', async () => {
    const resident2 = await person(ctx, 'resident', { phoneNumber: '+639171110000' });
    for (const [token, status] of [[null, 401], [resident2.token, 403], [tanod.token, 403]] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/sms/inbox', headers: token ? bearer(token) : {} });
      expect(response.statusCode).toBe(status);
    }
    const withSession = await ctx.app.inject({ method: 'POST', url: '/api/sms/inbound/httpsms', headers: bearer(supadmin.token), payload: {} });
    expect(withSession.statusCode).toBe(401);
  });
});

describe("a verified resident's text", () => {
  it('"TULONG" sent as 0917… becomes an emergency at home with an SMS reply; the same text again makes no second ticket', async () => {
    clock.advance(MINUTE);
    await sendText(LOCAL_FORM, 'TULONG po! May sunog sa kapitbahay');
    const [incident, ...more] = await incidentsFrom(RESIDENT_PHONE);
    expect(more).toEqual([]);
    expect(incident).toMatchObject({ classification: 'emergency', type: 'Fire', source: 'sms', lat: 14.7391, description: 'TULONG po! May sunog sa kapitbahay' });
    expect(incident!.ticket).toMatch(/^ER-/);
    const link = `${PUBLIC_URL}/Reportincidents?ticket=${encodeURIComponent(incident!.ticket)}`;
    // No account language: Filipino.
    expect(await textsTo(RESIDENT_PHONE)).toEqual([`Bantay: natanggap ang EMERGENCY, tinawag na ang mga tanod. Tiket ${incident!.ticket}. Lagay: ${link}`]);
    const [reply] = await textsTo(RESIDENT_PHONE);
    expect(gsm7Length(reply!)).toBeLessThanOrEqual(160);
    // The fake gateway was called as the app's API asks: Basic auth, JSON body.
    const request = gateway.requests.find((candidate) => candidate.body.includes(incident!.ticket))!;
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('sms:gateway-password').toString('base64')}`);
    // The on-duty tanod is told, with the number to call back.
    const notices = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(tanod.token) });
    const notice = notices.json<Notification[]>().find((candidate) => candidate.message.includes(incident!.ticket))!;
    expect(notice).toMatchObject({ kind: 'incident.emergency_reported', callbackPhone: RESIDENT_PHONE });

    // The same text again (another event id, a second press of Send): one ticket.
    await sendText('+63 917 123 4567', 'tulong po!  May SUNOG sa kapitbahay');
    expect(await incidentsFrom(RESIDENT_PHONE)).toHaveLength(1);
    expect(await textsTo(RESIDENT_PHONE)).toHaveLength(1);
    // A different text while the ticket is open joins it as a note, answered once.
    await sendText('639171234567', 'Bahay na kulay asul');
    expect(await incidentsFrom(RESIDENT_PHONE)).toHaveLength(1);
    const [note] = await query<{ detail: string }>(ctx, sql`select detail from incident_events where incident_id = ${incident!.id} and kind = 'note'`);
    expect(note!.detail).toBe(`SMS ${RESIDENT_PHONE}: Bahay na kulay asul`);
    expect((await textsTo(RESIDENT_PHONE)).at(-1)).toBe(`Bantay: idinagdag ang text mo sa tiket ${incident!.ticket}.`);
  });

  it("a resident whose home is only a bent purok is placed inside it, not in the notch the corners' mean falls in", async () => {
    // A U, 300 m a side: the mean of its corners lies in the notch between its arms.
    const [lat, lng, s] = [14.732, 121.046, 0.001];
    const u: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [lng, lat],
          [lng + 3 * s, lat],
          [lng + 3 * s, lat + 3 * s],
          [lng + 2 * s, lat + 3 * s],
          [lng + 2 * s, lat + s],
          [lng + s, lat + s],
          [lng + s, lat + 3 * s],
          [lng, lat + 3 * s],
          [lng, lat],
        ],
      ],
    };
    const area = await createArea(ctx, admin, u);
    const phone = '+639171230077';
    await createUser(ctx, { userType: 'resident', phoneNumber: phone, firstName: 'Nena', lastName: 'Cruz', homePurok: area.name });
    clock.advance(MINUTE);
    await sendText(phone, 'Tulong po, may nag-aaway dito');
    const [incident] = await query<{ lat: number; lng: number }>(ctx, sql`select lat, lng from incidents where reporter_phone = ${phone}`);
    expect(pointInPolygon(incident!, u)).toBe(true);
  });

  it('a missed call from the resident opens an emergency at home; the on-duty tanods see the number to call back; the caller is texted the ticket', async () => {
    clock.advance(60 * MINUTE);
    const response = await postHttpsms('message.call.missed', missedCall('+639171234567'));
    expect(response.statusCode, response.body).toBe(200);
    const incident = (await incidentsFrom(RESIDENT_PHONE)).at(-1)!;
    expect(incident).toMatchObject({ classification: 'emergency', source: 'missed_call', lat: 14.7391 });
    const notices = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(tanod.token) });
    const notice = notices.json<Notification[]>().find((candidate) => candidate.message.includes(incident.ticket))!;
    expect(notice.callbackPhone).toBe(RESIDENT_PHONE);
    expect(notice.message).toContain(`Call back ${RESIDENT_PHONE}`);
    expect((await textsTo(RESIDENT_PHONE)).at(-1)).toContain(incident.ticket);
    // Ringing again a moment later is the same SOS.
    clock.advance(MINUTE);
    await postHttpsms('message.call.missed', missedCall(RESIDENT_PHONE));
    expect((await incidentsFrom(RESIDENT_PHONE)).filter((row) => row.source === 'missed_call')).toHaveLength(1);
  });

  it('STATUS answers under the hourly cap; STOP silences the number until START', async () => {
    clock.advance(120 * MINUTE);
    const { ticket } = (await incidentsFrom(RESIDENT_PHONE))[0]!;
    const before = (await textsTo(RESIDENT_PHONE)).length;
    for (let i = 0; i < 6; i += 1) await sendText(RESIDENT_PHONE, `STATUS ${ticket.toLowerCase()}${' '.repeat(i)}`);
    const answers = (await textsTo(RESIDENT_PHONE)).slice(before);
    // SMS_REPLIES_PER_HOUR=4.
    expect(answers).toEqual(Array(4).fill(`Bantay ${ticket}: naghihintay ng tanod. ${PUBLIC_URL}/Reportincidents?ticket=${encodeURIComponent(ticket)}`));

    clock.advance(61 * MINUTE);
    await sendText(RESIDENT_PHONE, 'HINTO');
    expect((await textsTo(RESIDENT_PHONE)).at(-1)).toBe('Bantay: hindi ka na namin padadalhan ng text. I-text ang SIMULA para tumanggap ulit.');
    const stopped = (await textsTo(RESIDENT_PHONE)).length;
    await sendText(RESIDENT_PHONE, `STATUS ${ticket}`);
    expect(await textsTo(RESIDENT_PHONE)).toHaveLength(stopped);
    await sendText(RESIDENT_PHONE, 'simula');
    expect((await textsTo(RESIDENT_PHONE)).at(-1)).toBe('Bantay: padadalhan ka na ulit namin ng text. I-text ang HINTO para itigil.');
  });
});

describe('an unknown number', () => {
  it('20 texts in seconds make one inbox thread and one reply; an admin makes a ticket of it and the sender is texted', async () => {
    const from = unknownNumber();
    // All at once, as a phone forwards a burst: the number's row lock decides them one by one.
    await Promise.all(Array.from({ length: 20 }, (_, i) => sendText(from, `May away sa kanto ${i}`)));
    const thread = (await threadOf(from))!;
    expect(thread).toMatchObject({ status: 'open', receivedCount: 20, resident: null, ticket: null });
    expect(thread.messages.filter((message) => message.direction === 'in')).toHaveLength(20);
    expect(await textsTo(from)).toEqual(['Bantay: natanggap ang text mo. Babasahin ito ng isang opisyal.']);
    expect(await incidentsFrom(from)).toEqual([]);
    expect((await inbox('open')).openCount).toBeGreaterThan(0);

    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/sms/inbox/${thread._id}/incident`,
      headers: bearer(admin.token),
      payload: { type: 'Public disturbance', classification: 'normal', location: { lat: 14.735, lng: 121.05 }, landmark: 'Kanto ng Narra' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { ticket, thread: ticketed } = response.json<SmsThreadToIncidentResponse>();
    expect(ticketed).toMatchObject({ status: 'ticketed', ticket: { ticket, status: 'pending' }, closedBy: { _id: admin.id } });
    expect(await incidentsFrom(from)).toMatchObject([{ ticket, source: 'sms', type: 'Public disturbance', lat: 14.735 }]);
    expect((await textsTo(from)).at(-1)).toBe(`Bantay: ginawang ulat ng barangay ang text mo. Tiket ${ticket}. Lagay: ${PUBLIC_URL}/Reportincidents?ticket=${encodeURIComponent(ticket)}`);
    // Twice is refused.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/sms/inbox/${thread._id}/incident`, headers: bearer(admin.token), payload: { type: 'Other', classification: 'normal', location: { lat: 14.735, lng: 121.05 } } });
    expect(again.statusCode).toBe(409);
  });

  it('is acknowledged at most once per 10 minutes; replies, dismiss, block and unblock work from the inbox', async () => {
    const from = unknownNumber();
    await sendText(from, 'Salamat po sa tulong kahapon');
    clock.advance(5 * MINUTE);
    await sendText(from, 'Salamat ulit');
    expect(await textsTo(from)).toHaveLength(1);
    clock.advance(6 * MINUTE);
    await sendText(from, 'God bless');
    expect(await textsTo(from)).toHaveLength(2);
    const thread = (await threadOf(from))!;

    clock.advance(MINUTE);
    const reply = await ctx.app.inject({ method: 'POST', url: `/api/sms/inbox/${thread._id}/reply`, headers: bearer(admin.token), payload: { text: 'Walang anuman po!' } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<SmsThread>().messages.at(-1)).toMatchObject({ direction: 'out', text: 'Walang anuman po!', sentBy: { _id: admin.id } });
    expect((await textsTo(from)).at(-1)).toBe('Walang anuman po!');

    const dismissed = await ctx.app.inject({ method: 'POST', url: `/api/sms/inbox/${thread._id}/dismiss`, headers: bearer(admin.token) });
    expect(dismissed.json<SmsThread>().status).toBe('dismissed');

    // A new text opens a new thread; blocking drops what follows.
    clock.advance(11 * MINUTE);
    await sendText(from, 'spam spam');
    const second = (await threadOf(from))!;
    expect(second._id).not.toBe(thread._id);
    const blocked = await ctx.app.inject({ method: 'POST', url: `/api/sms/inbox/${second._id}/block`, headers: bearer(admin.token) });
    expect(blocked.json<SmsThread>().status).toBe('blocked');
    const sent = (await textsTo(from)).length;
    clock.advance(11 * MINUTE);
    await sendText(from, 'more spam');
    expect((await threadOf(from))!.receivedCount).toBe(1);
    expect(await textsTo(from)).toHaveLength(sent);
    const [row] = await query<{ dropped_count: number }>(ctx, sql`select dropped_count from sms_numbers where phone_number = ${from}`);
    expect(row!.dropped_count).toBe(1);
    const unblocked = await ctx.app.inject({ method: 'POST', url: `/api/sms/inbox/${second._id}/unblock`, headers: bearer(admin.token) });
    expect(unblocked.json<SmsThread>().status).toBe('open');
  });

  it('a missed call from an unknown number is an inbox item with no ticket and no text; machines and the phone itself are ignored', async () => {
    const from = unknownNumber();
    expect((await postHttpsms('message.call.missed', missedCall(from))).statusCode).toBe(200);
    expect(await threadOf(from)).toMatchObject({ status: 'open', hasMissedCall: true, ticket: null, messages: [{ kind: 'missed_call', text: '' }] });
    expect(await textsTo(from)).toEqual([]);
    expect(await incidentsFrom(from)).toEqual([]);

    for (const sender of ['2910', 'GLOBE', 'TM-PROMO', '+639170000999']) await sendText(sender, 'Your load is 0.00');
    const numbers = await query<{ phone_number: string }>(ctx, sql`select phone_number from sms_threads where phone_number in ('2910', '+639170000999')`);
    expect(numbers).toEqual([]);
  });
});

describe("the admins' inbox, live and on the record", () => {
  /** The server answers a socket's requests in order, so this comes back after anything sent to it before. */
  const drained = (socket: TestSocket) => new Promise<void>((resolve) => socket.emit('leaveConversation', crypto.randomUUID(), () => resolve()));

  it('hears each text and each step (sms:thread) while tanods do not; the audit log names the admin and the thread, never the number', async () => {
    const realtime = await startRealtime(ctx);
    try {
      const adminSocket = await connected(realtime.client(admin.token));
      const tanodSocket = await connected(realtime.client(tanod.token));
      const heardByTanod: unknown[] = [];
      tanodSocket.on('sms:thread', (payload) => heardByTanod.push(payload));

      const from = unknownNumber();
      const arrived = nextEvent(adminSocket, 'sms:thread');
      await sendText(from, 'May tanong po ako');
      const thread = (await threadOf(from))!;
      expect((await arrived)._id).toBe(thread._id);

      clock.advance(MINUTE);
      const dismissedHeard = nextEvent(adminSocket, 'sms:thread');
      const dismissed = await ctx.app.inject({ method: 'POST', url: `/api/sms/inbox/${thread._id}/dismiss`, headers: bearer(admin.token) });
      expect(dismissed.statusCode, dismissed.body).toBe(200);
      expect((await dismissedHeard)._id).toBe(thread._id);

      await drained(tanodSocket);
      expect(heardByTanod).toEqual([]);

      const audit = await query<{ action: string; actor_id: string; after: unknown }>(
        ctx,
        sql`select action, actor_id, after from audit_entries where entity = 'sms_thread' and entity_id = ${thread._id}`,
      );
      expect(audit).toEqual([{ action: 'dismiss', actor_id: admin.id, after: null }]);
      const mentions = await query<{ count: number }>(ctx, sql`select count(*)::int as count from audit_entries where coalesce(after::text, '') like ${`%${from.slice(-7)}%`}`);
      expect(mentions[0]!.count).toBe(0);
    } finally {
      await realtime.close();
    }
  });
});

describe("the phone's health", () => {
  it('records heartbeats; a silence of SMS_GATEWAY_SILENT_MINUTES alerts the supadmins once by notice and email; the settings read shows the last contact', async () => {
    const ping = { deviceId: 'dev', event: 'system:ping', id: crypto.randomUUID(), payload: { health: { status: 'pass' } }, webhookId: 'wh' };
    expect((await postAndroid(ping)).statusCode).toBe(200);
    expect((await postHttpsms('phone.heartbeat.online', { owner: '+639170000999' })).statusCode).toBe(200);
    const pingedAt = clock.now().toISOString();

    const read = await ctx.app.inject({ method: 'GET', url: '/api/sms/gateway', headers: bearer(admin.token) });
    const status = read.json<SmsGatewayStatus>();
    expect(status).toMatchObject({ sending: ['android'], lastContactAt: pingedAt, silentAfterMinutes: 30, silent: false, gatewayNumber: '0917 000 0999' });
    expect(status.receiving.find((entry) => entry.provider === 'android')).toMatchObject({ enabled: true, lastHeartbeatAt: pingedAt, webhookUrl: `${PUBLIC_URL}/api/sms/inbound/android` });

    const alerts = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(supadmin.token) })).json<Notification[]>().filter((notice) => notice.kind === 'sms.gateway_silent');
    await runJob(ctx.deps, gatewayWatchJob, console);
    clock.advance(29 * MINUTE);
    await runJob(ctx.deps, gatewayWatchJob, console);
    expect(await alerts()).toEqual([]);
    clock.advance(2 * MINUTE);
    await runJob(ctx.deps, gatewayWatchJob, console);
    await runJob(ctx.deps, gatewayWatchJob, console);
    // Both phone gateways fell silent together: one alert each, not one a minute.
    expect((await alerts()).map((notice) => notice.message).sort()).toEqual([
      expect.stringMatching(/^The text line's phone \(SMS Gateway for Android\) has been silent for 31 minutes/),
      expect.stringMatching(/^The text line's phone \(httpSMS\) has been silent for 31 minutes/),
    ]);
    expect((await readSentMail(ctx)).filter((mail) => mail.to === 'chief@example.test')).toHaveLength(2);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sms/gateway', headers: bearer(admin.token) })).json<SmsGatewayStatus>().silent).toBe(true);

    // A contact ends the silence; the next silence alerts again.
    expect((await postAndroid({ ...ping, id: crypto.randomUUID() })).statusCode).toBe(200);
    clock.advance(10 * MINUTE);
    await runJob(ctx.deps, gatewayWatchJob, console);
    expect(await alerts()).toHaveLength(2);
    clock.advance(31 * MINUTE);
    await runJob(ctx.deps, gatewayWatchJob, console);
    expect(await alerts()).toHaveLength(3);

    // A year on, closed threads are gone with their texts (REPORTER_DATA_RETENTION_DAYS); open ones stay.
    const from = unknownNumber();
    await sendText(from, 'salamat po');
    const thanks = (await threadOf(from))!;
    expect((await ctx.app.inject({ method: 'POST', url: `/api/sms/inbox/${thanks._id}/dismiss`, headers: bearer(admin.token) })).statusCode).toBe(200);
    const open = (await inbox('open')).threads.length;
    clock.advance(366 * 24 * 60 * MINUTE);
    await runJob(ctx.deps, gatewayWatchJob, console);
    const { token } = await person(ctx, 'admin');
    expect((await inbox('dismissed', token)).threads).toEqual([]);
    expect((await inbox('ticketed', token)).threads).toEqual([]);
    expect((await inbox('open', token)).threads).toHaveLength(open);
  });
});
