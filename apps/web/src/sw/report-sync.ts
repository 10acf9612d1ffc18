/// <reference lib="webworker" />
import { requestApi, type ApiRequest } from '@/lib/api-request.ts';
import { BotCheckError } from '@/lib/bot-check-error.ts';
import { solveBotCheckWithoutPage } from '@/lib/bot-check-proof.ts';
import { REPORT_SYNC_TAG, createReportOutbox, indexedDbStore, type QueuedReport } from '@/features/report/outbox-core.ts';
import { postReport, postReportPhotos } from '@/features/report/report-send.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Reports that wait on the phone, sent by the service worker as soon as the connection returns,
 * whether or not Bantay is open (Background Sync, where the browser has it: Chromium). The page
 * asks for the sync whenever it leaves a report waiting (features/report/report-outbox.ts); the
 * browser fires `sync` once it is online, and again later if this run could not send everything.
 *
 * The worker sends the very records the page keeps (IndexedDB `bantay-reports`), through the same
 * queue (features/report/outbox-core.ts) and the same request (features/report/report-send.ts):
 * the bot-check solved without a page (lib/bot-check-proof.ts), the device id and the resident's
 * token kept with the report. The server answers a repeat of a report's `clientId` with its first
 * ticket, so a page sending the same report at the same moment makes no second one. A sent report
 * stays in the queue as sent, so the next page shows its ticket; a notification says so too when
 * the person allowed them, in the words the page stored with it.
 */

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

const API_BASE: string = import.meta.env.VITE_API_URL ?? '';
/**
 * The worker has no catalogue; the message of a lost connection is never shown (the page shows its
 * own words for a report that waits), so it carries none.
 */
const request: ApiRequest = (path, options) => requestApi(API_BASE, path, options, '');
const ICON = '/app-icons/icon-192.png';
const BADGE = '/app-icons/badge-72.png';

function sendWaitingReports(): Promise<readonly QueuedReport[]> {
  const queue = createReportOutbox({
    store: indexedDbStore(),
    send: (item) =>
      postReport(
        { ...item.body, clientId: item.clientId, photoIds: item.uploaded?.ids ?? [] },
        {
          request,
          // A solve that failed here (too slow in a worker the browser may stop) is left to the next
          // try or the next page, never taken as a refusal of the report.
          solve: () =>
            solveBotCheckWithoutPage(request).catch((error: unknown) => {
              throw error instanceof BotCheckError ? new BotCheckError(error.reason, true) : error;
            }),
          // Missing on a report kept by an older page: the server then counts it per address only.
          deviceId: item.deviceId,
          token: item.token ?? null,
        },
      ),
    upload: (files) => postReportPhotos(request, files),
    online: () => self.navigator.onLine,
    now: () => Date.now(),
    // The count pages read lives in the page's localStorage, out of a worker's reach: it stays as it
    // was, and the next page reads the queue and shows the tickets.
    mark: () => undefined,
    // The browser fires `sync` again later when this run fails.
    retryLater: false,
  });
  return queue.flush().then(() => queue.snapshot().shown);
}

let running: Promise<void> | null = null;

async function syncReports(): Promise<void> {
  const before = new Set((await (indexedDbStore()?.all() ?? Promise.resolve([]))).filter((item) => item.state === 'waiting').map((item) => item.clientId));
  const after = await sendWaitingReports();
  const sent = after.filter((item) => before.has(item.clientId) && item.state === 'sent' && item.ticket);
  if (sent.length > 0) {
    await Promise.all(sent.map(showSent));
    // Open pages read the queue again (features/report/report-outbox.ts).
    for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'bantay:reports-changed' });
  }
  // Still waiting: the sync fails, so the browser tries again later (with its own growing pauses).
  if (after.some((item) => item.state === 'waiting')) throw new Error('Reports still wait for a connection');
}

async function showSent(item: QueuedReport): Promise<void> {
  if (Notification.permission !== 'granted' || !item.workerTexts || !item.ticket) return;
  const emergency = item.body.classification === 'emergency';
  await self.registration
    .showNotification(item.workerTexts.sentTitle, {
      body: item.workerTexts.sentBody.replace('{ticket}', item.ticket),
      icon: ICON,
      badge: BADGE,
      tag: `report-${item.clientId}`,
      data: { url: emergency ? '/Reportincidents?emergency=1' : '/Reportincidents' },
    })
    .catch(() => undefined);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== REPORT_SYNC_TAG) return;
  // One run at a time in this worker: a second sync waits for the first and starts afresh.
  const run = (running ?? Promise.resolve())
    .catch(() => undefined)
    .then(syncReports)
    .finally(() => {
      if (running === run) running = null;
    });
  running = run;
  sync.waitUntil(run);
});
