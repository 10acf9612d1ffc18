import { describe, expect, it } from 'vitest';
import type { Notification } from '@bantay/shared';
import { notificationLink } from './notification-logic.ts';

const withLink = (link: string | null): Notification => ({
  _id: 'n1',
  message: 'New emergency',
  read: false,
  createdAt: '2026-05-01T00:00:00Z',
  kind: 'incident.emergency_reported',
  entityType: null,
  entityId: null,
  link,
});

describe('the path a notification opens', () => {
  it('is the link when it is a path inside the app', () => {
    expect(notificationLink(withLink('/Patrolmap?incident=abc'))).toBe('/Patrolmap?incident=abc');
    expect(notificationLink(withLink('/Patrol&incidenttracking?incident=abc'))).toBe('/Patrol&incidenttracking?incident=abc');
  });
  it('is nothing without a link, or for one that would leave the app', () => {
    expect(notificationLink(withLink(null))).toBeNull();
    expect(notificationLink(withLink('https://evil.example/'))).toBeNull();
    expect(notificationLink(withLink('//evil.example/path'))).toBeNull();
    expect(notificationLink(withLink('/\\evil.example'))).toBeNull();
    expect(notificationLink(withLink('javascript:alert(1)'))).toBeNull();
    expect(notificationLink(withLink(''))).toBeNull();
  });
});
