import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { isStaff, type ClientToServerEvents, type ServerToClientEvents } from '@bantay/shared';
import { API_BASE } from './api-client.ts';
import { useSession } from './session.tsx';
import { storage } from './storage.ts';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface RealtimeContextValue {
  socket: RealtimeSocket | null;
  /** While false, features fall back to polling (product §1). */
  connected: boolean;
  /** The socket was up and is lost, or cannot connect: not merely still connecting at start. */
  lost: boolean;
}

const RealtimeContext = createContext<RealtimeContextValue>({ socket: null, connected: false, lost: false });

/**
 * One socket per signed-in staff browser (product §7). Reconnects with backoff; after a reconnect
 * every query is refetched, since events may have been missed while it was down. A socket the
 * server closes (session ended) or refuses sends the user through the session check, which signs
 * them out if the session is really gone.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { refresh, followLogOut, userType, user } = useSession();
  // Until a one-time password is replaced the server refuses the socket; connect once it is.
  const staff = isStaff(userType) && !user?.mustChangePassword;
  const refreshRef = useRef(refresh);
  const followLogOutRef = useRef(followLogOut);
  useEffect(() => {
    refreshRef.current = refresh;
    followLogOutRef.current = followLogOut;
  }, [refresh, followLogOut]);
  const [value, setValue] = useState<RealtimeContextValue>({ socket: null, connected: false, lost: false });

  useEffect(() => {
    const token = storage.get('token');
    // Residents get no socket (brief §6: live notifications connect only for non-residents).
    if (!token || !staff) return;
    const socket: RealtimeSocket = io(API_BASE || undefined, {
      auth: { token },
      transports: ['websocket', 'polling'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10_000,
    });
    let wasConnected = false;
    let failed = false;
    let loggedOutElsewhere = false;
    const update = () => setValue({ socket, connected: socket.connected, lost: !socket.connected && (wasConnected || failed) });
    socket.on('connect', () => {
      if (wasConnected) void queryClient.invalidateQueries();
      wasConnected = true;
      failed = false;
      socket.emit('joinNotificationRoom');
      update();
    });
    // A log out in another tab of this session: said just before the server closes the socket.
    socket.on('session:ended', () => {
      loggedOutElsewhere = true;
    });
    socket.on('disconnect', (reason) => {
      update();
      if (reason !== 'io server disconnect') return;
      if (loggedOutElsewhere) {
        // Unless this tab logged out itself (it dropped the token first).
        if (storage.get('token') === token) followLogOutRef.current();
        return;
      }
      // The server closes the socket when the session ends elsewhere; a local log out has
      // already dropped the token, and then there is nothing to check.
      if (storage.get('token') === token) void refreshRef.current();
    });
    socket.on('connect_error', (error) => {
      failed = true;
      update();
      const code = (error as Error & { data?: { code?: string } }).data?.code;
      if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') {
        // Retrying cannot help: stop, and let the session check decide what happens next.
        socket.disconnect();
        void refreshRef.current();
      }
    });
    update();
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [queryClient, staff]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext);
}

/** Subscribes to a server event for the lifetime of the component; the latest handler is used. */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const { socket } = useRealtime();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  }, [handler]);
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (handlerRef.current as (...a: typeof args) => void)(...args)) as unknown as ServerToClientEvents[E];
    socket.on(event, listener as never);
    return () => {
      socket.off(event, listener as never);
    };
  }, [socket, event]);
}
