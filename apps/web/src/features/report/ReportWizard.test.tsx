import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithI18n } from '@/test/render.tsx';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReportLocation } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { fetchResidentContact, submitReport, uploadPhotos } from './report-api.ts';
import type * as ReportApi from './report-api.ts';
import ReportWizard from './ReportWizard.tsx';
import { reportOutbox } from './report-outbox.ts';

vi.mock('@/lib/public-settings.ts', () => ({
  usePublicSettings: () => ({
    data: {
      name: 'Barangay San Isidro',
      abbreviation: 'BSI',
      logo: null,
      mapStart: { lat: 14.7356, lng: 121.0498, zoom: 14 },
      hotlines: [{ label: 'Tanod Hotline', number: '+639171230000' }],
      incidentTypes: [
        { name: 'Fire', classification: 'emergency' },
        { name: 'Theft', classification: 'normal' },
      ],
      boundary: null,
      timezone: 'Asia/Manila',
      map: { tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'x' },
    },
  }),
}));
vi.mock('@/lib/bot-check.ts', () => ({
  solveBotCheck: vi.fn(() => Promise.resolve('solved')),
  BotCheckError: class BotCheckError extends Error {},
}));
vi.mock('./report-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ReportApi>()),
  fetchResidentContact: vi.fn(),
  uploadPhotos: vi.fn(),
  submitReport: vi.fn(),
}));
// The map (Leaflet) is covered by the browser tests; here a button stands in for a pin drop.
vi.mock('./LocationPicker.tsx', () => ({
  preloadMap: () => undefined,
  LocationPicker: ({ onChange, error }: { onChange(location: ReportLocation): void; error?: string }) => (
    <div>
      <button type="button" onClick={() => onChange({ lat: 14.7356, lng: 121.0498 })}>
        Drop the test pin
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  ),
}));

