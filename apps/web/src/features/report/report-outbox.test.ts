import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-request.ts';
import { BotCheckError } from '@/lib/bot-check-error.ts';
import { createReportOutbox, newReportId, RETRY_DELAYS_MS, type OutboxDeps, type OutboxStore, type QueuedReport } from './outbox-core.ts';

/** IndexedDB stand-in: what a later page load would read back (copies, as IndexedDB gives). */
function memoryStore(): OutboxStore & { kept: Map<string, QueuedReport> } {
  const kept = new Map<string, QueuedReport>();
  const copy = (item: QueuedReport): QueuedReport => ({ ...item, body: { ...item.body }, photos: [...item.photos] });
  return {
    kept,
    all: async () => [...kept.values()].map(copy),
    put: async (item) => {
      kept.set(item.clientId, copy(item));
    },
    delete: async (clientId) => {
      kept.delete(clientId);
    },
  };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function report(overrides: Partial<QueuedReport> = {}): Omit<QueuedReport, 'state' | 'uploaded'> {
  const clientId = overrides.clientId ?? newReportId();
  return {
    clientId,
    body: {
      type: 'Fire',
      classification: 'emergency',
      description: '',
      occurredAt: '2026-06-01T08:00:00.000Z',
      location: { lat: 14.7356, lng: 121.0498 },
      photoIds: [],
      clientId,
    },
    photos: [],
    residentId: null,
    madeAt: '2026-06-01T08:00:00.000Z',
    ...overrides,
  };
}

const offline = () => new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection.');

function setUp(overrides: Partial<OutboxDeps> = {}) {
  const store = memoryStore();
  let online = true;
  const marks: number[] = [];
  const deps: OutboxDeps = {
    store,
    send: vi.fn(async () => ({ ticket: 'ER-7K3F-9QXM' })),
    upload: vi.fn(async (files: File[]) => files.map((_, i) => `00000000-0000-4000-8000-00000000000${i}`)),
    online: () => online,
    now: () => Date.now(),
    mark: (count) => marks.push(count),
    retryLater: true,
    ...overrides,
  };
  const outbox = createReportOutbox(deps);
  return {
    store,
    deps,
    outbox,
    marks,
    goOffline: () => (online = false),
    goOnline: () => (online = true),
    /** A new page load over the same IndexedDB. */
    reload: (more: Partial<OutboxDeps> = {}) => createReportOutbox({ ...deps, ...more }),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the reports kept on the phone', () => {
  it('makes UUID v4 ids, also without crypto.randomUUID (plain http on a LAN)', () => {
    expect(newReportId()).toMatch(UUID_V4);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, newReportId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('a report its screen sent is kept while on its way, and forgotten once answered', async () => {
    const { outbox, store, marks } = setUp();
    const item = report();
    outbox.hold(item);
    // Not the page's to show, nor the queue's to send, while its screen is sending it.
    expect(outbox.snapshot().shown).toEqual([]);
    await outbox.flush();
    await vi.waitFor(() => expect(store.kept.has(item.clientId)).toBe(true));
    await outbox.settle(item.clientId, 'sent');
    expect(store.kept.size).toBe(0);
    expect(marks.at(-1)).toBe(0);
  });

  it('a report whose answer was lost waits, survives a reload, and is sent once the connection returns, with its original time', async () => {
    const first = setUp();
    const item = report();
    first.outbox.hold(item);
    first.goOffline();
    await first.outbox.settle(item.clientId, 'lost');
    expect(first.outbox.snapshot().shown.map((shown) => shown.state)).toEqual(['waiting']);
    expect(first.marks.at(-1)).toBe(1);

    // The page is reloaded while still offline: the report is read back and not sent.
    const send = vi.fn(async () => ({ ticket: 'ER-7K3F-9QXM' }));
    const second = first.reload({ send });
    await second.flush();
    expect(second.snapshot().shown.map((shown) => shown.clientId)).toEqual([item.clientId]);
    expect(send).not.toHaveBeenCalled();

    first.goOnline();
    await second.retryNow();
    expect(send).toHaveBeenCalledTimes(1);
    const [sentItem] = send.mock.calls[0] as unknown as [QueuedReport];
    expect(sentItem.clientId).toBe(item.clientId);
    expect(sentItem.body.occurredAt).toBe('2026-06-01T08:00:00.000Z');
    const [shown] = second.snapshot().shown;
    expect(shown).toMatchObject({ state: 'sent', ticket: 'ER-7K3F-9QXM' });
    // Kept until the reporter has seen the ticket.
    await second.dismiss(item.clientId);
    expect(first.store.kept.size).toBe(0);
  });

  it('tries again with growing pauses while the server cannot be reached, and stops trying while offline', async () => {
    const send = vi.fn<OutboxDeps['send']>().mockRejectedValueOnce(offline()).mockRejectedValueOnce(new ApiError(503, 'INTERNAL', 'Down')).mockResolvedValue({ ticket: 'IR-7K3F-9QXM' });
    const { outbox, store } = setUp({ send });
    await store.put({ ...report(), state: 'waiting', uploaded: null });
    await outbox.flush();
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]!);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]!);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]! - RETRY_DELAYS_MS[0]!);
    expect(send).toHaveBeenCalledTimes(3);
    expect(outbox.snapshot().shown[0]).toMatchObject({ state: 'sent', ticket: 'IR-7K3F-9QXM' });
  });

  it('the service worker’s queue asks for a sync instead of retrying on a timer, and a page reads back what it sent', async () => {
    const onWaiting = vi.fn();
    const send = vi.fn<OutboxDeps['send']>().mockRejectedValueOnce(offline()).mockResolvedValue({ ticket: 'IR-7K3F-9QXM' });
    const { store, reload } = setUp({ send });
    const page = reload({ onWaiting });
    await page.load();
    const worker = reload({ send, retryLater: false, onWaiting });
    await store.put({ ...report(), state: 'waiting', uploaded: null });
    await worker.flush();
    expect(onWaiting).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.at(-1)! * 2);
    expect(send).toHaveBeenCalledTimes(1);
    await worker.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(page.snapshot().shown).toEqual([]);
    await page.reload();
    expect(page.snapshot().shown[0]).toMatchObject({ state: 'sent', ticket: 'IR-7K3F-9QXM' });
  });

  it('a bot-check that cannot be set up offline keeps the report waiting; a refusal is shown with the server’s words', async () => {
    const send = vi
      .fn<OutboxDeps['send']>()
      .mockRejectedValueOnce(new BotCheckError('setup', true))
      .mockRejectedValueOnce(
        new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ field: 'location', message: 'This place is outside Barangay San Isidro.' }]),
      );
    const { outbox, store } = setUp({ send });
    const item = { ...report(), state: 'waiting' as const, uploaded: null };
    await store.put(item);
    await outbox.flush();
    expect(outbox.snapshot().shown[0]!.state).toBe('waiting');
    await outbox.retryNow();
    expect(outbox.snapshot().shown[0]).toMatchObject({ state: 'refused', problem: 'This place is outside Barangay San Isidro.' });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('uploads the photos first, sends their ids, and sends without them if the server refuses the photos', async () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'fire.jpg', { type: 'image/jpeg' });
    const send = vi.fn<OutboxDeps['send']>().mockResolvedValue({ ticket: 'IR-7K3F-9QXM' });
    const { outbox, store, deps } = setUp({ send });
    await store.put({ ...report({ photos: [photo] }), state: 'waiting', uploaded: null });
    await outbox.flush();
    expect(deps.upload).toHaveBeenCalledWith([expect.any(File)]);
    expect((send.mock.calls[0]![0] as QueuedReport).uploaded?.ids).toEqual(['00000000-0000-4000-8000-000000000000']);

    const refusing = setUp({ upload: vi.fn(async () => Promise.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or WebP image'))), send });
    await refusing.store.put({ ...report({ photos: [photo] }), state: 'waiting', uploaded: null });
    await refusing.outbox.flush();
    expect(refusing.outbox.snapshot().shown[0]).toMatchObject({ state: 'sent', photosDropped: true, photos: [] });
  });

  it('uploads the photos again when the server says the uploaded ones expired', async () => {
    const photo = new File([new Uint8Array([1])], 'a.jpg', { type: 'image/jpeg' });
    const send = vi
      .fn<OutboxDeps['send']>()
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ field: 'photoIds', message: 'Some photos expired' }]))
      .mockResolvedValue({ ticket: 'IR-7K3F-9QXM' });
    const { outbox, store, deps } = setUp({ send });
    await store.put({ ...report({ photos: [photo] }), state: 'waiting', uploaded: { ids: ['old'], at: Date.now() } });
    await outbox.flush();
    expect(deps.upload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]!);
    expect(deps.upload).toHaveBeenCalledTimes(1);
    expect(outbox.snapshot().shown[0]).toMatchObject({ state: 'sent' });
  });

  it('sends waiting reports one at a time, oldest first, even when asked twice at once', async () => {
    let release: () => void = () => undefined;
    const send = vi.fn<OutboxDeps['send']>(
      (item) =>
        new Promise((resolve) => {
          release = () => resolve({ ticket: item.clientId === 'b' ? 'IR-BBBB-BBBB' : 'IR-AAAA-AAAA' });
        }),
    );
    const { outbox, store } = setUp({ send });
    await store.put({ ...report({ clientId: 'b', madeAt: '2026-06-01T09:00:00.000Z' }), state: 'waiting', uploaded: null });
    await store.put({ ...report({ clientId: 'a', madeAt: '2026-06-01T08:00:00.000Z' }), state: 'waiting', uploaded: null });
    const one = outbox.flush();
    const two = outbox.flush();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(outbox.snapshot().sending).toBe('a');
    release();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    release();
    await Promise.all([one, two]);
    expect(send.mock.calls.map(([item]) => item.clientId)).toEqual(['a', 'b']);
  });
});
