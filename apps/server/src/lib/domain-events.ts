import { EventEmitter } from 'node:events';
import type { Notification, RealtimeMessage, TrackingPosition, TrackingStatus } from '@bantay/shared';

/**
 * In-process domain events, published by services after their transaction commits. The realtime
 * layer subscribes and turns them into socket messages, so services never touch sockets.
 */
export interface DomainEventMap {
  /** Sessions that ended (logout, password change, deactivation): their sockets must close. */
  'sessions.revoked': { sessionIds: string[]; reason?: 'logout' };
  /**
   * What these users are shown, or what others are shown about them, changed with no event of its
   * own: their row (profile, status, presence), their notifications read or deleted, a
   * conversation of theirs started or hidden. Cached reads of them are dropped (lib/read-cache.ts).
   */
  'users.changed': { userIds: string[] };
  /** The barangay settings changed: cached copies (public settings) must be dropped. */
  'settings.updated': Record<string, never>;
  /** Notifications stored for their recipients (published by notify() after commit). */
  'notifications.created': { items: { userId: string; notification: Notification }[] };
  // Entity changes (docs/product.md §7). The realtime layer picks the default audience per event;
  // `userIds` adds people outside it (the reporter, the borrower, a dispatched tanod).
  /** `grouped`: held in an emergency burst, its group's first report alerted (docs/decisions/031-emergency-bursts.md). */
  'incident.created': IncidentChange & { classification: 'normal' | 'emergency'; grouped?: boolean };
  'incident.updated': IncidentChange;
  'assistance.created': AssistanceChange;
  'assistance.updated': AssistanceChange;
  'schedule.updated': EntityChange;
  'loan.updated': EntityChange;
  'trip.updated': EntityChange;
  /** A text-line thread changed: a text or missed call came in, or an admin acted on it (modules/text-line). */
  'smsThread.changed': EntityChange;
  'tracking.position': TrackingPosition;
  'tracking.status': TrackingStatus;
  /** A chat message was stored: both participants hear it. */
  'message.sent': { message: RealtimeMessage; participantIds: string[] };
  /** `userId` read `conversationId` up to `at`; `otherUserId` gets the read receipt. */
  'conversation.read': { conversationId: string; userId: string; otherUserId: string; at: Date };
}

/** A thin entity event: the client refetches (docs/product.md §7). */
export interface EntityChange {
  id: string;
  updatedAt: Date;
  userIds?: string[];
}

/**
 * An incident's change. A confidential one is heard only by admins and its responder
 * (docs/decisions/027-confidential-cases.md); the fields are required so no publisher forgets them.
 */
export interface IncidentChange extends EntityChange {
  confidential: boolean;
  responderId: string | null;
}

/**
 * A backup request's change. One about a confidential case goes to the admins and the `userIds`
 * only (modules/assistance/assistance.policy.ts), never to every tanod.
 */
export interface AssistanceChange extends EntityChange {
  confidential: boolean;
}

export class DomainEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  publish<K extends keyof DomainEventMap>(name: K, payload: DomainEventMap[K]): void {
    this.emitter.emit(name, payload);
  }

  subscribe<K extends keyof DomainEventMap>(name: K, listener: (payload: DomainEventMap[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
