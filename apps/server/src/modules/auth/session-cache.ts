import type { DomainEvents } from '../../lib/domain-events.ts';
import { InvalidatedCache } from '../../lib/invalidated-cache.ts';
import type { Actor } from '../../http/actor.ts';

/** What a verified token resolved to, as long as its session stays live. */
export interface VerifiedSession {
  actor: Actor;
  /** The session's (and the token's) expiry: checked on every hit against the injected clock. */
  expiresAt: Date;
  /** When `last_seen_at` was last written, so hits still refresh it once a minute. */
  lastSeenAt: Date;
}

interface Entry extends VerifiedSession {
  cachedAt: number;
}

export interface SessionCacheOptions {
  /** How long a verified session is trusted without asking the database again. */
  ttlMs: number;
  /** Oldest entries go first beyond this many tokens. */
  maxEntries: number;
}

const DEFAULT_SESSION_CACHE: SessionCacheOptions = { ttlMs: 10_000, maxEntries: 10_000 };

/**
 * Verified sessions, keyed by their token, so a request from a signed-in user costs neither a
 * signature check nor a database round trip. Safe because every way a session ends (logout,
 * password change, deactivation, ending a session from the account page) publishes
 * `sessions.revoked` after its commit, which forgets the session here at once, and on PostgreSQL
 * `shareCacheInvalidation` relays it to every other instance. The TTL bounds what no event covers
 * (a role changed in place) and the time an instance cut off from the relay could lag.
 *
 * A lookup that started before a revocation must not store what it read: the generation, bumped
 * by every revocation, tells `remember` that its reading may be stale.
 */
export class SessionCache extends InvalidatedCache<Entry> {
  constructor(
    events: DomainEvents,
    private readonly options: SessionCacheOptions = DEFAULT_SESSION_CACHE,
  ) {
    super(options.maxEntries);
    events.subscribe('sessions.revoked', ({ sessionIds }) => this.forgetSessions(sessionIds));
  }

  lookup(token: string, now: Date): VerifiedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now.getTime() - entry.cachedAt >= this.options.ttlMs || entry.expiresAt <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  remember(token: string, session: VerifiedSession, generation: number, now: Date): void {
    this.store(token, { ...session, cachedAt: now.getTime() }, generation);
  }

  touched(token: string, at: Date): void {
    const entry = this.entries.get(token);
    if (entry) entry.lastSeenAt = at;
  }

  forgetSessions(sessionIds: readonly string[]): void {
    this.invalidated();
    if (sessionIds.length === 0) return;
    const ended = new Set(sessionIds);
    for (const [token, entry] of this.entries) {
      if (ended.has(entry.actor.sessionId)) this.entries.delete(token);
    }
  }
}
