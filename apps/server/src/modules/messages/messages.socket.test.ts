import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, type Conversation, type Message, type RealtimeAck, type UserType } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { connected, nextEvent, startRealtime, type RealtimeTestServer, type TestSocket } from '../../../test/realtime.ts';
import { sendMessage } from './messages.service.ts';

let ctx: TestContext;
let server: RealtimeTestServer;
// Time stands still unless a test moves it, so the typing limit counts exactly.
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  server = await startRealtime(ctx);
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

interface Person {
  id: string;
  token: string;
}

async function person(userType: UserType = 'tanod'): Promise<Person> {
  const user = await createUser(ctx, { userType });
  return { id: user.id, token: await signIn(ctx, user) };
}

const open = (who: Person): Promise<TestSocket> => connected(server.client(who.token));

async function start(from: Person, to: Person): Promise<Conversation> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/messages/conversations', headers: bearer(from.token), payload: { participantId: to.id } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ conversation: Conversation }>().conversation;
}

async function send(from: Person, conversationId: string, content: string): Promise<Message> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload: { conversationId, content } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: Message }>().message;
}

function emitAck(socket: TestSocket, event: 'joinConversation' | 'leaveConversation', conversationId: string): Promise<RealtimeAck> {
  return new Promise((resolve) => socket.emit(event, conversationId, resolve));
}

/** Everything of `event` a socket receives from now on, in order. */
function collect<E extends 'messageReceived' | 'userTyping' | 'conversation:read'>(socket: TestSocket, event: E) {
  const seen: unknown[] = [];
  socket.on(event, ((payload: unknown) => seen.push(payload)) as never);
  return seen;
}

describe('a message reaches both participants and nobody else', () => {
  it('with the dialog closed, both participants (every tab) get messageReceived once; an outsider gets nothing', async () => {
    const tanod = await person('tanod');
    const admin = await person('admin');
    const outsider = await person('tanod');
    const conversation = await start(tanod, admin);
    const [tanodTab, adminTab1, adminTab2, outsiderTab] = await Promise.all([open(tanod), open(admin), open(admin), open(outsider)]);
    const seenByAdmin = collect(adminTab1, 'messageReceived');
    const seenByOutsider = collect(outsiderTab, 'messageReceived');

    const toTanod = nextEvent(tanodTab, 'messageReceived');
    const toAdmin1 = nextEvent(adminTab1, 'messageReceived');
    const toAdmin2 = nextEvent(adminTab2, 'messageReceived');
    const sent = await send(tanod, conversation._id, 'Sir, nasa checkpoint na kami.');
    expect(await toTanod).toEqual(sent);
    expect(await toAdmin1).toEqual(sent);
    expect(await toAdmin2).toEqual(sent);

    // Socket events arrive in order: a later message for the outsider's own chat comes first to
    // them if nothing leaked before it.
    const outsiderChat = await start(outsider, tanod);
    const outsiderNext = nextEvent(outsiderTab, 'messageReceived');
    await send(tanod, outsiderChat._id, 'Para sa iyo lang');
    expect((await outsiderNext).content).toBe('Para sa iyo lang');
    expect(seenByOutsider).toHaveLength(1);
    // A second message to the admin, in order after the first: no duplicate came between them.
    const adminNext = nextEvent(adminTab1, 'messageReceived', (m) => m.content === 'Isa pa');
    const again = await send(tanod, conversation._id, 'Isa pa');
    await adminNext;
    expect(seenByAdmin).toEqual([sent, again]);
  });

  it('a socket that also joined the conversation room still gets each message once', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    const bSocket = await open(b);
    expect(await emitAck(bSocket, 'joinConversation', conversation._id)).toEqual({ ok: true });
    const seen = collect(bSocket, 'messageReceived');
    const first = nextEvent(bSocket, 'messageReceived', (m) => m.content === 'isa');
    const second = nextEvent(bSocket, 'messageReceived', (m) => m.content === 'dalawa');
    await send(a, conversation._id, 'isa');
    await send(a, conversation._id, 'dalawa');
    await first;
    await second;
    expect(seen.map((m) => (m as Message).content)).toEqual(['isa', 'dalawa']);
  });

  it('nothing is emitted, and nothing stored, when storing the message fails', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    const bSocket = await open(b);
    const firstArrival = nextEvent(bSocket, 'messageReceived');
    // The real service, on a database whose writing statement fails (the message is one statement,
    // committed when it answers: the event goes out only after that).
    const db = ctx.deps.db;
    const failingDb = Object.create(db, {
      execute: {
        value: () => Promise.reject(new Error('commit failed')),
      },
    }) as typeof db;
    const actor = { id: a.id, userType: 'tanod' as const, sessionId: crypto.randomUUID() };
    await expect(sendMessage({ ...ctx.deps, db: failingDb }, actor, { conversationId: conversation._id, content: 'Hindi ito matutuloy' })).rejects.toThrow(
      'commit failed',
    );
    await send(a, conversation._id, 'Ito ang totoo');
    expect((await firstArrival).content).toBe('Ito ang totoo');
    const page = await ctx.app.inject({ method: 'GET', url: `/api/messages/conversations/${conversation._id}/messages`, headers: bearer(b.token) });
    expect(page.json<{ messages: Message[] }>().messages.map((m) => m.content)).toEqual(['Ito ang totoo']);
  });
});

