import type { ErrorCode } from './errors.ts';
import type { Notification } from './notifications.ts';
import type { TrackingPointInput, TrackingPointsAck } from './patrols.ts';

/**
 * The socket.io event maps, typing both the server (`Server<ClientToServerEvents,
 * ServerToClientEvents, InterServerEvents, SocketData>`) and the web client
 * (`Socket<ServerToClientEvents, ClientToServerEvents>`).
 *
 * The brief's events keep their names and shapes (docs/product.md §A7); new ones are `domain:verb`
 * (docs/product.md §7). Entity events are thin: the id and when it changed, and the client refetches.
 *
 * Handshake: `io(origin, { auth: { token } })` with the bearer token from sign-in; an
 * `Authorization: Bearer …` header is accepted too (plain Node clients). A refused connection
 * gets `connect_error` whose `message` says why and whose `data` is a {@link RealtimeRefusal}.
 */

/** Why the server refused a connection: `err.data` on the client's `connect_error`. */
export interface RealtimeRefusal {
  code: Extract<ErrorCode, 'UNAUTHENTICATED' | 'FORBIDDEN' | 'UNAVAILABLE'>;
}

/** The reply to an acknowledged client event. */
export type RealtimeAck = { ok: true } | { ok: false; error: { code: ErrorCode; message: string } };

/** A chat message as pushed to both participants (brief: conversationId, _id, content). */
export interface RealtimeMessage {
  _id: string;
  conversationId: string;
  userId: string;
  content: string;
  createdAt: string;
  read: boolean;
  /** The sender's own id for the message, when it gave one (lets its tabs match a waiting message). */
  clientId?: string | undefined;
}

/** An entity changed: refetch it (docs/product.md §7: thin events). */
export interface EntityChanged {
  _id: string;
  /** The same as `_id` (the incident events' payload is `{ id, updatedAt }`, docs/product.md §7). */
  id: string;
  updatedAt: string;
}

/** A new report: the classification lets staff screens ring for emergencies before refetching. */
export interface IncidentCreated extends EntityChanged {
  classification: 'normal' | 'emergency';
  /**
   * A report of an emergency burst held with an earlier one, whose alert already rang: screens
   * refresh their lists but do not ring again (docs/decisions/031-emergency-bursts.md).
   */
  grouped?: boolean;
}

/**
 * `tracking:position`: a tanod's newest point, to the admins in the live-map room
 * (`tracking:watch`). Points sent late from an offline queue are stored but only fanned out when
 * newer than the tanod's latest.
 */
export interface TrackingPosition {
  userId: string;
  patrolId: string | null;
  lat: number;
  lng: number;
  accuracy: number | null;
  speed: number | null;
  heading: number | null;
  /** Device time of the fix, ISO 8601. */
  at: string;
}

/**
 * `tracking:status`: tracking turned on or off for a tanod (patrol started or ended,
 * switch flipped). Goes to that tanod (every tab shows the indicator) and to the admins.
 */
export interface TrackingStatus {
  userId: string;
  patrolId: string | null;
  isTracking: boolean;
  at: string;
}

export interface PresenceChanged {
  userId: string;
  isOnline: boolean;
  lastActive: string | null;
}

export interface NotificationUpdate {
  type: 'new';
  notification: Notification;
}

export interface ServerToClientEvents {
  // The brief's events.
  messageReceived: (message: RealtimeMessage) => void;
  userTyping: (payload: { conversationId: string; userId: string }) => void;
  notificationUpdate: (payload: NotificationUpdate) => void;
  /**
   * The socket's session was ended by a log out, sent just before the server closes the socket:
   * the tab gives another tab's storage change a moment to arrive before checking its session.
   */
  'session:ended': (payload: { reason: 'logout' }) => void;
  // docs/product.md §7.
  'incident:created': (payload: IncidentCreated) => void;
  'incident:updated': (payload: EntityChanged) => void;
  'assistance:created': (payload: EntityChanged) => void;
  'assistance:updated': (payload: EntityChanged) => void;
  'tracking:position': (payload: TrackingPosition) => void;
  'tracking:status': (payload: TrackingStatus) => void;
  'schedule:updated': (payload: EntityChanged) => void;
  'loan:updated': (payload: EntityChanged) => void;
  /** A vehicle trip was requested, decided, cancelled or completed (admins and its driver). */
  'trip:updated': (payload: EntityChanged) => void;
  /** A text-line thread got a text or a missed call, or an admin acted on it (admins only). */
  'sms:thread': (payload: EntityChanged) => void;
  /** Users who came online or went offline, gathered over a fraction of a second (one list, not a message each). */
  'presence:changed': (payload: PresenceChanged[]) => void;
  /** Read receipts for chat: `userId` has read the conversation up to `at`. */
  'conversation:read': (payload: { conversationId: string; userId: string; at: string }) => void;
}

export interface ClientToServerEvents {
  joinConversation: (conversationId: string, ack?: (result: RealtimeAck) => void) => void;
  leaveConversation: (conversationId: string, ack?: (result: RealtimeAck) => void) => void;
  /** `userId` is the brief's; the server uses the socket's own user and ignores it. */
  typing: (payload: { conversationId: string; userId?: string }) => void;
  /**
   * The socket joins its own user room at connect, so this only confirms it (idempotent). Any
   * argument other than the acknowledgement (the brief's client may send its user id) is ignored:
   * nobody can join another user's room.
   */
  joinNotificationRoom: (ack?: (result: RealtimeAck) => void) => void;
  /**
   * A tanod's GPS points (at most `PATROL_LIMITS.pointsPerBatchMax` per batch), answered
   * with `{ accepted, rejected, error? }` (see `TrackingPointsAck` for what the client does next).
   */
  'tracking:points': (points: TrackingPointInput[], ack: (result: TrackingPointsAck) => void) => void;
  /** Admins: join the live-map room to receive every `tracking:position` (others get FORBIDDEN). */
  'tracking:watch': (ack?: (result: RealtimeAck) => void) => void;
  /** Leave the live-map room (the map page closed). */
  'tracking:unwatch': (ack?: (result: RealtimeAck) => void) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- socket.io's slot for server-to-server events; none yet.
export interface InterServerEvents {}

/** What the server keeps on each authenticated socket (`socket.data`). */
export interface SocketData {
  userId: string;
  userType: 'tanod' | 'admin' | 'supadmin';
  sessionId: string;
}
