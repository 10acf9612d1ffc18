import type { EntityChanged } from '@bantay/shared';
import type { AssistanceChange, DomainEventMap, DomainEvents, EntityChange, IncidentChange } from '../lib/domain-events.ts';
import { ADMIN_ROOMS, LIVE_MAP_ROOM, STAFF_ROOMS, sessionRoom, userRoom } from './rooms.ts';
import type { RealtimeLog, RealtimeServer, SocketHandlers } from './types.ts';
import { notificationHandlers } from './handlers/notifications.ts';
import { trackingHandlers } from './handlers/tracking.ts';
import { messageHandlers } from '../modules/messages/index.ts';

/**
 * The client-to-server events of each feature, registered on every connected socket. This file
 * is part of the composition root: a feature whose handlers need its module (chat asks messages
 * who takes part) keeps them in the module, and they are listed here, so socket-server.ts and
 * the rest of realtime/ import no module.
 */
export const SOCKET_HANDLERS: readonly SocketHandlers[] = [notificationHandlers, messageHandlers, trackingHandlers];

/** The domain events that carry an EntityChange. */
type EntityEventName = {
  [K in keyof DomainEventMap]: DomainEventMap[K] extends EntityChange ? K : never;
}[keyof DomainEventMap];

type EntitySocketEvent =
  | 'incident:updated'
  | 'assistance:created'
  | 'assistance:updated'
  | 'schedule:updated'
  | 'loan:updated'
  | 'trip:updated'
  | 'sms:thread';

/**
 * Turns domain events (published by services after their transaction commits) into socket
 * messages. This is the only place that knows which rooms hear what. Returns the unsubscriber.
 */
export function bridgeDomainEvents(io: RealtimeServer, events: DomainEvents, log: RealtimeLog): () => void {
  const unsubscribers: (() => void)[] = [];

  // A failing listener must not break the publisher, whose transaction has already committed.
  function on<K extends keyof DomainEventMap>(name: K, listener: (payload: DomainEventMap[K]) => void | Promise<void>) {
    unsubscribers.push(
      events.subscribe(name, (payload) => {
        try {
          void Promise.resolve(listener(payload)).catch((error: unknown) => log.error({ err: error, event: name }, 'realtime delivery failed'));
        } catch (error) {
          log.error({ err: error, event: name }, 'realtime delivery failed');
        }
      }),
    );
  }

  function entity<K extends EntityEventName>(name: K, socketEvent: EntitySocketEvent, rooms: string[] | ((change: DomainEventMap[K]) => string[])) {
    on(name, (change) => {
      const payload: EntityChanged = { _id: change.id, id: change.id, updatedAt: change.updatedAt.toISOString() };
      io.to([...(typeof rooms === 'function' ? rooms(change) : rooms), ...(change.userIds ?? []).map(userRoom)]).emit(socketEvent, payload);
    });
  }

  // Through the server rather than local sockets, so an adapter reaches every instance.
  on('sessions.revoked', ({ sessionIds, reason }) => {
    if (sessionIds.length === 0) return;
    const rooms = sessionIds.map(sessionRoom);
    // Said on the same connection before it closes, so the browser's other tabs of a session
    // that logged out follow the log out, whatever order their storage event comes in. Sent to
    // this instance's sockets only: through the adapter it could arrive after the close (both are
    // published to PostgreSQL, and either may come back first). A tab on another instance is
    // closed without it and checks its session, as for any other revocation.
    if (reason === 'logout') io.local.to(rooms).emit('session:ended', { reason });
    return io.in(rooms).disconnectSockets(true);
  });

  on('notifications.created', ({ items }) => {
    for (const { userId, notification } of items) {
      io.to(userRoom(userId)).emit('notificationUpdate', { type: 'new', notification });
    }
  });

  // Chat. A message goes to both participants' user rooms, so the panel and the unread
  // dot update with the dialog closed and the sender's other tabs see it too; one emit to several
  // rooms reaches each socket once. The conversation room only carries typing.
  on('message.sent', ({ message, participantIds }) => {
    io.to(participantIds.map(userRoom)).emit('messageReceived', message);
  });
  // The read receipt turns the sender's ticks double.
  on('conversation.read', ({ conversationId, userId, otherUserId, at }) => {
    io.to(userRoom(otherUserId)).emit('conversation:read', { conversationId, userId, at: at.toISOString() });
  });

  // A confidential incident is heard by admins and its responder only, never by the other tanods.
  const incidentRooms = (change: IncidentChange) => [
    ...(change.confidential ? ADMIN_ROOMS : STAFF_ROOMS),
    ...[...(change.confidential && change.responderId ? [change.responderId] : []), ...(change.userIds ?? [])].map(userRoom),
  ];
  // A new report carries its classification, so staff screens ring for emergencies at once.
  on('incident.created', (change) => {
    const payload = {
      _id: change.id,
      id: change.id,
      updatedAt: change.updatedAt.toISOString(),
      classification: change.classification,
      ...(change.grouped ? { grouped: true } : {}),
    };
    io.to(incidentRooms(change)).emit('incident:created', payload);
  });
  on('incident.updated', (change) => {
    const payload: EntityChanged = { _id: change.id, id: change.id, updatedAt: change.updatedAt.toISOString() };
    io.to(incidentRooms(change)).emit('incident:updated', payload);
  });
  // A backup request about a confidential case: the admins, and the tanods who may see it (in userIds).
  const assistanceRooms = (change: AssistanceChange) => (change.confidential ? ADMIN_ROOMS : STAFF_ROOMS);
  entity('assistance.created', 'assistance:created', assistanceRooms);
  entity('assistance.updated', 'assistance:updated', assistanceRooms);
  entity('schedule.updated', 'schedule:updated', STAFF_ROOMS);
  // Loans concern the admins who manage resources and the borrower (in userIds).
  entity('loan.updated', 'loan:updated', ADMIN_ROOMS);
  // Trips likewise: the admins who decide them and the driver (in userIds).
  entity('trip.updated', 'trip:updated', ADMIN_ROOMS);
  // The text line's triage inbox is the admins' (docs/decisions/032-the-text-line.md).
  entity('smsThread.changed', 'sms:thread', ADMIN_ROOMS);

  // Positions go only to the admins watching the live map, never to other tanods.
  on('tracking.position', (position) => {
    io.to(LIVE_MAP_ROOM).emit('tracking:position', position);
  });
  // The tanod's own tabs show the indicator; the admins' maps add or drop the marker.
  on('tracking.status', (status) => {
    io.to([...ADMIN_ROOMS, userRoom(status.userId)]).emit('tracking:status', status);
  });

  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