describe('the conversation room', () => {
  it('only participants can join; an outsider is refused and hears no typing', async () => {
    const a = await person('tanod');
    const b = await person('admin');
    const outsider = await person('tanod');
    const conversation = await start(a, b);
    const [aSocket, bSocket, outsiderSocket] = await Promise.all([open(a), open(b), open(outsider)]);
    const refusal = { ok: false, error: { code: 'NOT_FOUND', message: 'Conversation not found' } };
    expect(await emitAck(outsiderSocket, 'joinConversation', conversation._id)).toEqual(refusal);
    expect(await emitAck(outsiderSocket, 'joinConversation', crypto.randomUUID())).toEqual(refusal);
    expect(await emitAck(outsiderSocket, 'leaveConversation', conversation._id)).toEqual(refusal);
    expect(await emitAck(aSocket, 'joinConversation', conversation._id)).toEqual({ ok: true });
    expect(await emitAck(bSocket, 'joinConversation', conversation._id)).toEqual({ ok: true });
    expect((await server.realtime.io.in(`conversation:${conversation._id}`).fetchSockets()).map((s) => s.data.userId).sort()).toEqual(
      [a.id, b.id].sort(),
    );

    // The outsider's typing into the room is dropped; their own chat's typing still works, so
    // the participants would have seen the earlier one first had it been forwarded.
    const outsiderTyping = collect(aSocket, 'userTyping');
    outsiderSocket.emit('typing', { conversationId: conversation._id, userId: outsider.id });
    const bTyping = nextEvent(aSocket, 'userTyping');
    bSocket.emit('typing', { conversationId: conversation._id });
    expect(await bTyping).toEqual({ conversationId: conversation._id, userId: b.id });
    expect(outsiderTyping).toEqual([{ conversationId: conversation._id, userId: b.id }]);
  });

  it('typing reaches only the other participant, not the typist’s own tabs, and stops after leaving', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    const [aTab1, aTab2, bSocket] = await Promise.all([open(a), open(a), open(b)]);
    for (const socket of [aTab1, aTab2, bSocket]) expect(await emitAck(socket, 'joinConversation', conversation._id)).toEqual({ ok: true });
    const aTab2Typing = collect(aTab2, 'userTyping');

    const toB = nextEvent(bSocket, 'userTyping');
    // The brief's client also sends its user id; someone else's is ignored.
    aTab1.emit('typing', { conversationId: conversation._id, userId: b.id });
    expect(await toB).toEqual({ conversationId: conversation._id, userId: a.id });

    // Then b types back: a's second tab hears b's typing first, so it never heard its own.
    const toATab2 = nextEvent(aTab2, 'userTyping');
    bSocket.emit('typing', { conversationId: conversation._id });
    expect(await toATab2).toEqual({ conversationId: conversation._id, userId: b.id });
    expect(aTab2Typing).toEqual([{ conversationId: conversation._id, userId: b.id }]);

    // After leaving, b no longer hears typing; a message (in order, after it) proves it.
    expect(await emitAck(bSocket, 'leaveConversation', conversation._id)).toEqual({ ok: true });
    const bTyping = collect(bSocket, 'userTyping');
    aTab1.emit('typing', { conversationId: conversation._id });
    const message = nextEvent(bSocket, 'messageReceived');
    // The ack is answered after the typing was handled (one socket's events run in order).
    expect(await emitAck(aTab1, 'joinConversation', conversation._id)).toEqual({ ok: true });
    await send(a, conversation._id, 'Nandito na ako');
    await message;
    expect(bTyping).toEqual([]);
  });

  it(`typing is limited to ${MESSAGE_LIMITS.typingPerSecond} events a second per socket`, async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    const [aSocket, bSocket] = await Promise.all([open(a), open(b)]);
    for (const socket of [aSocket, bSocket]) await emitAck(socket, 'joinConversation', conversation._id);
    const typing = collect(bSocket, 'userTyping');
    for (let i = 0; i < 20; i += 1) aSocket.emit('typing', { conversationId: conversation._id });
    await emitAck(aSocket, 'joinConversation', conversation._id);
    const message = nextEvent(bSocket, 'messageReceived');
    await send(a, conversation._id, 'Tapos na');
    await message;
    expect(typing).toHaveLength(MESSAGE_LIMITS.typingPerSecond);

    // A second later the typist is heard again.
    clock.advance(1000);
    const again = nextEvent(bSocket, 'userTyping');
    aSocket.emit('typing', { conversationId: conversation._id });
    await again;
    expect(typing).toHaveLength(MESSAGE_LIMITS.typingPerSecond + 1);
  });
});

