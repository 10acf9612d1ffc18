import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook, WebhookDelivery } from '@bantay/shared';
import { renderWithQueries } from '@/test/render.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

const hook: Webhook = {
  _id: 'w1',
  url: 'https://gis.example.gov.ph/bantay',
  events: ['incident.reported', 'advisory.published'],
  enabled: true,
  createdAt: '2026-05-01T02:00:00Z',
  updatedAt: '2026-05-01T02:00:00Z',
  secretRotatedAt: '2026-05-01T02:00:00Z',
};
const failed: WebhookDelivery = {
  _id: 'd1',
  event: 'incident.reported',
  attempts: 8,
  lastStatusCode: 500,
  lastError: 'the receiver answered 500: down',
  nextAttemptAt: null,
  outcome: 'failed',
  createdAt: '2026-05-01T03:00:00Z',
  sentAt: null,
};

/** The server's webhook routes behind `fetch` (the browser's edge). */
let hooks: Webhook[];
let requests: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  hooks = [hook];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost:3000');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requests.push({ method, url: url.pathname, body });
      if (url.pathname === '/api/settings/public') return Response.json({ timezone: 'Asia/Manila' });
      if (url.pathname === '/api/webhooks' && method === 'GET') return Response.json({ items: hooks });
      if (url.pathname === '/api/webhooks' && method === 'POST') {
        const { url: target } = body as { url: string };
        if (!target.includes('example')) {
          return Response.json(
            { error: { code: 'VALIDATION_FAILED', message: 'url', fields: [{ field: 'url', message: "The URL's host resolves to a private or local address" }] } },
            { status: 400 },
          );
        }
        return Response.json({ ...hook, _id: 'w2', url: target, secret: 'whsec_new-secret' }, { status: 201 });
      }
      if (url.pathname === '/api/webhooks/w1/deliveries') return Response.json({ items: [failed] });
      if (url.pathname === '/api/webhooks/w1/test') return Response.json({ deliveryId: 'd2' }, { status: 202 });
      if (url.pathname === '/api/deliveries/d1/retry') return new Response(null, { status: 204 });
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function show() {
  renderWithQueries(<WebhooksSection />);
  return userEvent.setup();
}

describe('the webhooks section', () => {
  it('creates a webhook with the ticked events in the list order and shows its secret once', async () => {
    const user = show();
    await screen.findByText(hook.url);
    await user.click(screen.getByRole('button', { name: 'New webhook' }));
    const form = screen.getByRole('form', { name: 'New webhook' });
    await user.type(within(form).getByLabelText('Receiver URL'), 'https://hooks.example.com/x');
    await user.click(within(form).getByText('patrol.missed'));
    await user.click(within(form).getByText('incident.reported'));
    await user.click(within(form).getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveProperty('textContent', 'whsec_new-secret');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ url: 'https://hooks.example.com/x', events: ['incident.reported', 'patrol.missed'] });
  });

  it("shows the server's refusal of the URL by its field", async () => {
    const user = show();
    await screen.findByText(hook.url);
    await user.click(screen.getByRole('button', { name: 'New webhook' }));
    const form = screen.getByRole('form', { name: 'New webhook' });
    await user.type(within(form).getByLabelText('Receiver URL'), 'https://intranet.lan/x');
    await user.click(within(form).getByText('incident.reported'));
    await user.click(within(form).getByRole('button', { name: 'Create webhook' }));
    expect(await within(form).findByText("The URL's host resolves to a private or local address")).toBeTruthy();
  });

  it('sends a test, and retries a failed delivery from the log', async () => {
    const user = show();
    await screen.findByText(hook.url);
    await user.click(screen.getByRole('button', { name: `Send a test to ${hook.url}` }));
    await waitFor(() => expect(requests.some((request) => request.url === '/api/webhooks/w1/test')).toBe(true));
    await user.click(screen.getByText('Delivery log'));
    const line = await screen.findByText('Delivery d1');
    const item = line.closest('li')!;
    expect(item.textContent).toContain('Tries: 8 · last answer: 500');
    await user.click(within(item as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requests.some((request) => request.url === '/api/deliveries/d1/retry' && request.method === 'POST')).toBe(true));
  });
});
