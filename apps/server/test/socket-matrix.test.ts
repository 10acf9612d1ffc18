import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, Conversation, UserType } from '@bantay/shared';
import { CLIENT_EVENT_ACCESS, SOCKET_ROLES } from '../src/realtime/event-access.ts';
import { bearer, createTestContext, createUser, signIn, type TestContext } from './harness.ts';
import { connected, nextEvent, refused, startRealtime, type RealtimeTestServer, type TestSocket } from './realtime.ts';
import { ADVERSARIAL_VALUES, databaseChecksum } from './fuzz-inputs.ts';

/**
 * The socket side of the route × role matrix (decision 025), with real socket.io clients on a
 * real port: who may connect, who may emit each client event (as event-access.ts declares it), who
 * hears typing; then every client event fuzzed from every role, which must neither crash the
 * server nor write anything.
 */
let ctx: TestContext;
let realtime: RealtimeTestServer;
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

beforeAll(async () => {
  ctx = await createTestContext();
  realtime = await startRealtime(ctx);
});
afterAll(async () => {
  await realtime?.close();
  await ctx?.close();
});

async function tokenFor(userType: UserType): Promise<{ id: string; token: string }> {
  const user = await createUser(ctx, { userType });
  return { id: user.id, token: await signIn(ctx, user) };
}

async function socketOf(userType: UserType): Promise<{ id: string; token: string; socket: TestSocket }> {
  const who = await tokenFor(userType);
  return { ...who, socket: await connected(realtime.client(who.token)) };
}

type AnyAck = { ok?: boolean; accepted?: number; error?: { code: string; message: string } };

/**
 * Emits an event with an acknowledgement and waits for it (each handler answers every event it is
 * given one for). The timeout only turns a missing answer into a failure instead of a hung test.
 */
async function emitWithAck(socket: TestSocket, event: keyof ClientToServerEvents, ...args: unknown[]): Promise<AnyAck> {
  return (await (socket.timeout(15_000).emitWithAck as (...all: unknown[]) => Promise<AnyAck>)(event, ...args)) ?? {};
}

/** Small enough for one socket.io message (the server takes at most 100 KB: socket-server.ts). */
const fitsOneMessage = (value: unknown) => (JSON.stringify(value) ?? '').length < 90_000;

describe('who may connect', () => {
  it('refuses a socket without a token and a resident, and admits staff', async () => {
    expect((await refused(realtime.client())).data).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await refused(realtime.client((await tokenFor('resident')).token))).data).toMatchObject({ code: 'FORBIDDEN' });
    for (const role of SOCKET_ROLES) expect((await socketOf(role)).socket.connected).toBe(true);
  });
});

describe('who may emit each client event', () => {
  it('takes effect only for the roles event-access.ts declares, and answers the others with a refusal', async () => {
    const wrong: string[] = [];
    for (const role of SOCKET_ROLES) {
      const { socket } = await socketOf(role);
      const points = await emitWithAck(socket, 'tracking:points', []);
      const pointsAdmitted = (CLIENT_EVENT_ACCESS['tracking:points'].roles as readonly UserType[]).includes(role);
      if ((points.error?.code === 'not_on_duty') === pointsAdmitted) wrong.push(`tracking:points as ${role}: ${JSON.stringify(points)}`);
      const watch = await emitWithAck(socket, 'tracking:watch');
      const watchAdmitted = (CLIENT_EVENT_ACCESS['tracking:watch'].roles as readonly UserType[]).includes(role);
      if (watch.ok !== watchAdmitted || (!watchAdmitted && watch.error?.code !== 'FORBIDDEN')) wrong.push(`tracking:watch as ${role}: ${JSON.stringify(watch)}`);
      for (const event of ['joinNotificationRoom', 'tracking:unwatch'] as const) {
        const answer = await emitWithAck(socket, event);
        if (!answer.ok) wrong.push(`${event} as ${role}: ${JSON.stringify(answer)}`);
      }
      for (const event of ['joinConversation', 'leaveConversation'] as const) {
        const answer = await emitWithAck(socket, event, crypto.randomUUID());
        if (answer.ok || answer.error?.code !== 'NOT_FOUND') wrong.push(`${event} of a conversation not theirs as ${role}: ${JSON.stringify(answer)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets only a participant join a conversation, and only a participant’s typing reach the other', async () => {
    const tanod = await socketOf('tanod');
    const admin = await socketOf('admin');
    const stranger = await socketOf('tanod');
    const created = await ctx.app.inject({ method: 'POST', url: '/api/messages/conversations', headers: bearer(tanod.token), payload: { participantId: admin.id } });
    const { conversation } = created.json<{ conversation: Conversation }>();
    expect(await emitWithAck(admin.socket, 'joinConversation', conversation._id)).toEqual({ ok: true });
    expect(await emitWithAck(tanod.socket, 'joinConversation', conversation._id)).toEqual({ ok: true });
    expect(await emitWithAck(stranger.socket, 'joinConversation', conversation._id)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

    const heard = nextEvent(admin.socket, 'userTyping');
    stranger.socket.emit('typing', { conversationId: conversation._id });
    // Events of one socket are handled in order: once this is answered, the stranger's typing was handled (and dropped).
    await emitWithAck(stranger.socket, 'joinNotificationRoom');
    tanod.socket.emit('typing', { conversationId: conversation._id });
    expect(await heard).toEqual({ conversationId: conversation._id, userId: tanod.id });
  });
});

describe('every client event, fuzzed from every role', () => {
  it('never crashes the server, keeps the socket, answers in the ack shape and writes nothing', async () => {
    const sockets = await Promise.all(SOCKET_ROLES.map((role) => socketOf(role)));
    const before = await databaseChecksum(ctx);
    const events = Object.keys(CLIENT_EVENT_ACCESS) as (keyof ClientToServerEvents)[];
    const payload = fc.oneof(fc.constantFrom(...ADVERSARIAL_VALUES.filter(fitsOneMessage)), fc.jsonValue({ maxDepth: 3 }), fc.array(fc.record({ lat: fc.double(), lng: fc.double(), recordedAt: fc.string() }), { maxLength: 120 }));
    let emitted = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...sockets), fc.constantFrom(...events), payload, async ({ socket }, event, value) => {
        emitted += 1;
        if (event === 'typing') {
          socket.emit('typing', value as never);
          // Answered in order after the typing event: the server is still there and so is the socket.
          expect(await emitWithAck(socket, 'joinNotificationRoom')).toEqual({ ok: true });
          return;
        }
        const answer = await emitWithAck(socket, event, value);
        expect(answer && typeof answer === 'object').toBe(true);
        if (answer.error) expect(typeof answer.error.code === 'string' && typeof answer.error.message === 'string').toBe(true);
        expect(socket.connected).toBe(true);
      }),
      { numRuns: RUNS * 5, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
    // Garbage points are refused, not stored; rooms are not tables: nothing may have changed.
    const after = await databaseChecksum(ctx);
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
    expect(emitted).toBeGreaterThan(0);
  }, 300_000);

  it('drops only the socket that sends a message past the size limit; the server goes on', async () => {
    const sender = await socketOf('tanod');
    const other = await socketOf('admin');
    const gone = new Promise<string>((resolve) => sender.socket.once('disconnect', resolve));
    sender.socket.emit('typing', { conversationId: 'x'.repeat(200_000) });
    expect(await gone).toBe('transport close');
    expect(await emitWithAck(other.socket, 'joinNotificationRoom')).toEqual({ ok: true });
  });
});
