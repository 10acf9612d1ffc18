import type http from 'node:http';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { AppDeps } from '../deps.ts';
import { SOCKET_HANDLERS, bridgeDomainEvents } from './domain-bridge.ts';
import { createLocalThenPostgresAdapter } from './local-then-postgres-adapter.ts';
import { REFUSALS, authenticateHandshake } from './handshake.ts';
import { createPresence } from './presence.ts';
import { roleRoom, sessionRoom, userRoom } from './rooms.ts';
import type { RealtimeLog, RealtimeServer, RealtimeSocket } from './types.ts';

export interface AttachRealtimeOptions {
  /** The Fastify app's HTTP server (`app.server`). */
  server: http.Server;
  deps: AppDeps;
  /**
   * The PostgreSQL pool when running on a server: events then travel through
   * `@socket.io/postgres-adapter` (delivering here first: see local-then-postgres-adapter.ts), so several
   * app instances reach each other's sockets. Without
   * one (the embedded database) there is a single instance and no adapter.
   */
  pool?: pg.Pool;
  log: RealtimeLog;
}

export interface Realtime {
  io: RealtimeServer;
  /** Disconnects every socket, records the users offline, and detaches. The HTTP server stays. */
  close(): Promise<void>;
}

// setTimeout's limit (about 24.8 days); longer sessions are re-checked when it fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function attachRealtime({ server, deps, pool, log }: AttachRealtimeOptions): Promise<Realtime> {
  const io: RealtimeServer = new Server(server, {
    serveClient: false,
    // Client events are small (ids, typing); messages themselves are posted over HTTP.
    maxHttpBufferSize: 100_000,
    adapter: pool ? createLocalThenPostgresAdapter(pool, { errorHandler: (error) => log.error({ err: error }, 'socket.io adapter error') }) : undefined,
  });
  if (!pool) {
    // A single instance that just started has no sockets: flags left by a crash are stale.
    await deps.links.presence.markAllUsersOffline(deps.db, deps.clock.now());
  }

  const presence = createPresence(io, deps, log);
  const unbridge = bridgeDomainEvents(io, deps.events, log);
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  // The token and expiry of a socket between the handshake and its connection.
  const expiryWatch = new Map<string, { token: string; expiresAt: Date | null }>();

  io.use((socket, next) => {
    authenticateHandshake(deps, socket.handshake).then(
      (result) => {
        if (!result.ok) return next(result.error);
        socket.data = result.data;
        expiryWatch.set(socket.id, { token: result.token, expiresAt: result.expiresAt });
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'socket handshake failed');
        next(REFUSALS.unavailable());
      },
    );
  });

  /** Disconnects the socket when its session is no longer live (expired, revoked, deactivated). */
  async function recheck(socket: RealtimeSocket, token: string): Promise<boolean> {
    const live = await deps.links.authenticate(deps, token);
    if (live && live.actor.sessionId === socket.data.sessionId) return true;
    socket.disconnect(true);
    return false;
  }

  function watchExpiry(socket: RealtimeSocket, token: string, expiresAt: Date): void {
    const delay = Math.min(Math.max(expiresAt.getTime() - deps.clock.now().getTime(), 0), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      recheck(socket, token).then(
        (live) => live && socket.connected && watchExpiry(socket, token, expiresAt),
        (error: unknown) => log.error({ err: error }, 'socket session check failed'),
      );
    }, delay);
    timer.unref();
    expiryTimers.set(socket.id, timer);
  }

  io.on('connection', (socket) => {
    const { userId, userType, sessionId } = socket.data;
    const watch = expiryWatch.get(socket.id);
    expiryWatch.delete(socket.id);
    // Handlers first and synchronously, so no early client event is missed.
    for (const register of SOCKET_HANDLERS) register(socket, deps);
    socket.on('disconnect', () => {
      clearTimeout(expiryTimers.get(socket.id));
      expiryTimers.delete(socket.id);
      void presence.reconcile(userId);
    });

    void (async () => {
      await socket.join([userRoom(userId), roleRoom(userType), sessionRoom(sessionId)]);
      // The session may have been revoked between the handshake and joining its room, when the
      // revocation could not reach this socket yet: check once more now that it would.
      if (watch && !(await recheck(socket, watch.token))) return;
      if (watch?.expiresAt) watchExpiry(socket, watch.token, watch.expiresAt);
      await presence.reconcile(userId);
    })().catch((error: unknown) => {
      log.error({ err: error, userId }, 'socket setup failed');
      socket.disconnect(true);
    });
  });

  return {
    io,
    async close() {
      unbridge();
      io.local.disconnectSockets(true);
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      expiryTimers.clear();
      await presence.idle();
      await io.of('/').adapter.close();
      io.engine.close();
    },
  };
}
