import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@bantay/shared';
import { renderWithI18n } from '@/test/render.tsx';
import { HomeLocationForm } from './HomeLocationForm.tsx';

// The map (Leaflet) is covered by the browser tests; here a button stands in for a pin dropped on it.
vi.mock('@/components/map/lazy-pin-map.tsx', () => ({
  LazyPinMap: ({ onPick }: { onPick(point: { lat: number; lng: number }): void }) => (
    <button type="button" onClick={() => onPick({ lat: 14.7401, lng: 121.0512 })}>
      Drop the test pin
    </button>
  ),
}));

let user: Partial<CurrentUser>;
const refresh = vi.fn(async () => undefined);
vi.mock('@/lib/session.tsx', () => ({ useSession: () => ({ user, userType: 'resident', refresh }) }));

let puts: unknown[];

beforeEach(() => {
  user = { homePurok: 'Purok 5 (retired)', homePin: null };
  puts = [];
  refresh.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost:3000');
      if (url.pathname === '/api/public/puroks') return Response.json({ puroks: [{ name: 'Purok 1 (Hilaga)' }, { name: 'Purok 2 (Silangan)' }] });
      if (url.pathname === '/api/residents/me/home' && init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { homePurok: string | null; homePin: unknown };
        puts.push(body);
        return Response.json({ ...body, hasHome: body.homePurok !== null || body.homePin !== null });
      }
      throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a resident's home on My account", () => {
  it('chooses a purok from the barangay’s (the retired one on the account stays listed), drops a pin and saves both', async () => {
    const actor = userEvent.setup();
    renderWithI18n(<HomeLocationForm />);
    const purok = screen.getByLabelText('Home purok') as HTMLSelectElement;
    await waitFor(() => expect(within(purok).getAllByRole('option').map((option) => option.textContent)).toEqual(['Not set', 'Purok 5 (retired)', 'Purok 1 (Hilaga)', 'Purok 2 (Silangan)']));
    expect(purok.value).toBe('Purok 5 (retired)');
    expect((screen.getByRole('button', { name: 'Save home' }) as HTMLButtonElement).disabled).toBe(true);

    await actor.selectOptions(purok, 'Purok 2 (Silangan)');
    await actor.click(screen.getByRole('button', { name: 'Put your home on the map' }));
    await actor.click(screen.getByRole('button', { name: 'Drop the test pin' }));
    expect(screen.getByTestId('home-pin').textContent).toBe('Pinned: 14.74010, 121.05120');
    await actor.click(screen.getByRole('button', { name: 'Save home' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(puts).toEqual([{ homePurok: 'Purok 2 (Silangan)', homePin: { lat: 14.7401, lng: 121.0512 } }]);
  });

  it('clears the home: no purok and the pin removed are sent as null', async () => {
    user = { homePurok: 'Purok 1 (Hilaga)', homePin: { lat: 14.7401, lng: 121.0512 } };
    const actor = userEvent.setup();
    renderWithI18n(<HomeLocationForm />);
    await actor.click(screen.getByRole('button', { name: 'Remove the pin' }));
    await actor.selectOptions(screen.getByLabelText('Home purok'), '');
    await actor.click(screen.getByRole('button', { name: 'Save home' }));
    await waitFor(() => expect(puts).toEqual([{ homePurok: null, homePin: null }]));
  });
});
