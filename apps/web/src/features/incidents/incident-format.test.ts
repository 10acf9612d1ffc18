import { describe, expect, it } from 'vitest';
import type { IncidentEvent, StaffPerson } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { ageText, eventText, fieldErrors, stepErrorMessage } from './incident-format.ts';

const juan: StaffPerson = { _id: 't1', firstName: 'Juan', lastName: 'Dela Cruz', userType: 'tanod', profilePicture: null };
const maria: StaffPerson = { _id: 'a1', firstName: 'Maria', lastName: 'Santos', userType: 'admin', profilePicture: null };
const event = (kind: IncidentEvent['kind'], extra: Partial<IncidentEvent> = {}): IncidentEvent => ({
  _id: 'e',
  kind,
  at: '2026-11-25T01:00:00Z',
  actor: null,
  subject: null,
  detail: null,
  ...extra,
});

describe('incident texts', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('tells the age of a report in minutes, hours and days', () => {
    expect(ageText('2026-11-25T11:59:40Z', now)).toBe('just now');
    expect(ageText('2026-11-25T11:56:00Z', now)).toBe('4 min');
    expect(ageText('2026-11-25T09:55:00Z', now)).toBe('2 h 5 min');
    expect(ageText('2026-11-25T10:00:00Z', now)).toBe('2 h');
    expect(ageText('2026-11-22T10:00:00Z', now)).toBe('3 d');
    expect(ageText('2026-11-25T12:01:00Z', now)).toBe('just now');
  });

  it('names who did each step of the timeline', () => {
    expect(eventText(event('created'))).toBe('Reported');
    expect(eventText(event('assigned', { actor: maria, subject: juan }))).toBe('Assigned to Juan Dela Cruz by Maria Santos');
    expect(eventText(event('responded', { actor: juan, subject: juan }))).toBe('Juan Dela Cruz responded');
    expect(eventText(event('false_alarm', { actor: maria }))).toBe('Marked a false alarm by Maria Santos');
  });

  it("shows the server's words for a refused step and the client's own for a lost connection", () => {
    expect(stepErrorMessage(new ApiError(409, 'already_taken', 'Juan Dela Cruz already responded to this incident'))).toBe(
      'Juan Dela Cruz already responded to this incident',
    );
    expect(stepErrorMessage(new Error('boom'))).toBe('That did not work. Please try again.');
  });

  it('maps field errors by field name', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ field: 'log', message: 'Resolution log is required' }]);
    expect(fieldErrors(error)).toEqual({ log: 'Resolution log is required' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
