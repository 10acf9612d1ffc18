import { describe, expect, it } from 'vitest';
import { chatTestApp } from '../../../test/messages.ts';

// Read state, deleting a conversation, and message pages.
const { clock, person, call, start, send, conversationsOf, messagesOf, hasUnread } = chatTestApp();

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
