import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ApiError } from '@/lib/api-request.ts';
import { BotCheckError } from '@/lib/bot-check-error.ts';
import { isLostConnection, type ReportBody } from './report-send.ts';

/**
 * Reports that wait on the phone for a signal (decision 020). Every report is written here before
 * it is sent, with the id the browser made for it (`clientId`), and stays until the server has
 * answered: a report made with no connection, or whose answer was lost, is sent by itself when
 * the connection returns (the `online` event, the next page load, or a retry while the page is
 * open) with a bot-check solved then, and the server answers a repeat of the same `clientId` with
 * the first ticket. Its photos wait with it, as files, and are uploaded first.
 *
 * Kept in IndexedDB (the same `idb` wrapper as the chat outbox and the patrol point queue), with
 * a copy in memory that the screens read; where IndexedDB is unavailable it lives in memory only.
 * This file is the queue itself, shared by the page (report-outbox.ts) and the service worker,
 * which sends the same records when the signal returns with no page open (src/sw/report-sync.ts):
 * so it reads no page storage and no catalogue.
 */
export interface QueuedReport {
  clientId: string;
  /** The request body, less the bot-check and device id; `occurredAt` is the reporter's original time. */
  body: ReportBody;
  /** This browser's device id (lib/device-id.ts), for the service worker, which cannot read it. */
  deviceId?: string;
  /**
   * The resident's token when it was made, for the service worker, which cannot read the stored
   * one: a session that ended since is no longer honoured by the server, and the report goes
   * unlinked, as the page sends it when another person is signed in.
   */
  token?: string | null;
  /**
   * What the service worker, which has no catalogue, says about the report, in the language on
   * screen when it was made: the notification once sent (`{ticket}` in its body is replaced by the
   * ticket).
   */
  workerTexts?: { sentTitle: string; sentBody: string };
  /** Photos to upload before sending (the wizard's), as the reporter picked them. */
  photos: File[];
  /** Ids of the photos once uploaded, and when (the server accepts them for an hour). */
  uploaded: { ids: string[]; at: number } | null;
  /** The resident signed in when it was made: their token goes with it only while they still are. */
  residentId: string | null;
  /** The phone the ticket goes to by SMS, for the screen that shows the ticket. */
  phone?: string;
  /** When Send was pressed (ISO 8601). */
  madeAt: string;
  state: 'waiting' | 'sent' | 'refused';
  ticket?: string;
  sentAt?: string;
  /** Why the server refused it (state `refused`). */
  problem?: string;
  /** The photos were refused (not the report): it went without them. */
  photosDropped?: boolean;
}

/** Where the queue is kept between page loads. */
export interface OutboxStore {
  all(): Promise<QueuedReport[]>;
  put(item: QueuedReport): Promise<void>;
  delete(clientId: string): Promise<void>;
}

export interface OutboxDeps {
  store: OutboxStore | null;
  send(item: QueuedReport): Promise<{ ticket: string }>;
  upload(files: File[]): Promise<string[]>;
  online(): boolean;
  now(): number;
  /** How many reports are still unfinished, for pages that do not open the queue (lib/storage.ts). */
  mark(count: number): void;
  /** Whether to try again by itself after a pause (a page does; the service worker leaves it to the browser's sync). */
  retryLater: boolean;
  /** A report is left waiting for the connection. */
  onWaiting?(): void;
}

/** Pauses between tries while the server cannot be reached, growing up to the last one. */
export const RETRY_DELAYS_MS = [3000, 10_000, 30_000, 60_000];
/** Uploaded photos must be attached within the hour (INCIDENT_LIMITS.photoClaimWindowMs); a margin. */
const UPLOAD_FRESH_MS = 45 * 60_000;

const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && !isLostConnection(error) && error.status !== 429;
const refusedFields = (error: unknown) => (error instanceof ApiError ? error.fields.map((field) => field.field) : []);

/** The tag of the browser's sync that wakes the service worker to send the queue (src/sw/report-sync.ts). */
export const REPORT_SYNC_TAG = 'bantay-reports';

