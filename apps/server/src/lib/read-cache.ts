import type { DomainEvents } from './domain-events.ts';
import { InvalidatedCache } from './invalidated-cache.ts';

/** The reads every open staff page repeats, answered from memory while nothing they show changed. */
export type CachedRead = 'currentUser' | 'notifications' | 'conversations' | 'unreadMessages';

export interface ReadCacheOptions {
  /** The longest an answer is reused; bounds what no event covers (a row edited by hand, another process). */
  ttlMs: number;
  /** Oldest entries go first beyond this many. */
  maxEntries: number;
}

export const DEFAULT_READ_CACHE: ReadCacheOptions = { ttlMs: 10_000, maxEntries: 20_000 };

interface Entry {
  value: unknown;
  /** Whose changes make the answer stale: its owner, and the other people it shows. */
  dependsOn: readonly string[];
  cachedAt: number;
}

/**
 * Calls `listener` with the users whose cached reads a domain event makes stale. One list of the
 * events that matter, shared by the cache and by the relay that tells other instances
 * (db/cache-invalidation.ts), so the two cannot disagree.
 */
export function onReadsChanged(events: DomainEvents, listener: (userIds: string[]) => void): () => void {
  const unsubscribers = [
    events.subscribe('users.changed', ({ userIds }) => listener(userIds)),
    events.subscribe('notifications.created', ({ items }) => listener(items.map((item) => item.userId))),
    events.subscribe('message.sent', ({ participantIds }) => listener(participantIds)),
    events.subscribe('conversation.read', ({ userId, otherUserId }) => listener([userId, otherUserId])),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/**
 * Per-user answers of the hot reads (`/api/auth/me`, the notification panel's first page, the
 * conversation list, the top bar's unread-message dot), so a page that polls or refetches costs no database round trip: on the
 * embedded database a query is about a millisecond of the one event loop, on PostgreSQL a round
 * trip and the driver's work.
 *
 * Safe the way the session cache is: every write that changes what these reads show publishes a
 * domain event after its commit (`onReadsChanged` lists them), which drops every entry that
 * depends on the users concerned, here at once and, on PostgreSQL, on the other instances through
 * `shareCacheInvalidation`. A read that began before such an event does not store what it read
 * (InvalidatedCache's generation).
 */
export class ReadCache extends InvalidatedCache<Entry> {
  constructor(
    events: DomainEvents,
    private readonly options: ReadCacheOptions = DEFAULT_READ_CACHE,
  ) {
    super(options.maxEntries);
    onReadsChanged(events, (userIds) => this.forgetUsers(userIds));
  }

  /**
   * The cached answer of `read` for `key` (the user, plus any variant of the read), or the one
   * `load` gives, stored when nothing changed while it ran.
   */
  async get<T>(
    read: CachedRead,
    key: string,
    now: Date,
    load: () => Promise<{ value: T; dependsOn: readonly string[] }>,
  ): Promise<T> {
    const id = `${read}:${key}`;
    const entry = this.entries.get(id);
    if (entry && now.getTime() - entry.cachedAt < this.options.ttlMs) return entry.value as T;
    const generation = this.begin();
    const { value, dependsOn } = await load();
    this.store(id, { value, dependsOn, cachedAt: now.getTime() }, generation);
    return value;
  }

  forgetUsers(userIds: readonly string[]): void {
    this.invalidated();
    if (userIds.length === 0 || this.entries.size === 0) return;
    const changed = new Set(userIds);
    for (const [id, entry] of this.entries) {
      if (entry.dependsOn.some((userId) => changed.has(userId))) this.entries.delete(id);
    }
  }
}
