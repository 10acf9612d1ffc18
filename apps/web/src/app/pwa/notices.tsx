import { StrictMode, useState, useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { navigate, usePathname } from 'wouter/use-browser-location';
import { CheckCircle2, CircleAlert, WifiOff, X } from 'lucide-react';
import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { i18n } from '@/lib/i18n.ts';
import { reportOutbox, startReportOutbox, type QueuedReport } from '@/features/report/report-outbox.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/**
 * What the app says about itself at the foot of any page (decision 020): a new version ready, and
 * a report kept on this phone (waiting for a signal, sent meanwhile, or refused) on pages other
 * than the report page, which shows it in full. Rendered in a root of its own, outside the page's
 * tree, and fetched only when there is something to say.
 */
let root: Root | null = null;
let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function mount() {
  if (root) return;
  const host = document.createElement('div');
  host.id = 'bantay-notices';
  document.body.append(host);
  root = createRoot(host);
  // A root of its own needs the language too: the app's catalogue, and a re-render when it switches.
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Notices />
      </I18nProvider>
    </StrictMode>,
  );
}

function setWaitingWorker(worker: ServiceWorker | null) {
  waitingWorker = worker;
  for (const listener of listeners) listener();
}

/** A new service worker waits: offer it. */
export function offerUpdate(worker: ServiceWorker): void {
  setWaitingWorker(worker);
  mount();
}

/** Reports wait on this phone: send them from this page too, and say how they fare. */
export function watchWaitingReports(): void {
  startReportOutbox();
  mount();
}

function update(worker: ServiceWorker) {
  // Reload once the new version controls the page, and only because the person asked for it.
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

const subscribeWorker = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function Notices() {
  const worker = useSyncExternalStore(subscribeWorker, () => waitingWorker);
  // The page's path, followed through the app's navigations as its routes follow them (wouter).
  const path = usePathname();
  const { shown } = useSyncExternalStore(reportOutbox.subscribe, reportOutbox.snapshot);
  const [hiddenReport, setHiddenReport] = useState<string | null>(null);
  const report = /^\/reportincidents\/?$/i.test(path) ? undefined : shown.find((item) => item.clientId !== hiddenReport);
  if (!worker && !report) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[1000] flex flex-col items-center gap-2 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      {report && <ReportNotice item={report} onClose={() => setHiddenReport(report.clientId)} />}
      {worker && <UpdatePrompt onUpdate={() => update(worker)} onLater={() => setWaitingWorker(null)} />}
    </div>
  );
}

function ReportNotice({ item, onClose }: { item: QueuedReport; onClose(): void }) {
  const { t } = useLingui();
  const emergency = item.body.classification === 'emergency';
  const [Icon, tone, text, action] =
    item.state === 'sent'
      ? [CheckCircle2, 'text-success' as const, emergency ? t`Your emergency report was sent.` : t`Your report was sent.`, t`Show ticket`]
      : item.state === 'refused'
        ? [CircleAlert, 'text-danger' as const, t`A report kept on this phone could not be sent.`, t`Show`]
        : [
            WifiOff,
            'text-amber-700 dark:text-amber-300' as const,
            t`Your report is saved on this phone and will be sent when the connection returns.`,
            t`Show`,
          ];
  return (
    <section
      aria-label={t`Report kept on this phone`}
      data-testid="report-notice"
      className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl border border-line bg-surface p-3 text-ink shadow-lg"
    >
      <Icon className={`h-6 w-6 shrink-0 ${tone}`} aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm font-medium" role="status">
        {text}
        {item.state === 'sent' && item.ticket && (
          <span className="block whitespace-nowrap font-mono text-base font-bold tracking-wide">{item.ticket}</span>
        )}
      </p>
      <button
        type="button"
        className="btn btn-secondary shrink-0 px-3"
        onClick={() => navigate(emergency ? '/Reportincidents?emergency=1' : '/Reportincidents')}
      >
        {action}
      </button>
      <button type="button" className="btn btn-ghost -mr-1 shrink-0 px-2" aria-label={t`Close`} onClick={onClose}>
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </section>
  );
}
