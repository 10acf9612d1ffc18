import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SmsMessage, SmsThread } from '@bantay/shared';
import { renderWithQueries } from '@/test/render.tsx';
import { InboxPanel } from './InboxPanel.tsx';

// jsdom has no modal dialogs; the block confirmation only needs to open and close.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

// The map (Leaflet) is covered by the browser test (e2e/text-line-inbox.spec.ts); here a button
// stands in for a pin dropped on it.
vi.mock('@/components/map/lazy-pin-map.tsx', () => ({
  LazyPinMap: ({ onPick }: { onPick(point: { lat: number; lng: number }): void }) => (
    <button type="button" onClick={() => onPick({ lat: 14.7356, lng: 121.0498 })}>
      Drop the test pin
    </button>
  ),
}));

const message = (id: string, overrides: Partial<SmsMessage> = {}): SmsMessage => ({
  _id: id,
  direction: 'in',
  kind: 'text',
  text: 'May sunog sa likod ng kapilya',
  at: '2026-05-01T02:00:00Z',
  sentBy: null,
  ...overrides,
});

const unknownThread = (): SmsThread => ({
  _id: 't1',
  phoneNumber: '+639171234567',
  resident: null,
  status: 'open',
  hasMissedCall: false,
  ticket: null,
  messages: [
    message('m1'),
    message('m2', { direction: 'out', text: 'Natanggap ang iyong text. Babasahin ito ng isang opisyal.', at: '2026-05-01T02:00:05Z' }),
  ],
  receivedCount: 21,
  openedAt: '2026-05-01T02:00:00Z',
  lastMessageAt: '2026-05-01T02:00:05Z',
  closedBy: null,
  closedAt: null,
});

const residentThread = (): SmsThread => ({
  ...unknownThread(),
  _id: 't2',
  phoneNumber: '+639181112222',
  resident: { _id: 'r1', firstName: 'Lorna', lastName: 'Reyes', homePurok: null, hasHome: false },
  hasMissedCall: true,
  messages: [message('m3', { kind: 'missed_call', text: '', at: '2026-05-01T01:00:00Z' })],
  receivedCount: 0,
  lastMessageAt: '2026-05-01T01:00:00Z',
});

/** The server behind `fetch` (the browser's edge): the inbox, its steps, and the public settings. */
let threads: SmsThread[];
let requests: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  threads = [unknownThread(), residentThread()];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost:3000');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url: url.pathname + url.search, body });
      if (url.pathname === '/api/settings/public') {
        return Response.json({
          name: 'Barangay San Isidro',
          timezone: 'Asia/Manila',
          incidentTypes: [
            { name: 'Fire', classification: 'emergency' },
            { name: 'Noise disturbance', classification: 'normal' },
          ],
          boundary: null,
        });
      }
      if (url.pathname === '/api/sms/gateway') return new Response(null, { status: 404 });
      if (url.pathname === '/api/sms/inbox') {
        const status = url.searchParams.get('status');
        const shown = threads.filter((thread) => status === 'all' || thread.status === status);
        return Response.json({ threads: shown, openCount: threads.filter((thread) => thread.status === 'open').length, nextCursor: null });
      }
      const step = /^\/api\/sms\/inbox\/([^/]+)\/(\w+)$/.exec(url.pathname);
      if (step && method === 'POST') {
        const thread = threads.find((item) => item._id === step[1])!;
        if (step[2] === 'incident') {
          thread.status = 'ticketed';
          thread.ticket = { _id: 'i9', ticket: 'ER-20260501-0009', status: 'pending', classification: 'emergency' };
          return Response.json({ ticket: 'ER-20260501-0009', thread });
        }
        if (step[2] === 'dismiss') thread.status = 'dismissed';
        if (step[2] === 'block') thread.status = 'blocked';
        if (step[2] === 'reply') thread.messages.push(message('m9', { direction: 'out', text: body.text }));
        return Response.json(thread);
      }
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function show() {
  const onOpenIncident = vi.fn();
  renderWithQueries(<InboxPanel onOpenIncident={onOpenIncident} />);
  return { user: userEvent.setup(), onOpenIncident };
}

const posts = () => requests.filter((request) => request.method === 'POST').map(({ url, body }) => ({ url, body }));

