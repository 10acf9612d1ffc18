import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithQueries } from '@/test/render.tsx';
import userEvent from '@testing-library/user-event';
import type { Note } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { NotesCalendar } from './NotesCalendar.tsx';
import { api } from '@/lib/api-client.ts';
import type * as ApiClient from '@/lib/api-client.ts';

// jsdom has no modal dialogs; the confirmation only needs to open and close.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

// The HTTP client is replaced by a store of notes that answers the notes API's calls (and the
// public settings), so the test sees the URLs and bodies the calendar sends.
vi.mock('@/lib/api-client.ts', async (importOriginal) => ({ ...(await importOriginal<typeof ApiClient>()), api: vi.fn() }));

let store: Note[] = [];
let nextId = 10;
const note = (id: string, day: string, text: string): Note => ({ _id: id, day, text, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' });
/** The next POST /api/notes fails with this, once. */
let failNextCreate: ApiError | null = null;

async function fakeApi(path: string, options: { method?: string; body?: unknown } = {}): Promise<unknown> {
  const url = new URL(path, 'http://test');
  const method = options.method ?? 'GET';
  const body = options.body as { day?: string; text?: string } | undefined;
  if (url.pathname === '/api/settings/public') return { timezone: 'Asia/Manila' };
  if (url.pathname === '/api/notes' && method === 'GET') {
    const from = url.searchParams.get('from')!;
    const to = url.searchParams.get('to')!;
    return { notes: store.filter((n) => n.day >= from && n.day <= to) };
  }
  if (url.pathname === '/api/notes' && method === 'POST') {
    if (failNextCreate) {
      const error = failNextCreate;
      failNextCreate = null;
      throw error;
    }
    const created = note(`n${(nextId += 1)}`, body!.day!, body!.text!);
    store.push(created);
    return created;
  }
  const id = url.pathname.split('/').at(-1)!;
  if (method === 'PATCH') {
    store = store.map((n) => (n._id === id ? { ...n, ...body } : n));
    return store.find((n) => n._id === id);
  }
  if (method === 'DELETE') {
    store = store.filter((n) => n._id !== id);
    return { ok: true };
  }
  throw new Error(`unexpected call ${method} ${path}`);
}

const calls = (method: string) => vi.mocked(api).mock.calls.filter(([path, options]) => path.startsWith('/api/notes') && (options?.method ?? 'GET') === method);

beforeEach(() => {
  // Only the date is faked (timers stay real for user-event): "today" is Friday 20 November in Manila.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T04:00:00Z'));
  store = [note('n1', '2026-11-26', 'Barangay assembly'), note('n2', '2026-11-30', 'Fiesta'), note('n3', '2026-12-02', 'Radio check')];
  failNextCreate = null;
  vi.mocked(api).mockImplementation(fakeApi as typeof api);
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

function show(initialDay = '2026-11-26') {
  renderWithQueries(<NotesCalendar initialDay={initialDay} />);
  return userEvent.setup();
}

const dayButton = (name: RegExp) => screen.getByRole('button', { name });

describe('the notes calendar', () => {
  it('shows the month with a dot on days that have notes, and the chosen day’s notes', async () => {
    show();
    expect(screen.getByText('November 2026')).toBeTruthy();
    expect(await screen.findByText('Barangay assembly')).toBeTruthy();
    expect(dayButton(/^Thursday, November 26, 2026: 1 note$/)).toBeTruthy();
    expect(dayButton(/^Monday, November 30, 2026: 1 note$/)).toBeTruthy();
    expect(dayButton(/^Wednesday, December 2, 2026: 1 note$/)).toBeTruthy();
    expect(dayButton(/^Friday, November 27, 2026: no notes$/)).toBeTruthy();
    expect(screen.getAllByTestId('note-dot')).toHaveLength(3);
    expect(dayButton(/^Friday, November 20, 2026 \(today\): no notes$/).getAttribute('aria-current')).toBe('date');
    // One request for the whole visible grid (Nov 1 – Dec 5).
    expect(calls('GET').map(([path]) => path)).toEqual(['/api/notes?from=2026-11-01&to=2026-12-05']);
  });

  it('has one day in the tab order; the arrows, Home/End and Page Up/Down move it, Enter chooses it', async () => {
    const user = show();
    await screen.findByText('Barangay assembly');
    const tabbable = screen.getAllByRole('button').filter((b) => b.dataset.day && b.tabIndex === 0);
    expect(tabbable.map((b) => b.dataset.day)).toEqual(['2026-11-26']);
    tabbable[0]!.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-12-04');
    // Crossing into December shows December.
    expect(screen.getByText('December 2026')).toBeTruthy();
    await user.keyboard('{Home}');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-11-29');
    await user.keyboard('{PageUp}');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-10-29');
    expect(screen.getByText('October 2026')).toBeTruthy();
    await user.keyboard('{PageDown}{PageDown}{ArrowLeft}{Enter}');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-12-28');
    expect(screen.getByRole('heading', { name: 'Monday, December 28, 2026' })).toBeTruthy();
    expect(screen.getByText('No notes for this day.')).toBeTruthy();
  });

  it('adds a note to the chosen day, then edits it and deletes it after asking', async () => {
    const user = show();
    await screen.findByText('Barangay assembly');
    await user.click(dayButton(/^Friday, November 27, 2026/));
    await user.type(screen.getByLabelText('New note'), 'Pick up radios');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(calls('POST').map(([, options]) => options?.body)).toEqual([{ day: '2026-11-27', text: 'Pick up radios' }]);
    expect(await screen.findByText('Pick up radios')).toBeTruthy();
    await waitFor(() => expect(dayButton(/^Friday, November 27, 2026: 1 note$/)).toBeTruthy());
    expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Edit note: Pick up radios' }));
    const edit = screen.getByLabelText('Edit note');
    expect(document.activeElement).toBe(edit);
    await user.clear(edit);
    await user.type(edit, 'Radios picked up');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls('PATCH').map(([, options]) => options?.body)).toEqual([{ day: '2026-11-27', text: 'Radios picked up' }]);
    expect(await screen.findByText('Radios picked up')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete note: Radios picked up' }));
    const dialog = document.querySelector<HTMLElement>('[data-confirm-dialog]')!;
    expect(within(dialog).getByText('Delete this note?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(calls('DELETE')).toHaveLength(1);
    expect(await screen.findByText('No notes for this day.')).toBeTruthy();
  });

  it('names an empty or too long note next to the field and sends nothing; a server refusal shows there too', async () => {
    const user = show();
    await screen.findByText('Barangay assembly');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const field = screen.getByLabelText('New note');
    expect(await screen.findByText('Text is required')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST')).toHaveLength(0);

    failNextCreate = new ApiError(400, 'VALIDATION_FAILED', 'text: too long', [{ field: 'text', message: 'Text must be at most 500 characters' }]);
    await user.type(field, 'Something');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Text must be at most 500 characters')).toBeTruthy();
  });
});