/** A new report's id: a UUID v4, also where crypto.randomUUID is missing (plain http on a LAN). */
export function newReportId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the screens read: a new object on every change (useSyncExternalStore compares by identity). */
export interface OutboxView {
  /** Waiting, sent but not yet seen, or refused; oldest first. Not those a screen is sending itself. */
  shown: readonly QueuedReport[];
  /** The report the queue is sending at this moment. */
  sending: string | null;
}

export function createReportOutbox(deps: OutboxDeps) {
  let items: readonly QueuedReport[] = [];
  /** Reports the screen that made them is sending now: not the screen's to show, nor the queue's to send. */
  const inHand = new Set<string>();
  let inFlight: string | null = null;
  let view: OutboxView = { shown: [], sending: null };
  const listeners = new Set<() => void>();

  function notify() {
    view = { shown: items.filter((item) => !inHand.has(item.clientId)), sending: inFlight };
    for (const listener of listeners) listener();
  }
  let loaded: Promise<void> | null = null;
  let loadedDone = false;
  let running: Promise<void> | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function publish(next: readonly QueuedReport[]) {
    items = next;
    deps.mark(items.length);
    notify();
  }

  // Writes go one after another, so a report's deletion can never overtake its first write.
  let writes: Promise<void> = Promise.resolve();
  function write(operation: (store: OutboxStore) => Promise<void>, onFailure: (error: unknown) => void): Promise<void> {
    const store = deps.store;
    if (!store) return Promise.resolve();
    writes = writes.then(() => operation(store)).catch(onFailure);
    return writes;
  }

  function save(item: QueuedReport): Promise<void> {
    publish([...items.filter((other) => other.clientId !== item.clientId), item].sort((a, b) => a.madeAt.localeCompare(b.madeAt)));
    return write(
      (store) => store.put(item),
      (error) => console.error('Could not keep the report on this phone', error),
    );
  }

  function forget(clientId: string): Promise<void> {
    publish(items.filter((item) => item.clientId !== clientId));
    return write(
      (store) => store.delete(clientId),
      (error) => console.error('Could not drop the sent report', error),
    );
  }

  /** Reads what earlier pages left, once per page. */
  function load(): Promise<void> {
    loaded ??= (deps.store?.all() ?? Promise.resolve([]))
      .then((kept) => {
        const known = new Set(items.map((item) => item.clientId));
        const added = kept.filter((item) => !known.has(item.clientId));
        loadedDone = true;
        publish([...items, ...added].sort((a, b) => a.madeAt.localeCompare(b.madeAt)));
      })
      .catch((error: unknown) => {
        console.error('Could not read the reports kept on this phone', error);
        loadedDone = true;
        notify();
      });
    return loaded;
  }

  /** Sends one waiting report; false when the connection failed and it must wait longer. */
  async function sendOne(item: QueuedReport): Promise<boolean> {
    let current = item;
    try {
      if (current.photos.length > 0 && (!current.uploaded || deps.now() - current.uploaded.at > UPLOAD_FRESH_MS)) {
        try {
          current = { ...current, uploaded: { ids: await deps.upload(current.photos), at: deps.now() } };
        } catch (error) {
          if (!isRefusal(error)) throw error;
          // The photos, not the report, were refused (too big, not an image): the report goes without them.
          current = { ...current, photos: [], uploaded: null, photosDropped: true };
        }
        await save(current);
      }
      const { ticket } = await deps.send(current);
      await save({ ...current, photos: [], uploaded: null, state: 'sent', ticket, sentAt: new Date(deps.now()).toISOString() });
      return true;
    } catch (error) {
      if (refusedFields(error).includes('photoIds') && current.uploaded) {
        // The uploaded photos expired meanwhile: upload them again on the next try.
        await save({ ...current, uploaded: null });
        return false;
      }
      if (error instanceof BotCheckError && error.reason === 'expired') return false;
      if (!isRefusal(error)) return false;
      const message = error.fields[0]?.message ?? error.message;
      await save({ ...current, photos: [], uploaded: null, state: 'refused', problem: message });
      return true;
    }
  }

  function schedule(delay: number) {
    deps.onWaiting?.();
    if (!deps.retryLater) return;
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  }

  /**
   * Sends every waiting report, oldest first; one run at a time in this page. Another tab may send
   * the same report at the same moment: the server stores it once and both get its ticket.
   */
  function flush(): Promise<void> {
    running ??= (async () => {
      try {
        await load();
        for (;;) {
          const next = items.find((item) => item.state === 'waiting' && !inHand.has(item.clientId));
          if (!next) {
            attempt = 0;
            return;
          }
          if (!deps.online()) {
            deps.onWaiting?.();
            return;
          }
          inFlight = next.clientId;
          notify();
          const done = await sendOne(next).finally(() => {
            inFlight = null;
            notify();
          });
          if (!done) {
            schedule(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!);
            attempt += 1;
            return;
          }
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    load,
    flush,
    /** Sends now, without waiting for the next retry (the reporter pressed Try now, or the signal is back). */
    retryNow(): Promise<void> {
      attempt = 0;
      clearTimeout(timer);
      return flush();
    },
    /**
     * Keeps a report on the phone as its screen starts sending it (the write is not waited for: an
     * emergency does not wait for the disk). The screen then calls `settle`: sent or refused, it is
     * forgotten; lost on the way, it stays and the queue sends it.
     */
    hold(item: Omit<QueuedReport, 'state' | 'uploaded'> & { uploaded?: QueuedReport['uploaded'] }): void {
      inHand.add(item.clientId);
      void save({ uploaded: null, ...item, state: 'waiting' });
    },
    async settle(clientId: string, outcome: 'sent' | 'refused' | 'lost', uploaded?: QueuedReport['uploaded']): Promise<void> {
      inHand.delete(clientId);
      if (outcome === 'lost') {
        const item = items.find((candidate) => candidate.clientId === clientId);
        if (item && uploaded) await save({ ...item, uploaded });
        else notify();
        schedule(deps.online() ? RETRY_DELAYS_MS[0]! : 0);
        return;
      }
      await forget(clientId);
    },
    /** The reporter has seen the ticket, read why it was refused, or chose not to send it. */
    dismiss(clientId: string): Promise<void> {
      return forget(clientId);
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot(): OutboxView {
      return view;
    },
    /** Reads the queue again: the service worker sent reports meanwhile (src/sw/report-sync.ts). */
    async reload(): Promise<void> {
      await load();
      const kept = await deps.store?.all().catch(() => null);
      if (!kept) return;
      const stored = new Set(kept.map((item) => item.clientId));
      const onlyHere = items.filter((item) => !stored.has(item.clientId) && inHand.has(item.clientId));
      publish([...kept, ...onlyHere].sort((a, b) => a.madeAt.localeCompare(b.madeAt)));
    },
    /** Whether this page has read what earlier pages left. */
    isLoaded(): boolean {
      return loadedDone;
    },
  };
}

// ---- Where the page and the service worker keep it ----

interface OutboxSchema extends DBSchema {
  reports: { key: string; value: QueuedReport };
}

/** The queue's records in IndexedDB (`bantay-reports`), the same for the page and the service worker. */
export function indexedDbStore(): OutboxStore | null {
  if (typeof indexedDB === 'undefined') return null;
  let database: Promise<IDBPDatabase<OutboxSchema>> | null = null;
  const db = () =>
    (database ??= openDB<OutboxSchema>('bantay-reports', 1, {
      upgrade(upgrading) {
        upgrading.createObjectStore('reports', { keyPath: 'clientId' });
      },
    }));
  return {
    all: async () => (await db()).getAll('reports'),
    put: async (item) => {
      await (await db()).put('reports', item);
    },
    delete: async (clientId) => {
      await (await db()).delete('reports', clientId);
    },
  };
}
