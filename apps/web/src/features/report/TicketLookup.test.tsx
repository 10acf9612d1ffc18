import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithI18n } from '@/test/render.tsx';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PublicTicket } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { buildReceipt } from './receipt.ts';
import { lookUpTicket } from './report-api.ts';
import TicketLookup from './TicketLookup.tsx';

vi.mock('./report-api.ts', () => ({ lookUpTicket: vi.fn() }));
vi.mock('@/lib/public-settings.ts', () => ({
  usePublicSettings: () => ({ data: { name: 'Barangay San Isidro', timezone: 'Asia/Manila' } }),
}));

const resolved: PublicTicket = {
  ticket: 'IR-7K3F-9QXM',
  type: 'Theft',
  classification: 'normal',
  status: 'resolved',
  reportedAt: '2026-05-21T07:04:00.000Z',
  occurredAt: '2026-05-21T06:30:00.000Z',
  updatedAt: '2026-05-21T08:00:00.000Z',
  location: { address: null, landmark: 'Beside the chapel', approximate: null },
  timeline: [
    { kind: 'reported', at: '2026-05-21T07:04:00.000Z', tanodFirstName: null, reason: null },
    { kind: 'responding', at: '2026-05-21T07:10:00.000Z', tanodFirstName: 'Juan', reason: null },
    { kind: 'resolved', at: '2026-05-21T08:00:00.000Z', tanodFirstName: null, reason: null },
  ],
  responderFirstName: 'Juan',
  confidential: false,
  canRate: true,
};

function open(search = '?track=1') {
  renderWithI18n(
    <Router hook={memoryLocation({ path: `/Reportincidents${search}` }).hook}>
      <TicketLookup />
    </Router>,
  );
  return userEvent.setup();
}

// Braces matter: a function returned from beforeEach is run as its cleanup (it would call the mock).
beforeEach(() => {
  vi.mocked(lookUpTicket).mockReset();
});

describe('the ticket lookup', () => {
  it('?ticket= opens with the ticket filled in, looked up, with its timeline and the rating link', async () => {
    vi.mocked(lookUpTicket).mockResolvedValue(resolved);
    open('?ticket=ir%207k3f%209qxm');
    expect(await screen.findByTestId('ticket-status')).toHaveProperty('textContent', 'Resolved');
    expect(vi.mocked(lookUpTicket).mock.calls[0]?.[0]).toBe('IR-7K3F-9QXM');
    expect((screen.getByLabelText('Ticket') as HTMLInputElement).value).toBe('ir 7k3f 9qxm');
    expect(screen.getByText('Juan is responding')).toBeTruthy();
    expect(screen.getByText('Beside the chapel')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rate Juan' }).getAttribute('href')).toBe(
      '/Tanodevaluation?ticket=IR-7K3F-9QXM',
    );
  });

  it('offers no rating link when the server says the ticket cannot be rated', async () => {
    vi.mocked(lookUpTicket).mockResolvedValue({
      ...resolved,
      status: 'pending',
      canRate: false,
      timeline: resolved.timeline.slice(0, 1),
    });
    open('?ticket=IR-7K3F-9QXM');
    expect(await screen.findByTestId('ticket-status')).toHaveProperty('textContent', 'Pending');
    expect(screen.queryByRole('link', { name: /Rate/ })).toBeNull();
  });

  it('a confidential report shows its status and says the rest is kept confidential', async () => {
    vi.mocked(lookUpTicket).mockResolvedValue({
      ...resolved,
      type: 'Confidential report',
      location: { address: null, landmark: null, approximate: null },
      timeline: resolved.timeline.map((entry) => ({ ...entry, tanodFirstName: null })),
      responderFirstName: null,
      confidential: true,
      canRate: false,
    });
    open('?ticket=IR-7K3F-9QXM');
    expect(await screen.findByTestId('ticket-status')).toHaveProperty('textContent', 'Resolved');
    expect(screen.getByTestId('ticket-confidential').textContent).toContain('kept confidential');
    expect(screen.getByText('Not shown')).toBeTruthy();
    expect(screen.queryByText(/Juan/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Rate/ })).toBeNull();
  });

  it('refuses something that is not a ticket without asking the server', async () => {
    const user = open();
    await user.type(screen.getByLabelText('Ticket'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByLabelText('Ticket').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(/This is not a ticket/).length).toBeGreaterThan(0);
    expect(lookUpTicket).not.toHaveBeenCalled();
  });

  it("shows the server's message for an unknown ticket next to the field", async () => {
    vi.mocked(lookUpTicket).mockRejectedValue(
      new ApiError(404, 'NOT_FOUND', 'No report has this ticket. Check the letters and numbers.'),
    );
    const user = open();
    await user.type(screen.getByLabelText('Ticket'), 'IR-2345-6789');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(screen.getByLabelText('Ticket').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = screen.getByLabelText('Ticket').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'No report has this ticket. Check the letters and numbers.',
    );
    expect(vi.mocked(lookUpTicket).mock.calls[0]?.[0]).toBe('IR-2345-6789');
  });

  it('says when there were too many lookups (429) and when to try again', async () => {
    vi.mocked(lookUpTicket).mockRejectedValue(
      new ApiError(429, 'RATE_LIMITED', 'Too many ticket lookups from this device. Please try again later.'),
    );
    const user = open();
    await user.type(screen.getByLabelText('Ticket'), 'IR-2345-6789');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() =>
      expect(
        screen.getAllByText(
          'Too many ticket lookups from this device. Please try again later. You can look up a ticket again in a few minutes.',
        ).length,
      ).toBeGreaterThan(0),
    );
  });

  it('reads the ticket out of an uploaded receipt and looks it up', async () => {
    vi.mocked(lookUpTicket).mockResolvedValue(resolved);
    const user = open();
    const text = buildReceipt({
      barangayName: 'Barangay San Isidro',
      ticket: 'IR-7K3F-9QXM',
      type: 'Theft',
      classification: 'normal',
      reportedAt: new Date(),
      timeZone: 'Asia/Manila',
      origin: 'http://localhost',
    });
    await user.upload(
      screen.getByLabelText(/Upload the receipt/),
      new File([text], 'receipt.txt', { type: 'text/plain' }),
    );
    await screen.findByTestId('ticket-status');
    expect(vi.mocked(lookUpTicket).mock.calls[0]?.[0]).toBe('IR-7K3F-9QXM');
    expect((screen.getByLabelText('Ticket') as HTMLInputElement).value).toBe('IR-7K3F-9QXM');
  });

  it('says so when the uploaded file holds no ticket', async () => {
    const user = open();
    await user.upload(
      screen.getByLabelText(/Upload the receipt/),
      new File(['rice, eggs'], 'list.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(/No ticket was found in this file/)).toBeTruthy();
    expect(lookUpTicket).not.toHaveBeenCalled();
  });
});
