import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket as ClientSocket, type SocketOptions, type ManagerOptions } from 'socket.io-client';
import type { ClientToServerEvents, RealtimeRefusal, ServerToClientEvents } from '@bantay/shared';
import { attachRealtime, type Realtime } from '../src/realtime/socket-server.ts';
import type { TestContext } from './harness.ts';

export type TestSocket = ClientSocket<ServerToClientEvents, ClientToServerEvents>;

export interface RealtimeTestServer {
  url: string;
  realtime: Realtime;
  /** A client socket with the token in `auth` (as the web app does); not yet awaited. */
  client(token?: string, options?: Partial<ManagerOptions & SocketOptions>): TestSocket;
  /** Closes every client made here and the socket server (call before ctx.close()). */
  close(): Promise<void>;
}

/**
 * Listens on a real port (0: any free one) and attaches the socket server as main.ts does. On
 * the PostgreSQL project the database's pool is passed, so the postgres adapter is exercised.
 */
export async function startRealtime(ctx: TestContext): Promise<RealtimeTestServer> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const realtime = await attachRealtime({ server: ctx.app.server, deps: ctx.deps, pool: ctx.database.pool, log: ctx.app.log });
  const { port } = ctx.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const clients: TestSocket[] = [];
  return {
    url,
    realtime,
    client(token, options = {}) {
      const socket: TestSocket = connectClient(url, {
        auth: token ? { token } : {},
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...options,
      });
      clients.push(socket);
      return socket;
    },
    async close() {
      for (const socket of clients) socket.disconnect();
      await realtime.close();
    },
  };
}

/** Resolves when the socket is connected; rejects with the refusal when it is refused. */
export function connected(socket: TestSocket): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Resolves with the connect_error of a socket the server refuses; rejects if it connects. */
export function refused(socket: TestSocket): Promise<Error & { data?: RealtimeRefusal }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was accepted')));
    socket.once('connect_error', resolve);
  });
}

/** The next `event` on the socket whose payload passes `accept`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  accept: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!accept(payload)) return;
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** Resolves with the reason when the server (or transport) disconnects the socket. */
export function disconnected(socket: TestSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}
