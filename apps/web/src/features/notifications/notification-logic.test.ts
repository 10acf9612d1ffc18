import { describe, expect, it } from 'vitest';
import { notificationCategory, type Notification } from '@bantay/shared';
import { relativeTime, unreadCount, visibleNotifications } from './notification-logic.ts';

const note = (id: string, message: string, createdAt: string, read = false): Notification => ({
  _id: id,
  message,
  read,
  createdAt,
  kind: 'general',
  entityType: null,
  entityId: null,
  link: null,
});

describe('categories from message keywords', () => {
  it.each([
    ['Tanod Cruz requests assistance at Purok 3', 'assistance'],
    ['Need HELP with crowd', 'assistance'],
    ['New incident reported: Theft', 'incidents'],
    ['EMERGENCY: fire on Rizal St.', 'incidents'],
    ['Your schedule changed', 'schedules'],
    ['Patrol starts in 30 minutes', 'schedules'],
    ['Equipment overdue: radio', 'equipment'],
    ['You borrowed a flashlight', 'equipment'],
    ['Welcome to Bantay', 'general'],
  ])('"%s" is %s', (message, category) => {
    expect(notificationCategory(message)).toBe(category);
  });

  it('the first matching group wins', () => {
    expect(notificationCategory('Help needed for the incident')).toBe('assistance');
  });
});

describe('relative time', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, 'Just now'],
    [59_000, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000, '59m ago'],
    [3_600_000, '1h ago'],
    [23 * 3_600_000, '23h ago'],
    [24 * 3_600_000, '1d ago'],
    [6 * 86_400_000, '6d ago'],
  ])('%i ms ago is %s', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });
  it('a week or more shows the date', () => {
    const iso = ago(7 * 86_400_000);
    expect(relativeTime(iso, now)).toBe(new Date(iso).toLocaleDateString());
  });
});

describe('unread count', () => {
  const items = [note('1', 'a', '2026-01-01T00:00:00Z'), note('2', 'b', '2026-01-02T00:00:00Z', true), note('3', 'c', '2026-01-03T00:00:00Z')];
  it('is recomputed on load', () => expect(unreadCount(99, { type: 'loaded', items })).toBe(2));
  it('is 0 after mark all', () => expect(unreadCount(5, { type: 'markedAll' })).toBe(0));
  it('drops by one on a single read, never below 0', () => {
    expect(unreadCount(2, { type: 'markedOne' })).toBe(1);
    expect(unreadCount(0, { type: 'markedOne' })).toBe(0);
  });
  it('grows when one arrives', () => expect(unreadCount(1, { type: 'arrived' })).toBe(2));
});

describe('search with category and sort', () => {
  const items = [
    note('1', 'New incident reported near the chapel', '2026-01-01T00:00:00Z'),
    note('2', 'Emergency incident on Rizal St.', '2026-01-03T00:00:00Z'),
    note('3', 'Patrol schedule for the chapel area', '2026-01-02T00:00:00Z'),
  ];
  it('matches the message case-insensitively within the chosen category', () => {
    expect(visibleNotifications(items, { search: 'CHAPEL', category: 'incidents', sort: 'newest' }).map((n) => n._id)).toEqual(['1']);
    expect(visibleNotifications(items, { search: 'chapel', category: 'all', sort: 'newest' }).map((n) => n._id)).toEqual(['3', '1']);
  });
  it('sorts newest first by default and oldest first on request', () => {
    expect(visibleNotifications(items, { search: '', category: 'all', sort: 'newest' }).map((n) => n._id)).toEqual(['2', '3', '1']);
    expect(visibleNotifications(items, { search: '', category: 'all', sort: 'oldest' }).map((n) => n._id)).toEqual(['1', '3', '2']);
  });
  it('finds nothing for an unknown term', () => {
    expect(visibleNotifications(items, { search: 'zzz', category: 'all', sort: 'newest' })).toEqual([]);
  });
});
