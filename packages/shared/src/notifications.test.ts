import { describe, expect, it } from 'vitest';
import { notificationCategory } from './notifications.ts';

describe('notificationCategory (docs/product.md §A4)', () => {
  it.each([
    ['Assistance request approved', 'assistance'],
    ['Tanod Reyes needs HELP', 'assistance'],
    ['Emergency assistance requested', 'assistance'],
    ['New incident reported', 'incidents'],
    ['EMERGENCY report received', 'incidents'],
    ['Incident on your patrol route', 'incidents'],
    ['Your schedule was updated', 'schedules'],
    ['Patrol starts in an hour', 'schedules'],
    ['Patrol equipment check', 'schedules'],
    ['Equipment returned', 'equipment'],
    ['Radio borrowed by a tanod', 'equipment'],
    ['Welcome to Bantay', 'general'],
  ])('%j is %s', (message, category) => {
    expect(notificationCategory(message)).toBe(category);
  });
});
