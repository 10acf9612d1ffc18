import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { isStaff, type ClientToServerEvents, type ServerToClientEvents } from '@bantay/shared';
import { API_BASE } from './api-client.ts';
import { useSession } from './session.tsx';
import { storage } from './storage.ts';

/** How long a tab waits for another tab's log out to reach its storage before checking the session. */
const STORAGE_SETTLE_MS = 1000;

/** Events close together (a report, then its claim) cause one refetch, this long after the first. */
const REFETCH_DEBOUNCE_MS = 400;

type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface RealtimeContextValue {
  socket: RealtimeSocket | null;
  /** While false, features fall back to polling (docs/product.md §1). */
  connected: boolean;
  /** The socket was up and is lost, or cannot connect: not merely still connecting at start. */
  lost: boolean;
}

const RealtimeContext = createContext<RealtimeContextValue>({ socket: null, connected: false, lost: false });

/**
 * One socket per signed-in staff browser (docs/product.md §7). Reconnects with backoff; after a reconnect
 * every query is refetched, since events may have been missed while it was down. A socket the
 * server closes (session ended) or refuses sends the user through the session check, which signs
 * them out if the session is really gone.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { refresh, userType, user } = useSession();
  // Until a one-time password is replaced the server refuses the socket; connect once it is.
  const staff = isStaff(userType) && !user?.mustChangePassword;
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);
  const [value, setValue] = useState<RealtimeContextValue>({ socket: null, connected: false, lost: false });

  useEffect(() => {
    const token = storage.get('token');
    // Residents get no socket (docs/product.md §A6: live notifications connect only for non-residents).
    if (!token || !staff) return;
    const socket: RealtimeSocket = io(API_BASE || undefined, {
      auth: { token },
      transports: ['websocket', 'polling'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10_000,
    });
    let wasConnected = false;
    let failed = false;
    let loggedOut = false;
    const update = () => setValue({ socket, connected: socket.connected, lost: !socket.connected && (wasConnected || failed) });
    socket.on('connect', () => {
      if (wasConnected) void queryClient.invalidateQueries();
      wasConnected = true;
      failed = false;
      socket.emit('joinNotificationRoom');
      update();
    });
    // A log out of this session, said just before the server closes the socket. When another tab
    // of this browser made it, its storage change (which the session follows as a log out) may
    // reach this tab after the close: give it a moment before checking the session, which would
    // read the ended session as an expired one.
    socket.on('session:ended', () => {
      loggedOut = true;
    });
    let pendingCheck: number | undefined;
    socket.on('disconnect', (reason) => {
      update();
      if (reason !== 'io server disconnect') return;
      // The server closes the socket when the session ends elsewhere; a local log out has
      // already dropped the token, and then there is nothing to check.
      const check = () => {
        if (storage.get('token') === token) void refreshRef.current();
      };
      if (loggedOut) pendingCheck = window.setTimeout(check, STORAGE_SETTLE_MS);
      else check();
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
      window.clearTimeout(pendingCheck);
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

/**
 * Refetches the queries under `queryKey` when one of `events` arrives (entity events are thin,
 * docs/product.md §7: the page asks again). A burst (a report, then its claim) causes one refetch,
 * `debounceMs` after its first event. Pass constants: a new key or list each render resubscribes.
 */
export function useRefetchOn(
  queryKey: QueryKey,
  events: readonly (keyof ServerToClientEvents)[],
  debounceMs = REFETCH_DEBOUNCE_MS,
): void {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey });
      }, debounceMs);
    };
    for (const event of events) socket.on(event, refetch);
    return () => {
      if (timer) clearTimeout(timer);
      for (const event of events) socket.off(event, refetch);
    };
  }, [socket, queryClient, queryKey, events, debounceMs]);
}