describe('read receipts', () => {
  it('when the recipient marks the conversation read, the sender gets conversation:read and the recipient’s peers do not', async () => {
    const tanod = await person('tanod');
    const admin = await person('admin');
    const conversation = await start(tanod, admin);
    const [tanodSocket, adminSocket] = await Promise.all([open(tanod), open(admin)]);
    const adminReads = collect(adminSocket, 'conversation:read');
    const sent = await send(tanod, conversation._id, 'Sir, pakitingnan po ang report.');

    const receipt = nextEvent(tanodSocket, 'conversation:read');
    const response = await ctx.app.inject({ method: 'POST', url: `/api/messages/conversations/${conversation._id}/read`, headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    const got = await receipt;
    expect(got).toEqual({ conversationId: conversation._id, userId: admin.id, at: response.json().readAt });
    expect(new Date(got.at).getTime()).toBeGreaterThanOrEqual(new Date(sent.createdAt).getTime());

    // Marking again with nothing new sends no second receipt: the next one the sender sees is for a new message.
    await ctx.app.inject({ method: 'POST', url: `/api/messages/conversations/${conversation._id}/read`, headers: bearer(admin.token) });
    const tanodReads = collect(tanodSocket, 'conversation:read');
    await send(tanod, conversation._id, 'Salamat po.');
    const second = nextEvent(tanodSocket, 'conversation:read');
    await ctx.app.inject({ method: 'POST', url: `/api/messages/conversations/${conversation._id}/read`, headers: bearer(admin.token) });
    await second;
    expect(tanodReads).toHaveLength(1);
    expect(adminReads).toEqual([]);
  });
});

describe('a repeated send', () => {
  it('a send repeated with the same clientId is pushed once, with the clientId so the sender’s tabs can match it', async () => {
    const tanod = await person('tanod');
    const admin = await person('admin');
    const conversation = await start(tanod, admin);
    const [tanodTab, adminTab] = await Promise.all([open(tanod), open(admin)]);
    const seenByAdmin = collect(adminTab, 'messageReceived');
    const toTanod = nextEvent(tanodTab, 'messageReceived');
    const toAdmin = nextEvent(adminTab, 'messageReceived');
    const body = { conversationId: conversation._id, content: 'Sent while offline', clientId: 'offline-0001' };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(tanod.token), payload: body });
    const repeat = await ctx.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(tanod.token), payload: body });
    expect([first.statusCode, repeat.statusCode]).toEqual([200, 200]);
    expect(await toTanod).toMatchObject({ content: 'Sent while offline', clientId: 'offline-0001' });
    // Each socket gets its copy in its own time (on PostgreSQL through the adapter): wait for the admin's too.
    expect((await toAdmin).content).toBe('Sent while offline');

    // A later message arrives next: the repeat sent nothing in between.
    const following = nextEvent(adminTab, 'messageReceived');
    await send(tanod, conversation._id, 'Next one');
    expect((await following).content).toBe('Next one');
    expect(seenByAdmin.map((m) => (m as Message).content)).toEqual(['Sent while offline', 'Next one']);
  });
});
