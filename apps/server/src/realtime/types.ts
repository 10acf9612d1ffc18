import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from '@bantay/shared';
import type { AppDeps } from '../deps.ts';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** The part of Fastify's logger the realtime layer uses. */
export interface RealtimeLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Registers one feature's client-to-server events on a freshly connected socket. */
export type SocketHandlers = (socket: RealtimeSocket, deps: AppDeps) => void;

/**
 * Where the socket server keeps who is online (users' presence flags), passed in by the
 * composition root (AppDeps.links) because realtime/ imports no module.
 */
export interface PresenceStore {
  /** Stores who is online, for many users at once; the users whose flag changed. */
  setUsersPresence(
    db: AppDeps['db'],
    entries: readonly { userId: string; isOnline: boolean }[],
    now: Date,
  ): Promise<{ userId: string; isOnline: boolean; lastActive: Date | null }[]>;
  /** A single instance that just started has no sockets: clears every online flag. */
  markAllUsersOffline(db: AppDeps['db'], now: Date): Promise<void>;
}
