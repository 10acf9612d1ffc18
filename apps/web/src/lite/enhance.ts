import type { Challenge } from 'altcha/lib';
import type { BotCheckConfig } from '@bantay/shared';
import { requestApi } from '@/lib/api-request.ts';
import { solveInWorkers } from '@/lib/bot-check-workers.ts';
import { deviceId } from '@/lib/device-id.ts';
import { forgetPublicPages } from '@/lib/public-page-cache.ts';
import { challengeFromWorker } from '@/lib/kept-challenge.ts';
import { REPORT_SYNC_TAG, indexedDbStore, newReportId, type QueuedReport } from '@/features/report/outbox-core.ts';
import type { ReportBody } from '@/features/report/report-send.ts';

/**
 * The server's emergency and report forms (apps/server/src/modules/plain-pages, decision 033),
 * made better where scripts run, without the app: the landing page's Emergency link leads here,
 * because on one bar of signal and a slow phone this page is ready in about a second where the
 * app's emergency screen takes several (docs/benchmarks.md, "The field"). Everything here adds
 * to a form that works without it:
 *
 * - the phone's position goes in the hidden `lat`/`lng`/`accuracy` fields, so the tanods get the
 *   place itself and not only a purok;
 * - the invisible bot-check is solved while the person chooses (in ALTCHA's workers, as the app
 *   solves it) and goes in `botCheck`: such a report is an ordinary web report, not one marked
 *   "sent without the bot-check". Its challenge is the page's own when the page came from the
 *   server, else the one the service worker kept ready (src/sw/emergency-challenge.ts), else the
 *   server's;
 * - a blank form served from the service worker's copy (src/sw/public-pages.ts) gets an id of its
 *   own, so two reports from one stored page are two reports;
 * - it is sent with fetch and the answer page shown in its place; when no answer comes, the report
 *   is kept on the phone in the app's queue (features/report/outbox-core.ts) and sent as soon as the
 *   signal returns: by the service worker (Background Sync), by this page if it is still open, or
 *   by the next page of the app.
 */

/** How long Send waits for a bot-check still being solved; after that the report goes without it. */
const SOLVE_WAIT_MS = 3000;
/** The same as the app's report (features/report/report-send.ts): no answer by then counts as none. */
const SEND_TIMEOUT_MS = 30_000;
const CHALLENGE_PATH = '/api/bot-check/challenge';

type Form = HTMLFormElement & { dataset: { lat?: string; lng?: string; challenge?: string } };

function field(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element : null;
}

function setField(form: HTMLFormElement, name: string, value: string): void {
  const input = field(form, name);
  if (input) input.value = value;
}

/** The position line: `finding`, `set` or `failed`, in the page's language (its data attributes). */
function showPosition(state: 'finding' | 'set' | 'failed'): void {
  const line = document.getElementById('position');
  if (!line) return;
  line.textContent = line.dataset[state] ?? '';
  // Said by a screen reader as it changes.
  line.setAttribute('role', 'status');
  line.hidden = false;
}