beforeEach(() => {
  vi.mocked(fetchResidentContact).mockReset();
  vi.mocked(fetchResidentContact).mockResolvedValue(null);
  vi.mocked(uploadPhotos).mockReset();
  vi.mocked(submitReport).mockReset();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:test/${++n}`, revokeObjectURL: () => undefined }),
  );
});

function open(options: Parameters<typeof userEvent.setup>[0] = {}) {
  renderWithI18n(
    <Router hook={memoryLocation({ path: '/Reportincidents' }).hook}>
      <ReportWizard />
    </Router>,
  );
  return userEvent.setup(options);
}

const next = () => screen.getByRole('button', { name: /Next/ });

async function fillWhat(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Type of incident'), 'Theft');
  await user.type(screen.getByLabelText('Describe what happened'), 'A bicycle was taken from the gate.');
}

describe('the report wizard', () => {
  it('will not leave the first step without a type and a description, and says so next to each field', async () => {
    const user = open();
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'What happened?' })).toBeTruthy();
    const type = screen.getByLabelText('Type of incident');
    expect(type.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(type.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose the type of incident',
    );
    expect(screen.getByText('Describe what happened', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    // Fixing a field clears its error as it is typed, without leaving the field.
    await user.type(screen.getByLabelText('Describe what happened'), 'Noise');
    expect(screen.queryByText('Describe what happened', { selector: 'p' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Describe what happened'));
  });

  it('refuses a time in the future', async () => {
    const user = open();
    await fillWhat(user);
    const when = screen.getByLabelText('When did it happen?');
    await user.clear(when);
    await user.type(when, '2099-01-01T10:00');
    await user.click(next());
    expect(await screen.findByText('The time cannot be in the future')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Where did it happen?' })).toBeNull();
  });

  it('counts the description against the 1,000-character limit', async () => {
    const user = open();
    await user.type(screen.getByLabelText('Describe what happened'), 'Twelve chars');
    expect(screen.getByText('12 / 1,000')).toBeTruthy();
    expect(screen.getByLabelText('Describe what happened').getAttribute('maxlength')).toBe('1000');
  });

  it('refuses a fourth photo and a non-image before any upload, and removes a photo', async () => {
    // applyAccept off: a phone's file picker may still hand over a PDF, which the page must refuse.
    const user = open({ applyAccept: false });
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add photos'), [png('a.png'), png('b.png')]);
    expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(2);
    await user.upload(screen.getByLabelText('Add another photo'), [png('c.png'), png('d.png')]);
    expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(3);
    expect(screen.getByText('At most 3 photos. One photo was left out.')).toBeTruthy();
    // The add button is gone at three photos; remove one and add a PDF.
    await user.click(screen.getByRole('button', { name: 'Remove photo 2 (b.png)' }));
    expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(2);
    await user.upload(
      screen.getByLabelText('Add another photo'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('notes.pdf is not a photo. Choose a JPEG, PNG or WebP image.')).toBeTruthy();
    expect(uploadPhotos).not.toHaveBeenCalled();
  });

  it('moves the focus to each step heading, keeps everything typed when going back, and sends it all', async () => {
    vi.mocked(uploadPhotos).mockResolvedValue(['3f1e2d3c-4b5a-4968-8776-655443322110']);
    vi.mocked(submitReport).mockResolvedValue({ ticket: 'IR-7K3F-9QXM' });
    const user = open();
    await fillWhat(user);
    await user.upload(
      screen.getByLabelText('Add photos'),
      new File([new Uint8Array([1])], 'gate.jpg', { type: 'image/jpeg' }),
    );
    await user.click(next());

    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Where did it happen?' })),
    );
    // No place yet: the step refuses to move on.
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe('Choose the place: use your position or tap the map.');
    await user.click(screen.getByRole('button', { name: 'Drop the test pin' }));
    await user.type(screen.getByLabelText('Landmark (optional)'), 'Beside the chapel');

    // Back and forth: nothing typed is lost.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'What happened?' })));
    expect((screen.getByLabelText('Describe what happened') as HTMLTextAreaElement).value).toBe(
      'A bicycle was taken from the gate.',
    );
    expect((screen.getByLabelText('Type of incident') as HTMLSelectElement).value).toBe('Theft');
    expect(screen.getAllByRole('img', { name: /^Photo 1/ })).toHaveLength(1);
    await user.click(next());
    expect((screen.getByLabelText('Landmark (optional)') as HTMLInputElement).value).toBe('Beside the chapel');
    await user.click(next());

    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Check and send' })));
    expect(screen.getByText('A bicycle was taken from the gate.')).toBeTruthy();
    expect(screen.getByText('Beside the chapel')).toBeTruthy();
    expect(screen.getByText('14.73560, 121.04980')).toBeTruthy();
    await user.type(screen.getByLabelText('Mobile number'), '0917 123 4567');
    await user.click(screen.getByRole('button', { name: /Send report/ }));

    expect(await screen.findByTestId('ticket')).toHaveProperty('textContent', 'IR-7K3F-9QXM');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Report sent' })));
    expect(screen.getByText(/We are also sending the ticket by SMS to/).textContent).toContain('0917 123 4567');
    expect(screen.getByRole('link', { name: /Track this report/ }).getAttribute('href')).toBe(
      '/Reportincidents?ticket=IR-7K3F-9QXM',
    );
    expect(uploadPhotos).toHaveBeenCalledTimes(1);
    const [body, preSolved] = vi.mocked(submitReport).mock.calls[0]!;
    expect(body).toMatchObject({
      type: 'Theft',
      classification: 'normal',
      description: 'A bicycle was taken from the gate.',
      location: { lat: 14.7356, lng: 121.0498 },
      landmark: 'Beside the chapel',
      address: undefined,
      reporterName: undefined,
      reporterPhone: '0917 123 4567',
      photoIds: ['3f1e2d3c-4b5a-4968-8776-655443322110'],
    });
    expect(new Date(body.occurredAt).getTime()).toBeLessThanOrEqual(Date.now());
    // Its id, made here: a repeat of the same report is stored once (report-outbox.ts).
    expect(body.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect(reportOutbox.snapshot().shown).toEqual([]));
    // The bot-check was solved while the summary was on screen.
    await expect(preSolved).resolves.toBe('solved');
  });

  it("takes the reporter back to the place when the server refuses it, with the server's words", async () => {
    vi.mocked(submitReport).mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [
        { field: 'location', message: 'This place is outside Barangay San Isidro. Move the pin inside the boundary.' },
      ]),
    );
    const user = open();
    await fillWhat(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Drop the test pin' }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: /Send report/ }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Where did it happen?' })),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'This place is outside Barangay San Isidro. Move the pin inside the boundary.',
    );
  });

  it('keeps a report whose photo upload found no connection on the phone, photos and original time included', async () => {
    vi.mocked(uploadPhotos).mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection.'));
    const user = open();
    await fillWhat(user);
    const when = screen.getByLabelText('When did it happen?');
    await user.clear(when);
    await user.type(when, '2026-05-01T21:15');
    await user.upload(screen.getByLabelText('Add photos'), new File([new Uint8Array([137, 80, 78, 71])], 'gate.png', { type: 'image/png' }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Drop the test pin' }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: /Send report/ }));

    // The report page shows it waiting (ReportIncidentsPage); the wizard's part is to have kept it.
    await waitFor(() => expect(reportOutbox.snapshot().shown).toHaveLength(1));
    const [kept] = reportOutbox.snapshot().shown;
    expect(kept).toMatchObject({ state: 'waiting', uploaded: null, body: { type: 'Theft', description: 'A bicycle was taken from the gate.' } });
    expect(kept!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept!.body.clientId).toBe(kept!.clientId);
    expect(new Date(kept!.body.occurredAt).getTime()).toBe(new Date(2026, 4, 1, 21, 15).getTime());
    expect(kept!.photos.map((photo) => photo.name)).toEqual(['gate.png']);
    expect(submitReport).not.toHaveBeenCalled();
    await reportOutbox.dismiss(kept!.clientId);
  });

  it('shows a rate limit with the hotlines and keeps the report for another try', async () => {
    vi.mocked(submitReport).mockRejectedValueOnce(
      new ApiError(
        429,
        'RATE_LIMITED',
        'Too many reports from this device. Please call the hotline if this is urgent.',
      ),
    );
    const user = open();
    await fillWhat(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Drop the test pin' }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: /Send report/ }));
    expect(
      await screen.findByText('Too many reports from this device. Please call the hotline if this is urgent.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Tanod Hotline/ }).getAttribute('href')).toBe('tel:+639171230000');
    expect(screen.getByRole('heading', { name: 'Check and send' })).toBeTruthy();
    // A refusal is the server's answer, not a lost connection: nothing waits on the phone.
    expect(reportOutbox.snapshot().shown).toEqual([]);
  });

  it("prefills a signed-in resident's name and phone", async () => {
    vi.mocked(fetchResidentContact).mockResolvedValue({ name: 'Lorna Ramos', phone: '+639170000001' });
    const user = open();
    await fillWhat(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Drop the test pin' }));
    await user.click(next());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Lorna Ramos');
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('+639170000001');
    expect(screen.getByText(/You are signed in: the report goes to your history/)).toBeTruthy();
  });
});
