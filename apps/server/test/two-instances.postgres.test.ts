import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from './harness.ts';
import { connected, nextEvent } from './realtime.ts';
import { startTwoInstances, type Instance, type TwoInstances } from './two-instances.ts';

// Two real instances on one PostgreSQL database, reached over HTTP and sockets on their own ports.
let cluster: TwoInstances;
beforeAll(async () => {
  cluster = await startTwoInstances();
});
afterAll(async () => {
  await cluster?.close();
});

async function call(instance: Instance, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('two instances', () => {
  it('a chat message sent through A reaches the recipient’s socket on B', async () => {
    const { a, b } = cluster;
    const sender = await createUser(a.ctx, { userType: 'admin' });
    const recipient = await createUser(a.ctx, { userType: 'tanod' });
    const senderToken = await signIn(a.ctx, sender);
    const socket = await connected(b.client(await signIn(a.ctx, recipient)));

    const started = await call(a, 'POST', '/api/messages/conversations', senderToken, { participantId: recipient.id });
    expect(started.status).toBe(200);
    const conversationId = (started.body.conversation as { _id: string })._id;
    const received = nextEvent(socket, 'messageReceived');
    const sent = await call(a, 'POST', '/api/messages', senderToken, { conversationId, content: 'Meet at the plaza' });
    expect(sent.body).toMatchObject({ message: { conversationId } });
    expect(await received).toMatchObject({ conversationId, content: 'Meet at the plaza', userId: sender.id });
  });
});
