import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { solveBotCheck } from '../../../test/security-helpers.ts';
import { newDeviceId, postReport, query, setBoundary } from '../../../test/incidents-helpers.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { RATING_RATE_LIMIT: '1000', REPORT_RATE_LIMIT_PER_IP: '1000' } });
  await setBoundary(ctx, null);
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(60_000));

async function rate(tanodId: string, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/public/evaluations',
    headers,
    payload: { tanodId, rating: 5, comment: 'Mabilis rumesponde, salamat po!', name: 'Aling Nena', deviceId: newDeviceId(), botCheck: await solveBotCheck(ctx), ...overrides },
  });
}

const directory = async (search?: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/public/tanods${search ? `?search=${encodeURIComponent(search)}` : ''}` });
  expect(response.statusCode).toBe(200);
  return response.json().tanods as { _id: string; averageRating: number | null; ratingCount: number; recentComments: { comment: string; name: string | null }[] }[];
};

describe('the tanod directory', () => {
  it('lists active tanods with their average, count and recent visible comments; hidden ratings do not count', async () => {
    const tanod = await createUser(ctx, { firstName: 'Andres', lastName: 'Bonifacio' });
    const retired = await createUser(ctx, { status: 'deactivated' });
    const admin = await createUser(ctx, { userType: 'admin' });
    expect((await rate(tanod.id, { rating: 5, comment: 'Very kind' })).statusCode).toBe(201);
    clock.advance(60_000);
    expect((await rate(tanod.id, { rating: 4, comment: 'Helpful', anonymous: true })).statusCode).toBe(201);
    clock.advance(60_000);
    expect((await rate(tanod.id, { rating: 1, comment: 'Abusive words here' })).statusCode).toBe(201);
    await ctx.deps.db.execute(sql`update evaluations set hidden = true where comment = 'Abusive words here'`);

    const list = await directory();
    const ids = list.map((t) => t._id);
    expect(ids).toContain(tanod.id);
    expect(ids).not.toContain(retired.id);
    expect(ids).not.toContain(admin.id);
    const entry = list.find((t) => t._id === tanod.id)!;
    expect(entry).toMatchObject({ averageRating: 4.5, ratingCount: 2 });
    expect(entry.recentComments.map((c) => c.comment)).toEqual(['Helpful', 'Very kind']);
    expect(entry.recentComments[0]!.name).toBeNull();
    expect(JSON.stringify(entry)).not.toContain('device');
  });

  it('search matches first or last name, case-insensitively; a tanod without ratings has no average', async () => {
    const tanod = await createUser(ctx, { firstName: 'Gregoria', lastName: 'de Jesus' });
    const found = await directory('de jes');
    expect(found.map((t) => t._id)).toEqual([tanod.id]);
    expect(found[0]).toMatchObject({ averageRating: null, ratingCount: 0, recentComments: [] });
    expect(await directory('%')).toEqual([]);
  });
});

describe('rating a tanod', () => {
  it('one device may rate a tanod once in 30 days; another device may rate at once', async () => {
    const tanod = await createUser(ctx);
    const deviceId = newDeviceId();
    expect((await rate(tanod.id, { deviceId })).statusCode).toBe(201);
    const again = await rate(tanod.id, { deviceId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already rated/);
    expect((await rate(tanod.id, { deviceId: newDeviceId() })).statusCode).toBe(201);
    // Another tanod is a separate rating.
    expect((await rate((await createUser(ctx)).id, { deviceId })).statusCode).toBe(201);
    clock.advance(30 * 24 * 60 * 60_000 + 1000);
    expect((await rate(tanod.id, { deviceId })).statusCode).toBe(201);
  });

  it('a signed-in resident may rate a tanod once in 30 days, whatever the device', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, await createUser(ctx, { userType: 'resident' }));
    expect((await rate(tanod.id, {}, bearer(token))).statusCode).toBe(201);
    expect((await rate(tanod.id, { deviceId: newDeviceId() }, bearer(token))).statusCode).toBe(409);
  });

  it('a rating without a solved bot check is refused and not stored', async () => {
    const tanod = await createUser(ctx);
    const response = await rate(tanod.id, { botCheck: 'bm90LWEtc29sdXRpb24=' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BOT_CHECK_FAILED');
    expect(await query(ctx, sql`select id from evaluations where tanod_id = ${tanod.id}`)).toEqual([]);
  });

  it.each([
    [{ rating: 6 }, 'rating'],
    [{ rating: 0 }, 'rating'],
    [{ comment: '  ' }, 'comment'],
    [{ comment: 'x'.repeat(501) }, 'comment'],
    [{ deviceId: undefined }, 'deviceId'],
    [{ tanodId: 'abc' }, 'tanodId'],
  ])('a rating %j is refused with 400 naming %s', async (overrides, field) => {
    const tanod = await createUser(ctx);
    const response = await rate(tanod.id, overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('an unknown, deactivated or non-tanod user cannot be rated (404)', async () => {
    for (const user of [await createUser(ctx, { status: 'deactivated' }), await createUser(ctx, { userType: 'admin' })]) {
      expect((await rate(user.id)).statusCode).toBe(404);
    }
    expect((await rate('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('rating from a ticket', () => {
  const rateTicket = (ticket: string, payload: Record<string, unknown> = { rating: 4, comment: 'Dumating agad' }) =>
    ctx.app.inject({ method: 'POST', url: `/api/public/tickets/${ticket}/rating`, payload });

  it('the holder of a resolved ticket rates the responder once; the lookup then offers no more rating', async () => {
    const tanod = await createUser(ctx, { firstName: 'Rowena' });
    const { ticket } = (await postReport(ctx)).json();
    expect((await rateTicket(ticket)).statusCode).toBe(422);
    await ctx.deps.db.execute(sql`update incidents set status = 'resolved', responder_id = ${tanod.id}, resolved_at = now() where ticket = ${ticket}`);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/tickets/${ticket}` })).json().canRate).toBe(true);
    clock.advance(60_000);

    const first = await rateTicket(ticket.toLowerCase());
    expect(first.statusCode).toBe(201);
    const second = await rateTicket(ticket);
    expect(second.statusCode).toBe(409);
    const lookup = (await ctx.app.inject({ method: 'GET', url: `/api/public/tickets/${ticket}` })).json();
    expect(lookup.canRate).toBe(false);
    expect(lookup.timeline.at(-1).kind).toBe('rated');
    const entry = (await directory('Rowena')).find((t) => t._id === tanod.id)!;
    expect(entry).toMatchObject({ averageRating: 4, ratingCount: 1 });
  });

  it('an unknown ticket is 404 and a missing comment is 400', async () => {
    expect((await rateTicket('IR-2345-6789')).statusCode).toBe(404);
    const response = await rateTicket('IR-2345-6789', { rating: 4 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[0].field).toBe('comment');
  });
});

describe('rating rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ env: { RATING_RATE_LIMIT: '2' } });
  });
  afterAll(() => limited.close());

  it('ratings from one address beyond the hourly limit get 429', async () => {
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/public/evaluations',
        remoteAddress: '10.4.0.1',
        payload: { tanodId: '00000000-0000-4000-8000-000000000000', rating: 5, comment: 'ok', deviceId: newDeviceId(), botCheck: 'x' },
      });
    expect((await attempt()).statusCode).toBe(404);
    expect((await attempt()).statusCode).toBe(404);
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });
});
