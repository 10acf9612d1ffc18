import { describe, expect, it } from 'vitest';
import type { Loan, Trip } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { dueDistance, failureMessage, isOverdue, serverFieldErrors, sortLoans, sortTrips } from './resource-rules.ts';

const NOW = Date.parse('2026-11-25T09:00:00.000Z');
const hours = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

function loan(id: string, dueInHours: number, returnedHoursAgo: number | null = null, status?: Loan['status']): Loan {
  const person = { _id: 'p', firstName: 'Juan', lastName: 'Dela Cruz', profilePicture: null };
  return {
    _id: id,
    item: { _id: 'i', name: 'Radio', category: 'communication', image: null },
    borrower: person,
    quantity: 1,
    status: status ?? (returnedHoursAgo !== null ? 'returned' : dueInHours < 0 ? 'overdue' : 'open'),
    borrowedAt: hours(-30),
    dueAt: hours(dueInHours),
    returnedAt: returnedHoursAgo === null ? null : hours(-returnedHoursAgo),
    returnCondition: returnedHoursAgo === null ? null : 'good',
    notes: null,
    returnNotes: null,
    issuedBy: null,
    receivedBy: null,
    updatedAt: hours(-1),
  };
}

function trip(id: string, status: Trip['status'], startsInHours: number): Trip {
  const person = { _id: 'p', firstName: 'Juan', lastName: 'Dela Cruz', profilePicture: null };
  return {
    _id: id,
    vehicle: { _id: 'v', name: 'Van', plate: 'ABC 123' },
    driver: person,
    purpose: 'Patrol',
    destination: 'Purok 4',
    destinationPoint: null,
    startsAt: hours(startsInHours),
    endsAt: hours(startsInHours + 2),
    startOdometer: 100,
    endOdometer: null,
    distance: null,
    status,
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
    endedAt: null,
    condition: null,
    notes: null,
    createdAt: hours(-5),
    updatedAt: hours(-5),
  };
}

describe('loans on the desk', () => {
  it('puts overdue first, then open by soonest due, then returned by latest return', () => {
    const loans = [
      loan('returned-old', -20, 10),
      loan('open-later', 8),
      loan('overdue', -2),
      loan('returned-new', -20, 1),
      loan('open-soon', 1),
    ];
    expect(sortLoans(loans, NOW).map((l) => l._id)).toEqual([
      'overdue',
      'open-soon',
      'open-later',
      'returned-new',
      'returned-old',
    ]);
  });

  it('counts an open loan as overdue once its due time passes, even if the list said open', () => {
    const stale = loan('x', -0.5, null, 'open');
    expect(isOverdue(stale, NOW)).toBe(true);
    expect(isOverdue(loan('y', 2), NOW)).toBe(false);
    expect(isOverdue(loan('z', -5, 1), NOW)).toBe(false);
  });

  it('says how far the due time is, in the largest whole unit', () => {
    expect(dueDistance(hours(0.25), NOW)).toBe('due in 15 min');
    expect(dueDistance(hours(5), NOW)).toBe('due in 5 h');
    expect(dueDistance(hours(-3), NOW)).toBe('overdue by 3 h');
    expect(dueDistance(hours(-72), NOW)).toBe('overdue by 3 d');
  });
});

describe('trips', () => {
  it('lists pending requests first (soonest first), then the rest by latest start', () => {
    const trips = [
      trip('done', 'completed', -48),
      trip('pending-later', 'pending', 24),
      trip('approved', 'approved', 2),
      trip('pending-soon', 'pending', 3),
    ];
    expect(sortTrips(trips).map((t) => t._id)).toEqual(['pending-soon', 'pending-later', 'approved', 'done']);
  });
});

describe('errors', () => {
  it("shows the server's words for a refusal and a fixed sentence for a fault", () => {
    expect(failureMessage(new ApiError(409, 'insufficient_stock', 'Only 2 available, 3 asked'), 'x')).toBe(
      'Only 2 available, 3 asked',
    );
    expect(failureMessage(new ApiError(500, 'INTERNAL', 'boom'), 'Error saving.')).toBe('Error saving.');
    expect(failureMessage(new Error('?'), 'Error saving.')).toBe('Error saving.');
  });

  it('maps the field errors of a 400 to their fields', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [
      { field: 'startOdometer', message: 'Start odometer must be at least 1000' },
    ]);
    expect(serverFieldErrors(error)).toEqual({ startOdometer: 'Start odometer must be at least 1000' });
  });
});
