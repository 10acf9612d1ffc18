import { t } from '@lingui/core/macro';
import { deviceId } from '@/lib/device-id.ts';
import { residentToken, storage, userIdFromToken } from '@/lib/storage.ts';
import { REPORT_SYNC_TAG, createReportOutbox, indexedDbStore, type QueuedReport } from './outbox-core.ts';
import { submitReport, uploadPhotos } from './report-api.ts';

/**
 * The page's queue of reports that wait on the phone for a signal (outbox-core.ts, decision 020),
 * sending with the page's bot-check solve and stored token. Where the browser has Background Sync
 * (Chromium), every report left waiting also asks the service worker to send it as soon as the
 * connection returns, with or without a page open (src/sw/report-sync.ts).
 */
export { newReportId, type QueuedReport } from './outbox-core.ts';

/** Where the service worker puts the ticket in the sent notification's words (`workerTexts`). */
const TICKET_SLOT = '{ticket}';

/** Asks the browser to wake the service worker when the connection returns, where it can. */
function askForSync(): void {
  if (!('serviceWorker' in navigator) || !('SyncManager' in window)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } }).sync.register(REPORT_SYNC_TAG))
    .catch(() => undefined);
}

/** The resident's token if the resident who made the report is the one signed in now. */
function tokenFor(item: QueuedReport): string | null {
  const token = residentToken();
  return token && item.residentId && userIdFromToken(token) === item.residentId ? token : null;
}

const queue = createReportOutbox({
  store: indexedDbStore(),
  send: (item) => submitReport({ ...item.body, clientId: item.clientId, photoIds: item.uploaded?.ids ?? [] }, undefined, { token: tokenFor(item) }),
  upload: uploadPhotos,
  online: () => navigator.onLine,
  now: () => Date.now(),
  mark: (count) => (count > 0 ? storage.set('waitingReports', String(count)) : storage.remove('waitingReports')),
  retryLater: true,
  onWaiting: askForSync,
});

/** What the service worker says about the report, in the language on screen now (outbox-core.ts). */
function workerTexts(item: Pick<QueuedReport, 'body'>): QueuedReport['workerTexts'] {
  const ticket = TICKET_SLOT;
  return {
    sentTitle: item.body.classification === 'emergency' ? t`Your emergency report was sent.` : t`Your report was sent.`,
    sentBody: t`Ticket: ${ticket}`,
  };
}

export const reportOutbox = {
  ...queue,
  /** Keeps the report with what the service worker needs to send it without a page (outbox-core.ts's `hold`). */
  hold(item: Parameters<typeof queue.hold>[0]): void {
    const token = residentToken();
    queue.hold({
      ...item,
      deviceId: deviceId(),
      token: token && item.residentId && userIdFromToken(token) === item.residentId ? token : null,
      workerTexts: workerTexts(item),
    });
  },
};

let started = false;
/**
 * Starts sending by itself in this page: now, whenever the browser is back online, and when the
 * page is shown again. Called by the report page and, when reports wait, by every page
 * (apps/web/src/app/pwa/register.ts).
 */
export function startReportOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void reportOutbox.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void reportOutbox.flush();
  });
  // The service worker sent reports of this queue with no page's help (src/sw/report-sync.ts).
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'bantay:reports-changed') void reportOutbox.reload();
  });
  void reportOutbox.flush();
}

/** Whether an earlier page left reports waiting (without opening IndexedDB). */
export const reportsMayWait = (): boolean => Number(storage.get('waitingReports') ?? 0) > 0;
