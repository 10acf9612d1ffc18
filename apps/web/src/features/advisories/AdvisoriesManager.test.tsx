import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Advisory } from '@bantay/shared';
import { renderWithQueries } from '@/test/render.tsx';
import { AdvisoriesManager } from './AdvisoriesManager.tsx';

const advisory = (id: string, overrides: Partial<Advisory> = {}): Advisory => ({
  _id: id,
  title: 'Curfew for minors',
  body: 'From 10 PM to 4 AM.',
  severity: 'warning',
  startsAt: '2026-09-01T00:00:00Z',
  endsAt: null,
  areas: [],
  state: 'active',
  origin: null,
  createdBy: { _id: 'u1', firstName: 'Jose', lastName: 'Bautista' },
  announcedAt: '2026-09-01T00:00:00Z',
  createdAt: '2026-09-01T00:00:00Z',
  updatedAt: '2026-09-01T00:00:00Z',
  ...overrides,
});

const draft = advisory('a2', {
  title: 'Orange rainfall warning',
  severity: 'danger',
  state: 'draft',
  createdBy: null,
  announcedAt: null,
  origin: { kind: 'cap', senderName: 'PAGASA', sender: 'PAGASA-DOST', identifier: 'PAGASA-1', sent: '2026-09-01T08:00:00+08:00' },
});

let items: Advisory[];
let requests: { method: string; url: string }[];

beforeEach(() => {
  items = [draft, advisory('a1')];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost:3000');
      const method = init.method ?? 'GET';
      requests.push({ method, url: url.pathname });
      if (url.pathname === '/api/settings/public') return Response.json({ timezone: 'Asia/Manila' });
      if (url.pathname === '/api/advisories') return Response.json({ items });
      if (url.pathname === '/api/advisories/a2/publish' && method === 'POST') {
        items = [{ ...draft, state: 'active' }, advisory('a1')];
        return Response.json(items[0]);
      }
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function show() {
  renderWithQueries(<AdvisoriesManager />);
  return userEvent.setup();
}

describe('the advisories tab', () => {
  it('marks a draft read from a CAP feed with its origin, and an admin publishes it', async () => {
    const user = show();
    const list = await screen.findByRole('list', { name: 'Advisories' });
    const [draftRow, ownRow] = within(list).getAllByRole('listitem');
    expect(draftRow!.textContent).toContain('Draft: not public');
    expect(draftRow!.textContent).toContain('From PAGASA, CAP');
    expect(draftRow!.textContent).toContain('Residents see nothing until an admin checks it and publishes it.');
    expect(ownRow!.textContent).not.toContain('CAP');
    expect(within(ownRow!).queryByRole('button', { name: /^Publish/ })).toBeNull();

    await user.click(within(draftRow!).getByRole('button', { name: 'Publish Orange rainfall warning' }));
    expect(requests).toContainEqual({ method: 'POST', url: '/api/advisories/a2/publish' });
    expect(await within(list).findAllByText('On the home page')).toHaveLength(2);
    expect(within(list).queryByText('Draft: not public')).toBeNull();
  });
});