function locate(form: HTMLFormElement): void {
  if (!('geolocation' in navigator)) return;
  showPosition('finding');
  navigator.geolocation.getCurrentPosition(
    (position) => {
      setField(form, 'lat', String(position.coords.latitude));
      setField(form, 'lng', String(position.coords.longitude));
      setField(form, 'accuracy', String(Math.round(position.coords.accuracy)));
      showPosition('set');
    },
    () => showPosition('failed'),
    { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
  );
}

/**
 * The challenge the server put in the page, when this page came from the server: a copy the service
 * worker kept holds one that was solved or has expired. Null otherwise.
 */
function challengeInPage(form: Form): Challenge | null {
  if (!form.dataset.challenge || navigator.serviceWorker?.controller) return null;
  try {
    return JSON.parse(form.dataset.challenge) as Challenge;
  } catch {
    return null;
  }
}

/** A challenge from the server: config and challenge asked for at once, one round trip, as the app does (lib/bot-check.ts). */
async function askForChallenge(): Promise<Challenge | null> {
  const ask = <T>(path: string) => requestApi<T>('', path, { token: null }, '');
  const guessed = ask<Challenge>(CHALLENGE_PATH);
  guessed.catch(() => undefined);
  const config = await ask<BotCheckConfig>('/api/bot-check/config');
  if (config.provider !== 'altcha' || !config.challengeUrl) return null;
  return config.challengeUrl === CHALLENGE_PATH ? guessed : ask<Challenge>(config.challengeUrl);
}

/** The bot-check's payload (lib/bot-check.ts's shape), or null when it cannot be solved here. */
async function solveBotCheck(form: Form): Promise<string | null> {
  try {
    const challenge = challengeInPage(form) ?? (await challengeFromWorker()) ?? (await askForChallenge());
    if (!challenge) return null;
    // In ALTCHA's workers, one per core, as the app solves it (lib/bot-check-workers.ts): on a
    // phone's slow cores that beats one search on this page's thread (measured: 1.1 s against 0.6 s
    // of waiting after Send, docs/benchmarks.md, "The field").
    const solution = await solveInWorkers(challenge, new AbortController());
    if (!solution) return null;
    return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
  } catch {
    return null;
  }
}

const pause = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/** The place as the app's report gives it, for a report kept on the phone (the server works it out from the same fields). */
function placeOf(form: Form, values: FormData): ReportBody['location'] {
  const lat = Number(values.get('lat'));
  const lng = Number(values.get('lng'));
  if (values.get('lat') && values.get('lng') && Number.isFinite(lat) && Number.isFinite(lng)) {
    const accuracy = Number(values.get('accuracy'));
    return { lat, lng, ...(values.get('accuracy') && Number.isFinite(accuracy) ? { accuracy } : {}) };
  }
  const area = form.querySelector<HTMLOptionElement>(`select[name="area"] option:checked`);
  const middle = area?.value && area.dataset.lat ? area.dataset : form.dataset;
  return { lat: Number(middle.lat), lng: Number(middle.lng) };
}

/** The form as the app's report body (features/report/report-send.ts), for the app's queue. */
function reportBody(form: Form, values: FormData, madeAt: string): ReportBody {
  const text = (name: string) => String(values.get(name) ?? '').trim();
  const area = form.querySelector<HTMLOptionElement>(`select[name="area"] option:checked`);
  return {
    type: text('type'),
    classification: form.action.endsWith('/emergency') ? 'emergency' : 'normal',
    description: text('description'),
    occurredAt: madeAt,
    location: placeOf(form, values),
    landmark: text('landmark') || undefined,
    address: area?.value ? (area.textContent ?? undefined) : undefined,
    reporterPhone: text('phone') || undefined,
    photoIds: [],
    clientId: text('form'),
  };
}

/** Keeps the report in the app's queue and asks the browser to wake the service worker once online. */
async function keepOnPhone(form: Form, values: FormData): Promise<boolean> {
  const store = indexedDbStore();
  if (!store) return false;
  const madeAt = new Date().toISOString();
  const body = reportBody(form, values, madeAt);
  const item: QueuedReport = {
    clientId: body.clientId!,
    body,
    deviceId: deviceId(),
    token: null,
    photos: [],
    uploaded: null,
    residentId: null,
    madeAt,
    state: 'waiting',
  };
  try {
    await store.put(item);
  } catch {
    return false;
  }
  if ('serviceWorker' in navigator && 'SyncManager' in window) {
    void navigator.serviceWorker.ready
      .then((registration) => (registration as ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } }).sync.register(REPORT_SYNC_TAG))
      .catch(() => undefined);
  }
  return true;
}

/** Puts the server's answer page in place of this one, and enhances it in turn (a refused form comes back). */
function showPage(html: string): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.replaceWith(document.adoptNode(next.documentElement));
  window.scrollTo(0, 0);
  (document.querySelector('[role="alert"], #ticket, h1') as HTMLElement | null)?.setAttribute('tabindex', '-1');
  (document.querySelector('[role="alert"], #ticket, h1') as HTMLElement | null)?.focus();
  enhance();
}

async function post(form: HTMLFormElement, values: FormData): Promise<string> {
  const response = await fetch(form.action, {
    method: 'POST',
    body: new URLSearchParams(values as unknown as Record<string, string>),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  return response.text();
}

/**
 * The app's service worker (decision 020), registered once the report has gone and its answer is
 * on screen, never while the form waits: its download would share one bar of signal with the
 * report. From then on this form opens from the phone, and a report kept for want of a signal is
 * sent by it even with the page closed (src/sw/report-sync.ts).
 */
function installForNextTime(): void {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

function enhance(): void {
  const form = document.getElementById('plain-form') as Form | null;
  // The language switch: the stored pages are in the language they were fetched in (lib/public-page-cache.ts).
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[hreflang]')) link.addEventListener('click', () => void forgetPublicPages());
  if (!form) {
    installForNextTime();
    return;
  }
  if (form.hasAttribute('data-fresh')) setField(form, 'form', newReportId());
  // A type must be chosen before a report can be kept on the phone, where no server names what is
  // missing: the first emergency radio, or the report form's list, is required.
  form.querySelector('input[type="radio"][name="type"], select[name="type"]')?.setAttribute('required', '');
  locate(form);
  const botCheck = solveBotCheck(form);
  let sending = false;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    sending = true;
    const button = form.querySelector('button[type="submit"]');
    button?.setAttribute('aria-busy', 'true');
    void (async () => {
      const solved = await Promise.race([botCheck, pause(SOLVE_WAIT_MS)]);
      setField(form, 'botCheck', solved ?? '');
      const values = new FormData(form);
      try {
        showPage(await post(form, values));
      } catch {
        if (!(await keepOnPhone(form, values))) {
          // Nowhere to keep it: the browser's own post, which says there is no connection.
          form.submit();
          return;
        }
        const kept = document.getElementById('kept');
        if (kept) {
          kept.hidden = false;
          kept.scrollIntoView();
        }
        button?.removeAttribute('aria-busy');
        button?.setAttribute('disabled', '');
        // Still open when the signal returns: sent from here (the same id, so never twice).
        window.addEventListener(
          'online',
          () => {
            // Its bot-check was used or has expired by now: the server then takes it as a form without one.
            values.set('botCheck', '');
            void post(form, values)
              .then(async (html) => {
                await indexedDbStore()?.delete(String(values.get('form')));
                showPage(html);
              })
              .catch(() => undefined);
          },
          { once: true },
        );
      }
    })();
  });
}

enhance();
