import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceChanged, RealtimeAck } from '@bantay/shared';
import { inTransaction } from '../db/transaction.ts';
import { notify, notifyNow } from '../modules/notifications/notifications.service.ts';
import { insertSession } from '../modules/auth/sessions.repository.ts';
import { findUserById, updateUser } from '../modules/users/users.repository.ts';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../test/harness.ts';
import {
  connected,
  disconnected,
  nextEvent,
  refused,
  startRealtime,
  type RealtimeTestServer,
  type TestSocket,
} from '../../test/realtime.ts';

let ctx: TestContext;
let server: RealtimeTestServer;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  server = await startRealtime(ctx);
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

async function staff(userType: 'tanod' | 'admin' | 'supadmin' = 'tanod') {
  const user = await createUser(ctx, { userType });
  const token = await signIn(ctx, user);
  return { user, token };
}

/** A connected socket for the token; its own presence announcement is awaited so it cannot interleave. */
async function open(token: string): Promise<TestSocket> {
  return connected(server.client(token));
}

const ack = (socket: TestSocket, ...args: unknown[]) =>
  new Promise<RealtimeAck>((resolve) => (socket.emit as (...a: unknown[]) => void)('joinNotificationRoom', ...args, resolve));

describe('the handshake', () => {
  it('a staff member connects with the bearer token in auth, as the web app does', async () => {
    const { token } = await staff('tanod');
    const socket = await open(token);
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('a plain Node client authenticates with an Authorization header instead', async () => {
    const { token } = await staff('admin');
    const socket = await connected(server.client(undefined, { extraHeaders: bearer(token) }));
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('without a token the connection is refused with a clear message', async () => {
    const error = await refused(server.client());
    expect(error.message).toBe('Sign in to continue');
    expect(error.data).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('a forged or garbage token is refused', async () => {
    const error = await refused(server.client('garbage'));
    expect(error.message).toBe('Your session has expired. Please sign in again.');
    expect(error.data).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('a token whose session was revoked by logout is refused', async () => {
    const { token } = await staff();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    const error = await refused(server.client(token));
    expect(error.message).toBe('Your session has expired. Please sign in again.');
  });

  it('an expired session is refused', async () => {
    const { token } = await staff();
    clock.advance(ctx.deps.config.sessionTtlMs + 1000);
    const error = await refused(server.client(token));
    expect(error.data).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('a deactivated user is refused', async () => {
    const { user, token } = await staff();
    await updateUser(ctx.deps.db, user.id, { status: 'deactivated' });
    const error = await refused(server.client(token));
    expect(error.data).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('a resident gets no socket', async () => {
    const resident = await createUser(ctx, { userType: 'resident' });
    const error = await refused(server.client(await signIn(ctx, resident)));
    expect(error.message).toBe('Live updates are for staff only');
    expect(error.data).toEqual({ code: 'FORBIDDEN' });
  });
});

describe('revoked sessions', () => {
  it('an open socket is told of its session’s log out and disconnected, and the same user’s other session stays', async () => {
    const { user, token } = await staff();
    const other = await signIn(ctx, user);
    const leaving = await open(token);
    const staying = await open(other);
    const told = nextEvent(leaving, 'session:ended');
    const gone = disconnected(leaving);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    // Told why first (its other tabs then follow the log out), then closed.
    expect(await told).toEqual({ reason: 'logout' });
    expect(await gone).toBe('io server disconnect');

    const arrived = nextEvent(staying, 'notificationUpdate');
    await notifyNow(ctx.deps, { userId: user.id }, { message: 'Still here' });
    expect((await arrived).notification.message).toBe('Still here');
    expect(staying.connected).toBe(true);
    staying.disconnect();
  });
});

describe('expiring sessions', () => {
  it('an open socket is disconnected when its session expires', async () => {
    const user = await createUser(ctx, { userType: 'tanod' });
    // A session that ends a moment from now (on a whole second, as the token's exp is in seconds),
    // so the socket's expiry timer fires during the test.
    const expiresAt = new Date(Math.ceil((clock.now().getTime() + 500) / 1000) * 1000);
    const session = await insertSession(ctx.deps.db, { userId: user.id, expiresAt, now: clock.now(), userAgent: null, ip: null });
    const token = await ctx.deps.tokens.sign({ id: user.id, userType: 'tanod', jti: session.id }, expiresAt);
    const socket = await open(token);
    const gone = disconnected(socket);
    clock.advance(5000);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('live notifications', () => {
  it("a notification for A reaches every one of A's tabs and none of B's", async () => {
    const a = await staff('tanod');
    const b = await staff('tanod');
    const tab1 = await open(a.token);
    const tab2 = await open(a.token);
    const bSocket = await open(b.token);
    const bFirst = nextEvent(bSocket, 'notificationUpdate');

    const inTab1 = nextEvent(tab1, 'notificationUpdate');
    const inTab2 = nextEvent(tab2, 'notificationUpdate');
    const [stored] = await notifyNow(ctx.deps, { userId: a.user.id }, { message: 'Incident assigned to you', kind: 'incident.assigned' });
    const expected = { type: 'new', notification: stored!.notification };
    expect(await inTab1).toEqual(expected);
    expect(await inTab2).toEqual(expected);

    // Events reach a socket in order, so if B had been told about A's, it would come first.
    await notifyNow(ctx.deps, { userId: b.user.id }, { message: 'For B only' });
    expect((await bFirst).notification.message).toBe('For B only');
    for (const socket of [tab1, tab2, bSocket]) socket.disconnect();
  });

  it('a role notification reaches each member in their own room', async () => {
    const admin = await staff('admin');
    const supadmin = await staff('supadmin');
    const adminSocket = await open(admin.token);
    const supadminSocket = await open(supadmin.token);
    const toAdmin = nextEvent(adminSocket, 'notificationUpdate', (p) => p.notification.message === 'Assistance requested');
    const toSupadmin = nextEvent(supadminSocket, 'notificationUpdate', (p) => p.notification.message === 'Assistance requested');
    await notifyNow(ctx.deps, { role: 'admins' }, { message: 'Assistance requested' });
    const [forAdmin, forSupadmin] = await Promise.all([toAdmin, toSupadmin]);
    // Each got their own row, not a shared one.
    expect(forAdmin.notification._id).not.toBe(forSupadmin.notification._id);
    adminSocket.disconnect();
    supadminSocket.disconnect();
  });

  it('nothing is emitted when the transaction rolls back', async () => {
    const { user, token } = await staff();
    const socket = await open(token);
    const first = nextEvent(socket, 'notificationUpdate');
    await expect(
      inTransaction(ctx.deps.db, async (tx, afterCommit) => {
        await notify(ctx.deps, tx, afterCommit, { userId: user.id }, { message: 'Rolled back' });
        throw new Error('failed after notifying');
      }),
    ).rejects.toThrow('failed after notifying');
    await notifyNow(ctx.deps, { userId: user.id }, { message: 'Committed' });
    expect((await first).notification.message).toBe('Committed');
    socket.disconnect();
  });

  it('joinNotificationRoom is acknowledged, is idempotent, and never joins another user’s room', async () => {
    const me = await staff();
    const victim = await staff();
    const socket = await open(me.token);
    expect(await ack(socket)).toEqual({ ok: true });
    // The brief's client may pass a user id; someone else's must not let this socket listen in.
    expect(await ack(socket, victim.user.id)).toEqual({ ok: true });
    const first = nextEvent(socket, 'notificationUpdate');
    await notifyNow(ctx.deps, { userId: victim.user.id }, { message: 'Private to the victim' });
    await notifyNow(ctx.deps, { userId: me.user.id }, { message: 'Mine' });
    const received = await first;
    expect(received.notification.message).toBe('Mine');
    socket.disconnect();
  });
});

describe('domain events', () => {
  it('an incident change reaches staff as a thin incident:updated event', async () => {
    const tanod = await staff('tanod');
    const socket = await open(tanod.token);
    const arrived = nextEvent(socket, 'incident:updated');
    const updatedAt = clock.now();
    ctx.deps.events.publish('incident.updated', { id: 'incident-1', updatedAt, confidential: false, responderId: null });
    expect(await arrived).toEqual({ _id: 'incident-1', id: 'incident-1', updatedAt: updatedAt.toISOString() });
    socket.disconnect();
  });

  it('positions reach admins watching the live map, not tanods', async () => {
    const admin = await staff('admin');
    const tanod = await staff('tanod');
    const adminSocket = await open(admin.token);
    const tanodSocket = await open(tanod.token);
    await new Promise((resolve) => adminSocket.emit('tracking:watch', resolve));
    const tanodFirst = nextEvent(tanodSocket, 'loan:updated');
    const tanodEvents: string[] = [];
    tanodSocket.onAny((event: string) => {
      if (event.startsWith('tracking:') || event.startsWith('loan:')) tanodEvents.push(event);
    });
    const position = { userId: tanod.user.id, patrolId: null, lat: 14.7, lng: 121.05, accuracy: 5, speed: null, heading: null, at: clock.now().toISOString() };
    const atAdmin = nextEvent(adminSocket, 'tracking:position');
    ctx.deps.events.publish('tracking.position', position);
    expect(await atAdmin).toEqual(position);
    // A loan event addressed to the tanod comes after; had the position reached them, it would be first.
    ctx.deps.events.publish('loan.updated', { id: 'loan-1', updatedAt: clock.now(), userIds: [tanod.user.id] });
    await tanodFirst;
    expect(tanodEvents).toEqual(['loan:updated']);
    adminSocket.disconnect();
    tanodSocket.disconnect();
  });
});

describe('presence', () => {
  it('two tabs count as one user; closing the last tab makes the user offline and sets lastActive', async () => {
    const observer = await staff('admin');
    const watched = await staff('tanod');
    const observerSocket = await open(observer.token);
    const seen: PresenceChanged[] = [];
    observerSocket.on('presence:changed', (changes) => {
      seen.push(...changes.filter((change) => change.userId === watched.user.id));
    });

    const online = nextEvent(observerSocket, 'presence:changed', (changes) => changes.some((p) => p.userId === watched.user.id));
    const tab1 = await open(watched.token);
    expect(await online).toContainEqual(expect.objectContaining({ userId: watched.user.id, isOnline: true }));
    expect((await findUserById(ctx.deps.db, watched.user.id))?.isOnline).toBe(true);

    const tab2 = await open(watched.token);
    clock.advance(5 * 60_000);
    const leftAt = clock.now();
    const offline = nextEvent(observerSocket, 'presence:changed', (changes) => changes.some((p) => p.userId === watched.user.id && !p.isOnline));
    tab1.disconnect();
    tab2.disconnect();
    expect(await offline).toContainEqual({ userId: watched.user.id, isOnline: false, lastActive: leftAt.toISOString() });
    // The second tab neither announced a second arrival nor did the first tab's close mark them offline.
    expect(seen.map((p) => p.isOnline)).toEqual([true, false]);
    const row = await findUserById(ctx.deps.db, watched.user.id);
    expect(row).toMatchObject({ isOnline: false, lastActive: leftAt });
    observerSocket.disconnect();
  });
});
