import { describe, expect, it } from 'vitest';
import { DomainEvents } from './domain-events.ts';
import { ReadCache } from './read-cache.ts';

const now = new Date('2026-11-27T08:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

function counter(dependsOn: string[] = ['u1']) {
  let loads = 0;
  return {
    get loads() {
      return loads;
    },
    load: async () => ({ value: ++loads, dependsOn }),
  };
}

describe('ReadCache', () => {
  it('answers from memory until the TTL passes', async () => {
    const cache = new ReadCache(new DomainEvents(), { ttlMs: 1_000, maxEntries: 10 });
    const source = counter();
    expect(await cache.get('currentUser', 'u1', now, source.load)).toBe(1);
    expect(await cache.get('currentUser', 'u1', later(999), source.load)).toBe(1);
    expect(await cache.get('currentUser', 'u1', later(1_000), source.load)).toBe(2);
  });

  it('drops every entry that shows a changed user, and only those', async () => {
    const events = new DomainEvents();
    const cache = new ReadCache(events);
    const mine = counter(['u1']);
    const theirs = counter(['u2']);
    const shared = counter(['u3', 'u1']);
    await cache.get('currentUser', 'u1', now, mine.load);
    await cache.get('currentUser', 'u2', now, theirs.load);
    await cache.get('conversations', 'u3', now, shared.load);

    events.publish('users.changed', { userIds: ['u1'] });
    expect(await cache.get('currentUser', 'u1', now, mine.load)).toBe(2);
    expect(await cache.get('currentUser', 'u2', now, theirs.load)).toBe(1);
    // u3's conversation list shows u1: it is stale too.
    expect(await cache.get('conversations', 'u3', now, shared.load)).toBe(2);
  });

  it('hears every event that changes a cached read', async () => {
    const events = new DomainEvents();
    const cache = new ReadCache(events);
    const fill = async () => {
      for (const user of ['a', 'b', 'c']) await cache.get('currentUser', user, now, counter([user]).load);
    };
    const changes: [string, () => void][] = [
      ['notifications.created', () => events.publish('notifications.created', { items: [{ userId: 'a', notification: {} as never }] })],
      ['message.sent', () => events.publish('message.sent', { message: {} as never, participantIds: ['a', 'b'] })],
      ['conversation.read', () => events.publish('conversation.read', { conversationId: 'x', userId: 'b', otherUserId: 'c', at: now })],
    ];
    for (const [name, publish] of changes) {
      await fill();
      publish();
      expect(cache.size, name).toBeLessThan(3);
    }
  });

  it('does not store what a read loaded while a change happened', async () => {
    const events = new DomainEvents();
    const cache = new ReadCache(events);
    let release!: () => void;
    const slow = cache.get('currentUser', 'u1', now, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { value: 'before the change', dependsOn: ['u1'] };
    });
    events.publish('users.changed', { userIds: ['u1'] });
    release();
    expect(await slow).toBe('before the change');
    expect(await cache.get('currentUser', 'u1', now, async () => ({ value: 'after', dependsOn: ['u1'] }))).toBe('after');
  });

  it('keeps nothing while suspended, and forgets the oldest beyond its size', async () => {
    const cache = new ReadCache(new DomainEvents(), { ttlMs: 10_000, maxEntries: 2 });
    cache.suspend();
    await cache.get('currentUser', 'u1', now, counter().load);
    expect(cache.size).toBe(0);
    cache.resume();
    for (const user of ['u1', 'u2', 'u3']) await cache.get('currentUser', user, now, counter([user]).load);
    expect(cache.size).toBe(2);
    const first = counter(['u1']);
    expect(await cache.get('currentUser', 'u1', now, first.load)).toBe(1);
    expect(first.loads).toBe(1);
  });

  it('lets a failed load through without storing anything', async () => {
    const cache = new ReadCache(new DomainEvents());
    await expect(cache.get('currentUser', 'u1', now, () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(cache.size).toBe(0);
  });
});
