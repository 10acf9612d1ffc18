import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@bantay/shared';
import { renderWithQueries } from '@/test/render.tsx';
import { ApiKeysSection } from './ApiKeysSection.tsx';

// jsdom has no modal dialogs; the revoke confirmation only needs to open and close.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

const NEW_KEY = 'bty_Q2l0eUdJU2Rlc2tzZWNyZXRrZXl2YWx1ZTEyMzQ1Njc4';

/** The server's keys behind `fetch` (the browser's edge); making and revoking change them. */
let keys: ApiKey[];
let requests: { method: string; path: string; body: unknown }[];

const key = (id: string, overrides: Partial<ApiKey> = {}): ApiKey => ({
  _id: id,
  name: 'City GIS desk',
  scopes: ['incidents:read', 'areas:read'],
  hint: 'bty_AbCdEf',
  createdAt: '2026-12-01T02:00:00Z',
  createdBy: { _id: 'u1', firstName: 'Ma. Teresa', lastName: 'Villanueva' },
  lastUsedAt: '2026-12-07T01:30:00Z',
  lastUsedIp: '203.0.113.7',
  revokedAt: null,
  ...overrides,
});

beforeEach(() => {
  keys = [key('k1')];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost:3000');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requests.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/settings/public') return Response.json({ timezone: 'Asia/Manila' });
      if (url.pathname === '/api/api-keys' && method === 'GET') return Response.json({ items: keys });
      if (url.pathname === '/api/api-keys' && method === 'POST') {
        const made = body as { name: string; scopes: ApiKey['scopes'] };
        keys = [key('k2', { name: made.name, scopes: made.scopes, hint: NEW_KEY.slice(0, 10), lastUsedAt: null, lastUsedIp: null }), ...keys];
        return Response.json({ _id: 'k2', key: NEW_KEY }, { status: 201 });
      }
      const revoke = /^\/api\/api-keys\/([^/]+)$/.exec(url.pathname);
      if (revoke && method === 'DELETE') {
        keys = keys.map((item) => (item._id === revoke[1] ? { ...item, revokedAt: '2026-12-07T03:00:00Z' } : item));
        return new Response(null, { status: 204 });
      }
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function show() {
  renderWithQueries(<ApiKeysSection />);
  return userEvent.setup();
}

describe('the API keys section', () => {
  it('lists each key with its scopes, maker and last use', async () => {
    show();
    const row = await screen.findByText('City GIS desk');
    const item = row.closest('li')!;
    expect(within(item).getByText('incidents:read')).toBeTruthy();
    expect(within(item).getByText('areas:read')).toBeTruthy();
    expect(item.textContent).toContain('Ma. Teresa Villanueva');
    expect(item.textContent).toContain('203.0.113.7');
    expect(item.textContent).toContain('bty_AbCdEf…');
  });

  it('makes a key from a name and ticked scopes, asks for a scope first, and shows the key once', async () => {
    const user = show();
    await screen.findByText('City GIS desk');
    await user.click(screen.getByRole('button', { name: 'New key' }));
    await user.type(screen.getByLabelText('Name'), 'Chat group bot');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Choose at least one scope')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: /incidents:read/ }));
    await user.click(screen.getByRole('checkbox', { name: /schedules:read/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('created-api-key')).toHaveProperty('textContent', NEW_KEY);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Chat group bot', scopes: ['incidents:read', 'schedules:read'] });
    expect(screen.getByRole('alert').textContent).toMatch(/shown only this once/);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('created-api-key')).toBeNull());
    expect(await screen.findByText('Chat group bot')).toBeTruthy();
    expect(document.body.textContent).not.toContain(NEW_KEY);
  });

  it('revokes a key only after the confirmation, then shows it revoked without a revoke button', async () => {
    const user = show();
    await screen.findByText('City GIS desk');
    await user.click(screen.getByRole('button', { name: 'Revoke City GIS desk' }));
    const dialog = document.querySelector('[data-confirm-dialog]') as HTMLElement;
    expect(dialog.textContent).toMatch(/cannot be undone/);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE' && request.path === '/api/api-keys/k1')).toBe(true));
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke City GIS desk' })).toBeNull();
  });
});
