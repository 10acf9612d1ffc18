import type { ClientToServerEvents, ServerToClientEvents, UserType } from '@bantay/shared';

/**
 * Who may use each socket event (decision 025), the realtime side of the routes' declarations.
 * Typed over the event maps, so an event added to `@bantay/shared` without a line here does not
 * compile. test/socket-matrix.test.ts checks the client events with real sockets, and
 * docs/route-matrix.md lists both tables.
 *
 * Only staff get a socket at all (handshake.ts): no token is refused UNAUTHENTICATED, a resident
 * FORBIDDEN.
 */
export const SOCKET_ROLES: readonly UserType[] = ['tanod', 'admin', 'supadmin'];

export interface ClientEventAccess {
  /** The roles whose emit takes effect. */
  roles: readonly UserType[];
  /** The further condition, and what a caller outside it gets. */
  condition: string;
}

export const CLIENT_EVENT_ACCESS = {
  joinNotificationRoom: { roles: SOCKET_ROLES, condition: 'only ever the caller’s own room; other arguments are ignored' },
  joinConversation: { roles: SOCKET_ROLES, condition: 'a participant of the conversation; anyone else gets NOT_FOUND and joins nothing' },
  leaveConversation: { roles: SOCKET_ROLES, condition: 'a participant; anyone else gets NOT_FOUND' },
  typing: { roles: SOCKET_ROLES, condition: 'from a socket in the conversation’s room (so a participant); otherwise dropped' },
  'tracking:points': { roles: ['tanod'], condition: 'others get not_on_duty; a batch past the per-minute budget RATE_LIMITED' },
  'tracking:watch': { roles: ['admin', 'supadmin'], condition: 'others get FORBIDDEN' },
  'tracking:unwatch': { roles: SOCKET_ROLES, condition: 'none (leaving a room one is not in does nothing)' },
} as const satisfies Record<keyof ClientToServerEvents, ClientEventAccess>;

/** Who hears each server event: the rooms domain-bridge.ts and presence.ts send it to. */
export const SERVER_EVENT_AUDIENCE = {
  notificationUpdate: 'the notification’s recipient',
  messageReceived: 'both participants of the conversation',
  userTyping: 'the other participant, while the conversation is open',
  'conversation:read': 'the other participant',
  'session:ended': 'the sockets of the session that logged out',
  'incident:created': 'staff; a confidential incident only admins and its responder (and the users it names)',
  'incident:updated': 'staff; a confidential incident only admins and its responder (and the users it names)',
  'assistance:created': 'staff; one about a confidential case only admins and the tanods who may see it (requester, alerted, dispatched)',
  'assistance:updated': 'staff; one about a confidential case only admins and the tanods who may see it (requester, alerted, dispatched)',
  'schedule:updated': 'staff',
  'loan:updated': 'admins and the borrower',
  'trip:updated': 'admins and the driver',
  'sms:thread': 'admins',
  'tracking:position': 'admins watching the live map',
  'tracking:status': 'admins and the tanod',
  'presence:changed': 'staff',
} as const satisfies Record<keyof ServerToClientEvents, string>;
