import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/harness.ts';
import type * as Repository from './incidents.repository.ts';

// The race of two sends of one report is forced here: `hideFromRepeatCheck` makes the service's
// first look-up miss a report that is already stored, as a send racing another one would see it.
const hidden = vi.hoisted(() => new Set<string>());
vi.mock('./incidents.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Repository>();
  return {
    ...original,
    findTicketByClientId: async (...args: Parameters<typeof original.findTicketByClientId>) => {
      if (hidden.delete(args[1])) return undefined;
      return original.findTicketByClientId(...args);
    },
  };
});
const hideFromRepeatCheck = (clientId: string) => hidden.add(clientId);

// The server suite shares one module graph between the files a worker runs (isolate: false in
// apps/server/vitest.config.ts), so the app code an earlier file loaded holds the real repository.
// Loading it afresh here, after the mock is in place, gives this file's app the mocked one.
vi.resetModules();
const { ManualClock, createTestContext, createUser } = await import('../../../test/harness.ts');
const { solveBotCheck } = await import('../../../test/security-helpers.ts');
const { TEST_BOUNDARY, newDeviceId, postReport, query, setBoundary } = await import('../../../test/incidents-helpers.ts');

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { REPORT_RATE_LIMIT_PER_IP: '1000', PHOTO_UPLOAD_RATE_LIMIT: '1000' } });
  await setBoundary(ctx, TEST_BOUNDARY);
  await createUser(ctx, { userType: 'admin' });
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(60 * 60_000));

const rowsOf = (clientId: string) =>
  query<{ id: string; ticket: string; occurred_at: unknown }>(ctx, sql`select id, ticket, occurred_at from incidents where client_id = ${clientId}`);
const count = async (statement: ReturnType<typeof sql>) => Number((await query<{ n: number }>(ctx, statement))[0]!.n);

describe('a report sent again with the same clientId (its answer lost, or it waited for a signal)', () => {
  it('answers the same ticket and stores nothing new: one incident, one event, one set of notifications', async () => {
    const clientId = crypto.randomUUID();
    const deviceId = newDeviceId();
    const occurredAt = new Date(clock.now().getTime() - 20 * 60_000).toISOString();
    const first = await postReport(ctx, { clientId, deviceId, occurredAt });
    expect(first.statusCode).toBe(201);

    clock.advance(15 * 60_000);
    const again = await postReport(ctx, { clientId, deviceId, occurredAt });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    const rows = await rowsOf(clientId);
    expect(rows).toHaveLength(1);
    expect(new Date(String(rows[0]!.occurred_at)).toISOString()).toBe(occurredAt);
    expect(await count(sql`select count(*)::int as n from incident_events where incident_id = ${rows[0]!.id}`)).toBe(1);
    const notifications = await count(sql`select count(*)::int as n from notifications where entity_id = ${String(rows[0]!.id)}`);
    expect(notifications).toBeGreaterThan(0);
    await postReport(ctx, { clientId, deviceId, occurredAt });
    expect(await count(sql`select count(*)::int as n from notifications where entity_id = ${String(rows[0]!.id)}`)).toBe(notifications);
  });

  it('a different clientId is a new report with its own ticket', async () => {
    const first = await postReport(ctx, { clientId: crypto.randomUUID() });
    const second = await postReport(ctx, { clientId: crypto.randomUUID() });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().ticket).not.toBe(first.json().ticket);
  });

  it('does not spend the repeat’s bot-check: the same payload still works for the next report', async () => {
    const clientId = crypto.randomUUID();
    const first = await postReport(ctx, { clientId });
    const payload = await solveBotCheck(ctx);
    const again = await postReport(ctx, { clientId }, { botCheck: payload });
    expect(again.statusCode).toBe(201);
    expect(again.json().ticket).toBe(first.json().ticket);

    const next = await postReport(ctx, { clientId: crypto.randomUUID() }, { botCheck: payload });
    expect(next.statusCode).toBe(201);
    expect(next.json().ticket).not.toBe(first.json().ticket);
    // Spent now: a third use is refused, so the 201 above really was the payload's first use.
    const spent = await postReport(ctx, { clientId: crypto.randomUUID() }, { botCheck: payload });
    expect(spent.json().error?.code).toBe('BOT_CHECK_FAILED');
  });

  it('is answered on a device already at its hourly limit, without counting against it', async () => {
    const deviceId = newDeviceId();
    const clientIds = Array.from({ length: 5 }, () => crypto.randomUUID());
    const tickets: string[] = [];
    for (const clientId of clientIds) {
      const response = await postReport(ctx, { clientId, deviceId });
      expect(response.statusCode).toBe(201);
      tickets.push(response.json().ticket);
    }
    expect((await postReport(ctx, { clientId: crypto.randomUUID(), deviceId })).statusCode).toBe(429);

    const again = await postReport(ctx, { clientId: clientIds[2], deviceId });
    expect(again.statusCode).toBe(201);
    expect(again.json().ticket).toBe(tickets[2]);
  });

  it('sent twice at the same moment, gives one ticket and one row', async () => {
    const clientId = crypto.randomUUID();
    const [a, b] = await Promise.all([postReport(ctx, { clientId }), postReport(ctx, { clientId })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().ticket).toBe(a.json().ticket);
    expect(await rowsOf(clientId)).toHaveLength(1);
  });

  it('when the repeat check missed the first send (a race), the unique index answers the first ticket', async () => {
    const clientId = crypto.randomUUID();
    const first = await postReport(ctx, { clientId });
    expect(first.statusCode).toBe(201);
    const before = await count(sql`select count(*)::int as n from incidents`);

    hideFromRepeatCheck(clientId);
    const racing = await postReport(ctx, { clientId, type: 'Noise disturbance' });
    expect(hidden.has(clientId)).toBe(false);
    expect(racing.statusCode).toBe(201);
    expect(racing.json().ticket).toBe(first.json().ticket);
    expect(await count(sql`select count(*)::int as n from incidents`)).toBe(before);
    expect(await rowsOf(clientId)).toHaveLength(1);
  });

  it.each(['not-a-uuid', '12345678-1234-1234-1234-1234567890ab'.replace(/-/g, ''), 42])(
    'a malformed clientId %j is refused with 400 naming the field',
    async (clientId) => {
      const response = await postReport(ctx, { clientId });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.map((field: { field: string }) => field.field)).toEqual(['clientId']);
    },
  );
});
