import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Actor } from './actor.ts';

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

export const DEFAULT_SESSION_CACHE: SessionCacheOptions = { ttlMs: 10_000, maxEntries: 10_000 };

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
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private suspended = false;

  constructor(
    events: DomainEvents,
    private readonly options: SessionCacheOptions = DEFAULT_SESSION_CACHE,
  ) {
    events.subscribe('sessions.revoked', ({ sessionIds }) => this.forgetSessions(sessionIds));
  }

  /** The generation to hand back to `remember` after reading the session from the database. */
  begin(): number {
    return this.generation;
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
    if (this.suspended || generation !== this.generation) return;
    this.entries.delete(token);
    this.entries.set(token, { ...session, cachedAt: now.getTime() });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  touched(token: string, at: Date): void {
    const entry = this.entries.get(token);
    if (entry) entry.lastSeenAt = at;
  }

  forgetSessions(sessionIds: readonly string[]): void {
    this.generation += 1;
    if (sessionIds.length === 0) return;
    const ended = new Set(sessionIds);
    for (const [token, entry] of this.entries) {
      if (ended.has(entry.actor.sessionId)) this.entries.delete(token);
    }
  }

  /**
   * Forgets everything and stores nothing until `resume`: used while revocations from other
   * instances cannot arrive (the relay's connection is down).
   */
  suspend(): void {
    this.suspended = true;
    this.generation += 1;
    this.entries.clear();
  }

  resume(): void {
    this.suspended = false;
    // A lookup that began during the outage may have missed a revocation: it must not be stored.
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }
}
