import { describe, expect, it } from 'vitest';
import type { UserType } from '@bantay/shared';
import { updateUser } from '../users/users.repository.ts';
import { chatTestApp } from '../../../test/messages.ts';

// Who may chat with whom (docs/product.md §A5, §2), and that a conversation is only ever its
// participants'.
const { person, call, start, send, conversationsOf, messagesOf, hasUnread, context } = chatTestApp();

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
    await updateUser(context().deps.db, leaving.id, { status: 'deactivated' });
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
    await updateUser(context().deps.db, tanod.id, { userType: 'admin' });
    const sent = await call(admin, 'POST', '/api/messages', { conversationId: conversation._id, content: 'Congrats!' });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().error.message).toBe('You cannot send messages to this user');
    expect((await messagesOf(admin, conversation._id)).messages.map((m) => m.content)).toEqual(['Salamat sa tulong kagabi.']);
    expect((await conversationsOf(admin))[0]?.lastMessage).toBe('Salamat sa tulong kagabi.');
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
