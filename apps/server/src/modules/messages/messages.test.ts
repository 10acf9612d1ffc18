import { describe, expect, it } from 'vitest';
import type { Message } from '@bantay/shared';
import { chatTestApp } from '../../../test/messages.ts';

// Starting a conversation and sending messages, a repeat of an offline send included.
const { clock, person, call, start, send, conversationsOf, messagesOf } = chatTestApp();

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
