import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, createTestContext, createUser, type TestContext } from '../../../test/harness.ts';
import { insertPushSubscription } from '../../../test/sessions.ts';
import { readSentSms } from '../../../test/security-helpers.ts';
import { TEST_BOUNDARY, postReport, query, setBoundary } from '../../../test/incidents-helpers.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notify } from '../notifications/index.ts';
import { incidentLabel } from '../incident-handling/incident-label.ts';
import { enqueueReceiptSms } from '../incident-alerts/index.ts';
import { msg } from '@lingui/core/macro';

/**
 * What the server sends is written in its recipient's language (decision 029): a resident's SMS in
 * their account's language, else the one they reported in; a staff member's notification and push
 * alert in theirs. The English reads as before (incident-sms.test.ts, push-alerts.test.ts).
 */

const PUBLIC_URL = 'https://bantay.example.ph';
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { PUBLIC_URL, REPORT_RATE_LIMIT_PER_IP: '1000' } });
  await setBoundary(ctx, TEST_BOUNDARY);
});

afterAll(async () => {
  await ctx?.close();
});

const textsTo = async (phone: string) => (await readSentSms(ctx)).filter((sms) => sms.to === phone).map((sms) => sms.text);

describe('the reporter SMS', () => {
  it('a report made in Filipino (the bantay_lang cookie) gets its receipt in Filipino; one in English, in English', async () => {
    const fil = await postReport(ctx, { reporterPhone: '0917 555 2201' }, { headers: { cookie: 'bantay_lang=fil' } });
    expect(fil.statusCode, fil.body).toBe(201);
    const filTicket = fil.json<{ ticket: string }>().ticket;
    expect(await textsTo('+639175552201')).toEqual([
      `Bantay: natanggap namin ang ulat ninyo. Ang tiket ninyo ay ${filTicket}. Subaybayan dito: ${PUBLIC_URL}/Reportincidents?ticket=${filTicket}`,
    ]);
    const [row] = await query<{ reporter_language: string }>(ctx, sql`select reporter_language from incidents where ticket = ${filTicket}`);
    expect(row?.reporter_language).toBe('fil');

    const en = await postReport(ctx, { reporterPhone: '0917 555 2202' });
    const enTicket = en.json<{ ticket: string }>().ticket;
    expect(await textsTo('+639175552202')).toEqual([
      `Bantay: we received your report. Your ticket is ${enTicket}. Track it at ${PUBLIC_URL}/Reportincidents?ticket=${enTicket}`,
    ]);
  });

  it("a resident whose account language is Filipino gets the receipt in Filipino, whatever the report's language", async () => {
    const resident = await createUser(ctx, { userType: 'resident', phoneNumber: '+639175552203', language: 'fil' });
    const ticket = 'IR-TEST-0002';
    // The receipt of a report by that resident, made in English.
    await inTransaction(ctx.deps.db, (tx, afterCommit) =>
      enqueueReceiptSms(ctx.deps, tx, afterCommit, { id: crypto.randomUUID(), ticket, reporterId: resident.id, reporterPhone: '+639175552203', reporterLanguage: 'en' }),
    );
    expect(await textsTo('+639175552203')).toEqual([`Bantay: natanggap namin ang ulat ninyo. Ang tiket ninyo ay ${ticket}. Subaybayan dito: ${PUBLIC_URL}/Reportincidents?ticket=${ticket}`]);
  });
});

describe('staff notifications and push alerts', () => {
  it('a tanod whose language is Filipino reads the notification and its push alert in Filipino; an English one in English', async () => {
    const filTanod = await createUser(ctx, { userType: 'tanod', language: 'fil', firstName: 'Juan', lastName: 'Dela Cruz' });
    const enTanod = await createUser(ctx, { userType: 'tanod', firstName: 'Ana', lastName: 'Reyes' });
    for (const tanod of [filTanod, enTanod]) {
      await insertPushSubscription(ctx, tanod.id, { endpoint: `https://push.example.test/${tanod.id}` });
    }
    const row = { ticket: 'IR-TEST-0001', type: 'Fire', landmark: 'Palengke', address: null, classification: 'normal' as const, confidential: false };
    const entity = { type: 'incident' as const, id: crypto.randomUUID() };
    await inTransaction(ctx.deps.db, (tx, afterCommit) =>
      notify(ctx.deps, tx, afterCommit, { userIds: [filTanod.id, enTanod.id] }, {
        message: () => {
          // The message modules/incident-handling/incident-handling.service.ts writes for an assignment.
          const incident = incidentLabel(row);
          return msg`You were assigned ${incident}`;
        },
        kind: 'incident.assigned',
        entity,
      }),
    );
    const messages = await query<{ user_id: string; message: string }>(ctx, sql`select user_id, message from notifications where entity_id = ${entity.id}`);
    const messageOf = (id: string) => messages.find((row) => row.user_id === id)?.message;
    expect(messageOf(filTanod.id)).toBe('Na-assign sa iyo ang Insidente IR-TEST-0001 (Sunog malapit sa Palengke)');
    expect(messageOf(enTanod.id)).toBe('You were assigned Incident IR-TEST-0001 (Fire near Palengke)');

    const pushes = await query<{ user_id: string; payload: { title: string; body: string } }>(
      ctx,
      sql`select user_id, payload from deliveries where channel = 'push' and kind = 'incident.assigned' and user_id in (${filTanod.id}, ${enTanod.id})`,
    );
    const pushOf = (id: string) => pushes.find((row) => row.user_id === id)?.payload;
    expect(pushOf(filTanod.id)).toMatchObject({ title: 'Na-assign sa iyo ang insidente', body: 'Na-assign sa iyo ang Insidente IR-TEST-0001 (Sunog malapit sa Palengke)' });
    expect(pushOf(enTanod.id)).toMatchObject({ title: 'Incident assigned to you', body: 'You were assigned Incident IR-TEST-0001 (Fire near Palengke)' });
  });
});
