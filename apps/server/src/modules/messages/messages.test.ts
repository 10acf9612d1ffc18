import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message, MessageListResponse, UserType } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { updateUser } from '../users/users.repository.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(async () => {
  await ctx.close();
});

interface Person {
  id: string;
  token: string;
  userType: UserType;
}

async function person(userType: UserType = 'tanod'): Promise<Person> {
  const user = await createUser(ctx, { userType });
  return { id: user.id, token: await signIn(ctx, user), userType };
}

function call(who: Person | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function start(from: Person, to: Person): Promise<Conversation> {
  const response = await call(from, 'POST', '/api/messages/conversations', { participantId: to.id });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ conversation: Conversation }>().conversation;
}

async function send(from: Person, conversationId: string, content: string): Promise<Message> {
  clock.advance(1000);
  const response = await call(from, 'POST', '/api/messages', { conversationId, content });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: Message }>().message;
}

async function conversationsOf(who: Person): Promise<Conversation[]> {
  const response = await call(who, 'GET', '/api/messages/conversations');
  expect(response.statusCode).toBe(200);
  return response.json<{ conversations: Conversation[] }>().conversations;
}

async function messagesOf(who: Person, conversationId: string, query = ''): Promise<MessageListResponse> {
  const response = await call(who, 'GET', `/api/messages/conversations/${conversationId}/messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MessageListResponse>();
}

async function hasUnread(who: Person): Promise<boolean> {
  return (await call(who, 'GET', '/api/messages/unread')).json<{ hasUnread: boolean }>().hasUnread;
}

describe('who may write to whom', () => {
  const ROLES: UserType[] = ['tanod', 'admin', 'supadmin'];
  // docs/product.md §A5 and docs/product.md §2: admins (supadmin counts as admin) write to tanods only; tanods to
  // tanods and admins.
  const allowed: Record<string, boolean> = {
    'tanod→tanod': true,
    'tanod→admin': true,
    'tanod→supadmin': true,
    'admin→tanod': true,
    'admin→admin': false,
    'admin→supadmin': false,
    'supadmin→tanod': true,
    'supadmin→admin': false,
    'supadmin→supadmin': false,
  };

  for (const from of ROLES) {
    for (const to of ROLES) {
      const ok = allowed[`${from}→${to}`];
      it(`a ${from} ${ok ? 'can' : 'cannot'} start a chat with a ${to}`, async () => {
        const sender = await person(from);
        const recipient = await person(to);
        const response = await call(sender, 'POST', '/api/messages/conversations', { participantId: recipient.id });
        expect(response.statusCode, response.body).toBe(ok ? 200 : 403);
        if (!ok) expect(response.json().error.code).toBe('FORBIDDEN');
      });
    }
  }

  it('nobody can start a chat with themselves', async () => {
    for (const role of ROLES) {
      const me = await person(role);
      expect((await call(me, 'POST', '/api/messages/conversations', { participantId: me.id })).statusCode).toBe(403);
    }
  });

  it('a resident is not a chat partner: it answers like an unknown user', async () => {
    const tanod = await person('tanod');
    const resident = await person('resident');
    const response = await call(tanod, 'POST', '/api/messages/conversations', { participantId: resident.id });
    expect(response.statusCode).toBe(404);
    expect((await call(tanod, 'POST', '/api/messages/conversations', { participantId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await call(tanod, 'POST', '/api/messages/conversations', { participantId: 'not-an-id' })).statusCode).toBe(404);
  });

  it('residents can use none of the message calls, and nobody can without signing in', async () => {
    const resident = await person('resident');
    const tanod = await person('tanod');
    const calls: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/messages/unread'],
      ['GET', '/api/messages/conversations'],
      ['POST', '/api/messages/conversations', { participantId: tanod.id }],
      ['GET', `/api/messages/conversations/${crypto.randomUUID()}/messages`],
      ['POST', `/api/messages/conversations/${crypto.randomUUID()}/read`],
      ['DELETE', `/api/messages/conversations/${crypto.randomUUID()}`],
      ['POST', '/api/messages', { conversationId: crypto.randomUUID(), content: 'hi' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(resident, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    // Even with an invalid body, the missing sign-in is what the caller hears first.
    expect((await call(null, 'POST', '/api/messages', { content: '' })).statusCode).toBe(401);
  });

  it('a deactivated user cannot be written to, neither in a new chat nor in an existing one', async () => {
    const tanod = await person('tanod');
    const leaving = await person('tanod');
    const conversation = await start(tanod, leaving);
    await updateUser(ctx.deps.db, leaving.id, { status: 'deactivated' });
    const again = await call(tanod, 'POST', '/api/messages/conversations', { participantId: leaving.id });
    expect(again.statusCode).toBe(403);
    const sent = await call(tanod, 'POST', '/api/messages', { conversationId: conversation._id, content: 'Nandiyan ka pa?' });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().error.message).toBe('This user can no longer receive messages');
    expect((await messagesOf(tanod, conversation._id)).messages).toEqual([]);
  });

  it('a chat partner who became an admin can no longer be written to by an admin, and nothing is stored', async () => {
    const admin = await person('admin');
    const tanod = await person('tanod');
    const conversation = await start(admin, tanod);
    await send(admin, conversation._id, 'Salamat sa tulong kagabi.');
    await updateUser(ctx.deps.db, tanod.id, { userType: 'admin' });
    const sent = await call(admin, 'POST', '/api/messages', { conversationId: conversation._id, content: 'Congrats!' });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().error.message).toBe('You cannot send messages to this user');
    expect((await messagesOf(admin, conversation._id)).messages.map((m) => m.content)).toEqual(['Salamat sa tulong kagabi.']);
    expect((await conversationsOf(admin))[0]?.lastMessage).toBe('Salamat sa tulong kagabi.');
  });
});

describe('starting a conversation', () => {
  it('returns the conversation with both participants, and the same one when either side starts it again', async () => {
    const tanod = await person('tanod');
    const admin = await person('admin');
    const first = await start(tanod, admin);
    expect(first).toMatchObject({ lastMessage: null, lastMessageSender: null, read: true });
    expect(first.participants.map((p) => p._id).sort()).toEqual([tanod.id, admin.id].sort());
    const participant = first.participants.find((p) => p._id === admin.id)!;
    expect(Object.keys(participant).sort()).toEqual(['_id', 'firstName', 'isOnline', 'lastActive', 'lastName', 'profilePicture', 'userType']);
    expect((await start(tanod, admin))._id).toBe(first._id);
    expect((await start(admin, tanod))._id).toBe(first._id);
  });

  it('two simultaneous starts of the same pair end with one conversation', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const [x, y] = await Promise.all([start(a, b), start(b, a)]);
    expect(x._id).toBe(y._id);
  });

  it('an empty conversation shows in the list of whoever started it, and to the other side only once a message arrives', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    expect((await conversationsOf(a)).map((c) => c._id)).toEqual([conversation._id]);
    expect(await conversationsOf(b)).toEqual([]);
    await send(a, conversation._id, 'Pre, nasaan ka?');
    expect((await conversationsOf(b)).map((c) => c._id)).toEqual([conversation._id]);
  });
});

describe('sending messages', () => {
  it('stores the trimmed text and returns the message; the conversation shows it as the last one', async () => {
    const tanod = await person('tanod');
    const admin = await person('admin');
    const conversation = await start(admin, tanod);
    const message = await send(admin, conversation._id, '   Report ka sa barangay hall, 8 PM.  \n');
    expect(message).toMatchObject({ conversationId: conversation._id, userId: admin.id, content: 'Report ka sa barangay hall, 8 PM.', read: false });
    expect(Object.keys(message).sort()).toEqual(['_id', 'content', 'conversationId', 'createdAt', 'read', 'userId']);
    const [listed] = await conversationsOf(tanod);
    expect(listed).toMatchObject({
      _id: conversation._id,
      lastMessage: 'Report ka sa barangay hall, 8 PM.',
      lastMessageSender: { _id: admin.id },
      read: false,
      updatedAt: message.createdAt,
    });
  });

  it('blank and oversized messages are refused with 400 naming content', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    for (const content of ['', '   \n\t ', 'x'.repeat(2001)]) {
      const response = await call(a, 'POST', '/api/messages', { conversationId: conversation._id, content });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.fields[0].field).toBe('content');
    }
    // Exactly 2,000 characters (after trimming) is fine.
    expect((await send(a, conversation._id, ` ${'y'.repeat(2000)} `)).content).toHaveLength(2000);
    expect((await messagesOf(b, conversation._id)).messages).toHaveLength(1);
  });

  it('the conversation list puts the most recently active conversation first', async () => {
    const me = await person('tanod');
    const x = await person('tanod');
    const y = await person('admin');
    const withX = await start(me, x);
    const withY = await start(me, y);
    await send(x, withX._id, 'Una');
    await send(y, withY._id, 'Pangalawa');
    expect((await conversationsOf(me)).map((c) => c._id)).toEqual([withY._id, withX._id]);
    await send(me, withX._id, 'Pangatlo');
    expect((await conversationsOf(me)).map((c) => c._id)).toEqual([withX._id, withY._id]);
  });
});

describe('a repeated send (messages kept while offline)', () => {
  it('a repeat with the same clientId returns the stored message and stores nothing twice', async () => {
    const tanod = await person('tanod');
    const admin = await person('admin');
    const conversation = await start(tanod, admin);
    const body = { conversationId: conversation._id, content: 'sent while offline', clientId: 'tab1-0001-abcd' };
    const first = await call(tanod, 'POST', '/api/messages', body);
    expect(first.statusCode, first.body).toBe(200);
    const stored = first.json<{ message: Message }>().message;
    expect(stored).toMatchObject({ content: 'sent while offline', clientId: 'tab1-0001-abcd' });

    clock.advance(5000);
    const again = await call(tanod, 'POST', '/api/messages', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ message: Message }>().message).toEqual(stored);
    const seen = (await messagesOf(admin, conversation._id)).messages;
    expect(seen.map((m) => m.content)).toEqual(['sent while offline']);
  });

  it('two copies racing each other are stored once and both get the same message', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    const body = { conversationId: conversation._id, content: 'Nasa gate na ako', clientId: 'race-0001-xyz' };
    const [x, y] = await Promise.all([call(a, 'POST', '/api/messages', body), call(a, 'POST', '/api/messages', body)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json<{ message: Message }>().message._id).toBe(y.json<{ message: Message }>().message._id);
    expect((await messagesOf(b, conversation._id)).messages).toHaveLength(1);
  });

  it('the same clientId from another sender is another message', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    const clientId = 'same-id-0001';
    const fromA = await call(a, 'POST', '/api/messages', { conversationId: conversation._id, content: 'Ako si A', clientId });
    const fromB = await call(b, 'POST', '/api/messages', { conversationId: conversation._id, content: 'Ako si B', clientId });
    expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
    expect((await messagesOf(a, conversation._id)).messages.map((m) => m.content)).toEqual(['Ako si A', 'Ako si B']);
  });

  it('a clientId reused in another conversation is refused with 409 naming clientId', async () => {
    const me = await person('tanod');
    const first = await start(me, await person('tanod'));
    const second = await start(me, await person('admin'));
    const clientId = 'reused-0001';
    expect((await call(me, 'POST', '/api/messages', { conversationId: first._id, content: 'Isa', clientId })).statusCode).toBe(200);
    const reused = await call(me, 'POST', '/api/messages', { conversationId: second._id, content: 'Dalawa', clientId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('CONFLICT');
    expect(reused.json().error.fields[0].field).toBe('clientId');
    expect((await messagesOf(me, second._id)).messages).toEqual([]);
  });

  it('a malformed clientId is refused with 400 naming clientId, and nothing is stored', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    for (const clientId of ['short', 'has spaces in it', 'x'.repeat(65), 42]) {
      const response = await call(a, 'POST', '/api/messages', { conversationId: conversation._id, content: 'Hello', clientId });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[0].field).toBe('clientId');
    }
    expect((await messagesOf(b, conversation._id)).messages).toEqual([]);
  });

  it('a repeat cannot reach a conversation the caller is not in, and needs a token', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const stranger = await person('tanod');
    const conversation = await start(a, b);
    const body = { conversationId: conversation._id, content: 'Secret', clientId: 'stranger-0001' };
    expect((await call(stranger, 'POST', '/api/messages', body)).statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/messages', body)).statusCode).toBe(401);
    expect((await messagesOf(a, conversation._id)).messages).toEqual([]);
  });
});

describe('only participants', () => {
  it('an outsider gets 404 on reading, sending, marking and deleting, as for an unknown id, and changes nothing', async () => {
    const a = await person('tanod');
    const b = await person('admin');
    const outsider = await person('tanod');
    const conversation = await start(a, b);
    await send(a, conversation._id, 'Pribado ito');
    for (const id of [conversation._id, crypto.randomUUID(), 'not-an-id']) {
      const attempts = [
        await call(outsider, 'GET', `/api/messages/conversations/${id}/messages`),
        await call(outsider, 'POST', '/api/messages', { conversationId: id, content: 'Sali ako' }),
        await call(outsider, 'POST', `/api/messages/conversations/${id}/read`),
        await call(outsider, 'DELETE', `/api/messages/conversations/${id}`),
      ];
      for (const response of attempts) {
        expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Conversation not found' });
      }
    }
    // Still unread for b, still one message, still listed for both.
    expect(await hasUnread(b)).toBe(true);
    expect((await messagesOf(b, conversation._id)).messages.map((m) => m.content)).toEqual(['Pribado ito']);
    expect((await conversationsOf(b)).map((c) => c._id)).toEqual([conversation._id]);
    expect(await conversationsOf(outsider)).toEqual([]);
  });
});

describe('read state', () => {
  it('unread until the recipient marks the conversation read; then the sender sees their messages as read', async () => {
    const tanod = await person('tanod');
    const admin = await person('admin');
    const conversation = await start(tanod, admin);
    expect(await hasUnread(admin)).toBe(false);
    await send(tanod, conversation._id, 'Sir, may nag-report ng sunog sa Purok 4.');
    await send(tanod, conversation._id, 'Papunta na kami.');
    expect(await hasUnread(admin)).toBe(true);
    // Your own messages never make you unread.
    expect(await hasUnread(tanod)).toBe(false);
    expect((await conversationsOf(tanod))[0]!.read).toBe(true);
    expect((await messagesOf(tanod, conversation._id)).messages.map((m) => m.read)).toEqual([false, false]);

    clock.advance(1000);
    const marked = await call(admin, 'POST', `/api/messages/conversations/${conversation._id}/read`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ ok: true, readAt: clock.now().toISOString() });
    expect(await hasUnread(admin)).toBe(false);
    expect((await conversationsOf(admin))[0]!.read).toBe(true);
    expect((await messagesOf(tanod, conversation._id)).messages.map((m) => m.read)).toEqual([true, true]);

    // A newer message is unread again, and only it.
    await send(tanod, conversation._id, 'Kontrolado na.');
    expect(await hasUnread(admin)).toBe(true);
    expect((await messagesOf(admin, conversation._id)).messages.map((m) => m.read)).toEqual([true, true, false]);
  });

  it('a conversation the recipient deleted does not keep the red dot on', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    await send(a, conversation._id, 'Hello');
    expect(await hasUnread(b)).toBe(true);
    expect((await call(b, 'DELETE', `/api/messages/conversations/${conversation._id}`)).statusCode).toBe(200);
    expect(await hasUnread(b)).toBe(false);
  });
});

describe('deleting a conversation', () => {
  it('hides it for the one who deleted it only; a new message brings it back without the deleted history', async () => {
    const tanod = await person('tanod');
    const admin = await person('admin');
    const conversation = await start(admin, tanod);
    await send(admin, conversation._id, 'Luma');
    await send(tanod, conversation._id, 'Luma rin');

    const deleted = await call(tanod, 'DELETE', `/api/messages/conversations/${conversation._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await conversationsOf(tanod)).toEqual([]);
    expect((await messagesOf(tanod, conversation._id)).messages).toEqual([]);
    // The other side keeps everything.
    expect((await conversationsOf(admin)).map((c) => c._id)).toEqual([conversation._id]);
    expect((await messagesOf(admin, conversation._id)).messages.map((m) => m.content)).toEqual(['Luma', 'Luma rin']);

    await send(admin, conversation._id, 'Bago');
    const [back] = await conversationsOf(tanod);
    expect(back).toMatchObject({ _id: conversation._id, lastMessage: 'Bago', read: false });
    expect((await messagesOf(tanod, conversation._id)).messages.map((m) => m.content)).toEqual(['Bago']);
  });

  it('the sender’s own new message brings it back too', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    await send(b, conversation._id, 'Una');
    await call(a, 'DELETE', `/api/messages/conversations/${conversation._id}`);
    await send(a, conversation._id, 'Ulit tayo');
    expect((await conversationsOf(a)).map((c) => c.lastMessage)).toEqual(['Ulit tayo']);
  });

  it('starting the chat again from the picker returns the same conversation, visible again and still without the deleted history', async () => {
    const a = await person('tanod');
    const b = await person('admin');
    const conversation = await start(a, b);
    await send(b, conversation._id, 'Old news');
    await call(a, 'DELETE', `/api/messages/conversations/${conversation._id}`);
    const again = await start(a, b);
    expect(again).toMatchObject({ _id: conversation._id, lastMessage: null, lastMessageSender: null, read: true });
    expect((await conversationsOf(a)).map((c) => c._id)).toEqual([conversation._id]);
    expect((await messagesOf(a, conversation._id)).messages).toEqual([]);
  });
});

