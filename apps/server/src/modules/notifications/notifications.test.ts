import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from '@bantay/shared';
import { inTransaction } from '../../db/transaction.ts';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { notify, notifyNow } from './notifications.service.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

async function staffWithToken(userType: 'tanod' | 'admin' | 'supadmin' = 'tanod') {
  const user = await createUser(ctx, { userType });
  return { user, headers: bearer(await signIn(ctx, user)) };
}

/** Stores `count` notifications for the user, one minute apart, oldest first. */
async function give(userId: string, messages: string[]) {
  const stored = [];
  for (const message of messages) {
    clock.advance(60_000);
    const [item] = await notifyNow(ctx.deps, { userId }, { message, kind: 'test.event' });
    stored.push(item!.notification);
  }
  return stored;
}

const get = (url: string, headers?: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers?: Record<string, string>) => ctx.app.inject({ method: 'POST', url, headers });
const del = (url: string, headers?: Record<string, string>) => ctx.app.inject({ method: 'DELETE', url, headers });

describe('reading my notifications', () => {
  it('a tanod lists their notifications newest first, with the brief fields plus kind, entity and the page that opens it', async () => {
    const { user, headers } = await staffWithToken();
    await give(user.id, ['Patrol schedule posted', 'Equipment return reminder']);
    clock.advance(60_000);
    await notifyNow(ctx.deps, { userId: user.id }, {
      message: 'New incident reported near the plaza',
      kind: 'incident.reported',
      entity: { type: 'incident', id: 'a3b8d1c2-0000-4000-8000-000000000001' },
    });
    const response = await get('/api/notifications', headers);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((n: { message: string }) => n.message)).toEqual([
      'New incident reported near the plaza',
      'Equipment return reminder',
      'Patrol schedule posted',
    ]);
    expect(list[0]).toEqual({
      _id: expect.any(String),
      message: 'New incident reported near the plaza',
      read: false,
      createdAt: clock.now().toISOString(),
      kind: 'incident.reported',
      entityType: 'incident',
      entityId: 'a3b8d1c2-0000-4000-8000-000000000001',
      link: '/Patrolmap?incident=a3b8d1c2-0000-4000-8000-000000000001',
    });
    expect(list[1]).toMatchObject({ kind: 'test.event', entityType: null, entityId: null, link: null });
    expect(response.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('the list pages with limit and the before cursor until the oldest', async () => {
    const { user, headers } = await staffWithToken();
    await give(user.id, ['one', 'two', 'three', 'four', 'five']);
    const first = await get('/api/notifications?limit=2', headers);
    expect(first.json().map((n: { message: string }) => n.message)).toEqual(['five', 'four']);
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await get(`/api/notifications?limit=2&before=${cursor}`, headers);
    expect(second.json().map((n: { message: string }) => n.message)).toEqual(['three', 'two']);
    const third = await get(`/api/notifications?limit=2&before=${second.headers[NEXT_CURSOR_HEADER] as string}`, headers);
    expect(third.json().map((n: { message: string }) => n.message)).toEqual(['one']);
    expect(third.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('notifications created in the same instant still page without gaps or repeats', async () => {
    const { user, headers } = await staffWithToken();
    for (let i = 0; i < 5; i += 1) await notifyNow(ctx.deps, { userId: user.id }, { message: `same time ${i}` });
    const seen: string[] = [];
    let url = '/api/notifications?limit=2';
    for (;;) {
      const page = await get(url, headers);
      seen.push(...page.json().map((n: { _id: string }) => n._id));
      const next = page.headers[NEXT_CURSOR_HEADER];
      if (!next) break;
      url = `/api/notifications?limit=2&before=${next as string}`;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('a bad limit or cursor is refused with 400', async () => {
    const { headers } = await staffWithToken();
    expect((await get('/api/notifications?limit=0', headers)).statusCode).toBe(400);
    expect((await get('/api/notifications?limit=1000', headers)).statusCode).toBe(400);
    const badCursor = await get('/api/notifications?before=not-a-cursor', headers);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.fields).toEqual([{ field: 'before', message: 'is not a valid cursor' }]);
  });

  it('unread lists only the unread ones, newest first', async () => {
    const { user, headers } = await staffWithToken();
    const [first, second, third] = await give(user.id, ['first', 'second', 'third']);
    await post(`/api/notifications/${second!._id}/read`, headers);
    const response = await get('/api/notifications/unread', headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().unreadNotifications.map((n: { _id: string }) => n._id)).toEqual([third!._id, first!._id]);
  });
});

describe('marking and deleting', () => {
  it('marking one read changes only that one and returns it', async () => {
    const { user, headers } = await staffWithToken();
    const [a, b] = await give(user.id, ['a', 'b']);
    const response = await post(`/api/notifications/${a!._id}/read`, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: a!._id, read: true });
    const list = (await get('/api/notifications', headers)).json();
    expect(list.find((n: { _id: string }) => n._id === b!._id).read).toBe(false);
    // Marking again is harmless.
    expect((await post(`/api/notifications/${a!._id}/read`, headers)).statusCode).toBe(200);
  });

  it('mark-read marks all of mine and nobody else’s', async () => {
    const me = await staffWithToken();
    const other = await staffWithToken();
    await give(me.user.id, ['x', 'y']);
    await give(other.user.id, ['z']);
    const response = await post('/api/notifications/mark-read', me.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, updated: 2 });
    expect((await get('/api/notifications/unread', me.headers)).json().unreadNotifications).toEqual([]);
    expect((await get('/api/notifications/unread', other.headers)).json().unreadNotifications).toHaveLength(1);
    expect((await post('/api/notifications/mark-read', me.headers)).json()).toEqual({ ok: true, updated: 0 });
  });

  it('deleting removes it from my list; deleting it again is 404', async () => {
    const { user, headers } = await staffWithToken();
    const [keep, gone] = await give(user.id, ['keep', 'gone']);
    const response = await del(`/api/notifications/${gone!._id}`, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await get('/api/notifications', headers)).json().map((n: { _id: string }) => n._id)).toEqual([keep!._id]);
    expect((await del(`/api/notifications/${gone!._id}`, headers)).statusCode).toBe(404);
  });
});

describe('ownership', () => {
  it("another user's notification is invisible to me, and I cannot mark or delete it", async () => {
    const owner = await staffWithToken('tanod');
    const intruder = await staffWithToken('supadmin');
    const [theirs] = await give(owner.user.id, ['private to the owner']);

    expect((await get('/api/notifications', intruder.headers)).json()).toEqual([]);
    expect((await get('/api/notifications/unread', intruder.headers)).json()).toEqual({ unreadNotifications: [] });

    const mark = await post(`/api/notifications/${theirs!._id}/read`, intruder.headers);
    expect(mark.statusCode).toBe(404);
    expect(mark.json().error.code).toBe('NOT_FOUND');
    const remove = await del(`/api/notifications/${theirs!._id}`, intruder.headers);
    expect(remove.statusCode).toBe(404);
    await post('/api/notifications/mark-read', intruder.headers);

    const ownerList = (await get('/api/notifications', owner.headers)).json();
    expect(ownerList).toEqual([expect.objectContaining({ _id: theirs!._id, read: false })]);
  });

  it('an unknown or malformed id answers 404 and changes nothing', async () => {
    const { user, headers } = await staffWithToken();
    await give(user.id, ['untouched']);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'; drop table notifications;--"]) {
      const encoded = encodeURIComponent(id);
      expect((await post(`/api/notifications/${encoded}/read`, headers)).statusCode).toBe(404);
      expect((await del(`/api/notifications/${encoded}`, headers)).statusCode).toBe(404);
    }
    expect((await get('/api/notifications/unread', headers)).json().unreadNotifications).toHaveLength(1);
  });
});

describe('who may call', () => {
  const calls: [string, string][] = [
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread'],
    ['POST', '/api/notifications/mark-read'],
    ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
    ['DELETE', '/api/notifications/00000000-0000-4000-8000-000000000000'],
  ];

  it.each(calls)('%s %s without a token is 401', async (method, url) => {
    const response = await ctx.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each(calls)('%s %s as a resident is 403', async (method, url) => {
    const resident = await createUser(ctx, { userType: 'resident' });
    const response = await ctx.app.inject({ method: method as 'GET', url, headers: bearer(await signIn(ctx, resident)) });
    expect(response.statusCode).toBe(403);
  });

  it.each(['tanod', 'admin', 'supadmin'] as const)('a %s may use the notifications', async (userType) => {
    const { headers } = await staffWithToken(userType);
    expect((await get('/api/notifications', headers)).statusCode).toBe(200);
  });
});

describe('the unread dot on /api/auth/me', () => {
  it('hasUnreadNotifications is true while any is unread, and false once all are read', async () => {
    const { user, headers } = await staffWithToken();
    const me = async () => (await get('/api/auth/me', headers)).json().hasUnreadNotifications;
    expect(await me()).toBe(false);
    const [first] = await give(user.id, ['one', 'two']);
    expect(await me()).toBe(true);
    await post(`/api/notifications/${first!._id}/read`, headers);
    expect(await me()).toBe(true);
    await post('/api/notifications/mark-read', headers);
    expect(await me()).toBe(false);
    await give(user.id, ['three']);
    expect(await me()).toBe(true);
  });
});

describe('notify() for other modules', () => {
  it('a role target reaches every active member of the role and no one else', async () => {
    const admin = await createUser(ctx, { userType: 'admin' });
    const supadmin = await createUser(ctx, { userType: 'supadmin' });
    const retired = await createUser(ctx, { userType: 'admin', status: 'deactivated' });
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const items = await notifyNow(ctx.deps, { role: 'admins' }, { message: 'Assistance requested by a tanod' });
    const recipients = items.map((item) => item.userId);
    expect(recipients).toEqual(expect.arrayContaining([admin.id, supadmin.id]));
    expect(recipients).not.toContain(retired.id);
    expect(recipients).not.toContain(tanod.id);
  });

  it('the tanods target reaches active tanods only, and except leaves out the actor', async () => {
    const actor = await createUser(ctx, { userType: 'tanod' });
    const colleague = await createUser(ctx, { userType: 'tanod' });
    const admin = await createUser(ctx, { userType: 'admin' });
    const items = await notifyNow(ctx.deps, { role: 'tanods' }, { message: 'Patrol schedule changed', except: [actor.id] });
    const recipients = items.map((item) => item.userId);
    expect(recipients).toContain(colleague.id);
    expect(recipients).not.toContain(actor.id);
    expect(recipients).not.toContain(admin.id);
  });

  it('a list target reaches those users once each, skipping residents, unknown and malformed ids', async () => {
    const a = await createUser(ctx, { userType: 'tanod' });
    const b = await createUser(ctx, { userType: 'admin' });
    const resident = await createUser(ctx, { userType: 'resident' });
    const items = await notifyNow(
      ctx.deps,
      { userIds: [a.id, b.id, a.id, resident.id, '00000000-0000-4000-8000-000000000000', 'junk'] },
      { message: 'Equipment borrowed' },
    );
    expect(items.map((item) => item.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it('a rolled-back transaction leaves no notification and announces nothing', async () => {
    const { user, headers } = await staffWithToken();
    const announced: unknown[] = [];
    const unsubscribe = ctx.deps.events.subscribe('notifications.created', (payload) => announced.push(payload));
    await expect(
      inTransaction(ctx.deps.db, async (tx, afterCommit) => {
        await notify(ctx.deps, tx, afterCommit, { userId: user.id }, { message: 'never happened' });
        throw new Error('the surrounding work failed');
      }),
    ).rejects.toThrow('the surrounding work failed');
    unsubscribe();
    expect(announced).toEqual([]);
    expect((await get('/api/notifications', headers)).json()).toEqual([]);
  });

  it('the announcement comes only after the commit, with the stored notification', async () => {
    const { user } = await staffWithToken();
    const announced: string[] = [];
    const unsubscribe = ctx.deps.events.subscribe('notifications.created', ({ items }) => announced.push(...items.map((i) => i.notification.message)));
    await inTransaction(ctx.deps.db, async (tx, afterCommit) => {
      await notify(ctx.deps, tx, afterCommit, { userId: user.id }, { message: 'Incident assigned to you' });
      expect(announced).toEqual([]);
    });
    unsubscribe();
    expect(announced).toEqual(['Incident assigned to you']);
  });

  it('an empty or oversized message is a programming error', async () => {
    const { user } = await staffWithToken();
    await expect(notifyNow(ctx.deps, { userId: user.id }, { message: '   ' })).rejects.toThrow(/empty/);
    await expect(notifyNow(ctx.deps, { userId: user.id }, { message: 'x'.repeat(501) })).rejects.toThrow(/longer/);
    await expect(notifyNow(ctx.deps, { userId: user.id }, { message: 'ok', kind: 'Not A Kind' })).rejects.toThrow();
  });
});
