import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailedDelivery } from '@bantay/shared';
import { renderWithQueries } from '@/test/render.tsx';
import { FailedDeliveriesPanel, KIND_LABELS, kindLabel, kindWords } from './FailedDeliveriesPanel.tsx';

const delivery = (id: string, overrides: Partial<FailedDelivery> = {}): FailedDelivery => ({
  _id: id,
  channel: 'sms',
  kind: 'incident.emergency_reported',
  recipient: { _id: 'u1', firstName: 'Juan', lastName: 'Dela Cruz' },
  destination: '+63917•••4567',
  attempts: 8,
  lastError: 'Semaphore answered 401: invalid API key',
  createdAt: '2026-05-01T02:00:00Z',
  ...overrides,
});

/** The server's failed list, two pages of it, behind `fetch` (the browser's edge). */
let pages: Record<string, { items: FailedDelivery[]; nextCursor: string | null }>;
let requests: { method: string; url: string }[];
let phone = false;

beforeEach(() => {
  pages = {
    first: { items: [delivery('d1'), delivery('d2', { channel: 'push', destination: 'push (Chrome on Android)', attempts: 1, lastError: 'push service answered 410' })], nextCursor: 'c2' },
    c2: { items: [delivery('d3', { channel: 'email', recipient: null, destination: 'ju•••@example.com', lastError: null })], nextCursor: null },
  };
  requests = [];
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost:3000');
      const method = init.method ?? 'GET';
      requests.push({ method, url: url.pathname + url.search });
      if (url.pathname === '/api/settings/public') return Response.json({ timezone: 'Asia/Manila' });
      if (url.pathname === '/api/deliveries/failed') return Response.json(pages[url.searchParams.get('cursor') ?? 'first']);
      if (/^\/api\/deliveries\/[^/]+\/retry$/.test(url.pathname) && method === 'POST') return new Response(null, { status: 204 });
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  phone = false;
});

function show() {
  renderWithQueries(<FailedDeliveriesPanel />);
  return userEvent.setup();
}

describe('the failed alerts screen', () => {
  it('lists each failed alert in a table with its channel, kind, recipient, destination, tries and error, and pages on', async () => {
    const user = show();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByTestId('failed-delivery');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('SMS');
    expect(rows[0]!.textContent).toContain('Incident: emergency reported');
    expect(rows[0]!.textContent).toContain('Juan Dela Cruz');
    expect(rows[0]!.textContent).toContain('+63917•••4567');
    expect(rows[0]!.textContent).toContain('Semaphore answered 401');
    expect(within(rows[0]!).getByText('8')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Fri, May 1 · 10:00 AM');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByTestId('failed-delivery')).toHaveLength(3));
    expect(requests.some((request) => request.url.includes('cursor=c2'))).toBe(true);
    expect(within(table).getByText('No account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('retries one: POSTs its retry and takes it off the list', async () => {
    const user = show();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Retry SMS to Juan Dela Cruz, Incident: emergency reported' }));
    await waitFor(() => expect(screen.getAllByTestId('failed-delivery')).toHaveLength(1));
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual(['/api/deliveries/d1/retry']);
  });

  it('on a phone every alert is a card, Retry included', async () => {
    phone = true;
    show();
    const list = await screen.findByRole('list', { name: 'Failed alerts' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByTestId('failed-delivery');
    expect(cards[1]!.textContent).toContain('1 try');
    expect(within(cards[1]!).getByRole('button', { name: /^Retry Push to Juan Dela Cruz/ })).toBeTruthy();
  });

  it('says when nothing failed', async () => {
    pages.first = { items: [], nextCursor: null };
    show();
    expect(await screen.findByText('No failed alerts. Every alert went out.')).toBeTruthy();
  });
});

describe('kindLabel', () => {
  it('reads a kind as words', () => {
    expect(kindLabel('incident.emergency_reported')).toBe('Incident: emergency reported');
    expect(kindLabel('chat.message')).toBe('Chat: message');
    expect(kindLabel('general')).toBe('General');
    expect(kindLabel('future.kind_of_alert')).toBe('Future: kind of alert');
  });

  it("says each known kind in English as the kind's own words", () => {
    for (const [kind, label] of Object.entries(KIND_LABELS)) expect(label.message, kind).toBe(kindWords(kind));
  });
});