describe('the text inbox', () => {
  it('shows each open thread with its number to call, who it is, its texts and missed calls, and Bantay’s replies', async () => {
    show();
    const [unknown, resident] = await screen.findAllByTestId('sms-thread');
    expect(within(unknown!).getByRole('link', { name: 'Call +63 917 123 4567' }).getAttribute('href')).toBe('tel:+639171234567');
    expect(unknown!.textContent).toContain('Unknown number');
    expect(unknown!.textContent).toContain('May sunog sa likod ng kapilya');
    expect(unknown!.textContent).toContain('Automatic reply');
    // 21 texts came in, one is shown: the 20 repeats are counted, not listed.
    expect(unknown!.textContent).toContain('20 more texts received (repeats not shown)');
    expect(within(unknown!).getByRole('button', { name: 'Make an incident' })).toBeTruthy();

    expect(resident!.textContent).toContain('Resident Lorna Reyes');
    expect(resident!.textContent).toContain('no home location on the account');
    expect(within(resident!).getAllByText('Missed call')).toHaveLength(2);
    expect(requests.filter((request) => request.url.startsWith('/api/sms/inbox')).map((request) => request.url)).toEqual(['/api/sms/inbox?status=open']);
  });

  it('makes an incident of a thread: asks for a type and a pin, takes the type’s classification, sends the pin, and opens what it made', async () => {
    const { user, onOpenIncident } = show();
    const [unknown] = await screen.findAllByTestId('sms-thread');
    await user.click(within(unknown!).getByRole('button', { name: 'Make an incident' }));
    const dialog = screen.getByRole('form', { name: 'Make an incident from +63 917 123 4567' });
    await user.click(within(dialog).getByRole('button', { name: 'Make incident' }));
    expect(dialog.textContent).toContain('Choose the type of incident');
    expect(dialog.textContent).toContain('Choose the place on the map');
    expect(posts()).toEqual([]);

    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Fire' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Type of incident'), 'Fire');
    expect((within(dialog).getByRole('radio', { name: 'Emergency' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByLabelText('Landmark (optional)'));
    await user.paste('Beside the chapel');
    await user.click(within(dialog).getByRole('button', { name: 'Drop the test pin' }));
    expect(within(dialog).getByTestId('ticket-pin').textContent).toBe('14.73560, 121.04980');
    await user.click(within(dialog).getByRole('button', { name: 'Make incident' }));

    await waitFor(() => expect(onOpenIncident).toHaveBeenCalledWith('i9'));
    expect(posts()).toEqual([
      {
        url: '/api/sms/inbox/t1/incident',
        body: { type: 'Fire', classification: 'emergency', location: { lat: 14.7356, lng: 121.0498 }, landmark: 'Beside the chapel' },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Ticketed, the thread leaves the open list.
    await waitFor(() => expect(screen.getAllByTestId('sms-thread')).toHaveLength(1));
  });

  it('replies with what it costs in texts, dismisses, and blocks a number only once confirmed', async () => {
    const { user } = show();
    const [unknown, resident] = await screen.findAllByTestId('sms-thread');
    await user.click(within(unknown!).getByRole('button', { name: 'Reply' }));
    const box = within(unknown!).getByLabelText('Your reply (sent as a text from the barangay phone)');
    expect(document.activeElement).toBe(box);
    await user.paste('x'.repeat(161));
    expect(unknown!.textContent).toContain('161/459 · 2 text messages');
    await user.clear(box);
    await user.paste('Tatawagan ka namin.');
    await user.click(within(unknown!).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(within(unknown!).queryByRole('textbox')).toBeNull());

    await user.click(within(resident!).getByRole('button', { name: 'Block number' }));
    expect(posts().map((post) => post.url)).toEqual(['/api/sms/inbox/t1/reply']);
    const confirm = screen.getByRole('dialog', { name: 'Block +63 918 111 2222? Its texts and calls will be dropped from now on.' });
    await user.click(within(confirm).getByRole('button', { name: 'Block number' }));
    await user.click(within(unknown!).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        { url: '/api/sms/inbox/t1/reply', body: { text: 'Tatawagan ka namin.' } },
        { url: '/api/sms/inbox/t2/block', body: undefined },
        { url: '/api/sms/inbox/t1/dismiss', body: undefined },
      ]),
    );
    await waitFor(() => expect(screen.queryAllByTestId('sms-thread')).toHaveLength(0));
    expect(screen.getByText(/No texts wait for you/)).toBeTruthy();
  });
});
