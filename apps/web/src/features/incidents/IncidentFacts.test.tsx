import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { IncidentDetail } from '@bantay/shared';
import { renderWithI18n } from '@/test/render.tsx';
import { IncidentFacts } from './IncidentFacts.tsx';


// Only what the facts read; the rest of the detail does not matter here.
const incident = (overrides: Partial<IncidentDetail>): IncidentDetail =>
  ({
    _id: 'i1',
    ticket: 'ER-20260501-0001',
    type: 'Medical emergency',
    classification: 'emergency',
    status: 'pending',
    description: '',
    occurredAt: '2026-05-01T02:00:00Z',
    reportedAt: '2026-05-01T02:00:00Z',
    updatedAt: '2026-05-01T02:00:00Z',
    location: { lat: 14.7356, lng: 121.0498, accuracy: null },
    address: 'Purok 2 (Silangan)',
    landmark: null,
    photos: [],
    responder: null,
    respondedAt: null,
    resolvedAt: null,
    possibleDuplicateOf: null,
    distanceMeters: null,
    rating: null,
    confidential: false,
    reporter: { _id: 'r1', name: 'Lorna Reyes', phoneNumber: '+639181112222' },
    resolvedBy: null,
    resolutionLog: null,
    closingReason: null,
    events: [],
    evidence: [],
    ...overrides,
  }) as IncidentDetail;

describe('the incident facts', () => {
  it('put a missed-call SOS’s number to call back on top, as a tap-to-call button', () => {
    renderWithI18n(<IncidentFacts incident={incident({ source: 'missed_call' })} />);
    const callBack = screen.getByRole('link', { name: 'Call back +63 918 111 2222' });
    expect(callBack.getAttribute('href')).toBe('tel:+639181112222');
    expect(screen.getByTestId('incident-source').textContent).toBe('Missed call');
  });

  it('say a text came in by text, with the reporter’s number as a plain link', () => {
    renderWithI18n(<IncidentFacts incident={incident({ source: 'sms', description: 'TULONG may sunog' })} />);
    expect(screen.queryByTestId('call-back')).toBeNull();
    expect(screen.getByTestId('incident-source').textContent).toBe('Text message');
    expect(screen.getByRole('link', { name: '+639181112222' }).getAttribute('href')).toBe('tel:+639181112222');
  });

  it('say nothing of the source of a web report', () => {
    renderWithI18n(<IncidentFacts incident={incident({ source: 'web' })} />);
    expect(screen.queryByTestId('call-back')).toBeNull();
    expect(screen.queryByTestId('incident-source')).toBeNull();
  });
});