describe('message pages', () => {
  it('the newest page comes first, oldest to newest within a page, and the cursor walks back to the first message', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    for (let i = 1; i <= 7; i += 1) await send(i % 2 ? a : b, conversation._id, `m${i}`);

    const first = await messagesOf(a, conversation._id, '?limit=3');
    expect(first.messages.map((m) => m.content)).toEqual(['m5', 'm6', 'm7']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await messagesOf(a, conversation._id, `?limit=3&before=${first.nextCursor}`);
    expect(second.messages.map((m) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const third = await messagesOf(a, conversation._id, `?limit=3&before=${second.nextCursor}`);
    expect(third.messages.map((m) => m.content)).toEqual(['m1']);
    expect(third.nextCursor).toBeNull();
    expect((await messagesOf(a, conversation._id)).messages).toHaveLength(7);
  });

  it('messages sent in the same millisecond keep their order', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    for (const content of ['isa', 'dalawa', 'tatlo']) {
      expect((await call(a, 'POST', '/api/messages', { conversationId: conversation._id, content })).statusCode).toBe(200);
    }
    expect((await messagesOf(b, conversation._id)).messages.map((m) => m.content)).toEqual(['isa', 'dalawa', 'tatlo']);
  });

  it('a malformed cursor or limit is a 400', async () => {
    const a = await person('tanod');
    const b = await person('tanod');
    const conversation = await start(a, b);
    expect((await call(a, 'GET', `/api/messages/conversations/${conversation._id}/messages?before=garbage`)).statusCode).toBe(400);
    expect((await call(a, 'GET', `/api/messages/conversations/${conversation._id}/messages?limit=0`)).statusCode).toBe(400);
    expect((await call(a, 'GET', `/api/messages/conversations/${conversation._id}/messages?limit=101`)).statusCode).toBe(400);
  });
});
