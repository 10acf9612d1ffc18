import { useEffect, useState, useSyncExternalStore } from 'react';
import { CircleAlert, CloudUpload, RefreshCw, WifiOff } from 'lucide-react';
import type { PublicSettings } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useOnline } from '@/lib/use-online.ts';
import { FocusHeading, Hotlines } from './report-parts.tsx';
import { formatWhen } from './report-rules.ts';
import { ReportDone } from './ReportDone.tsx';
import { reportOutbox, reportsMayWait, startReportOutbox, type QueuedReport } from './report-outbox.ts';

/**
 * The reports kept on this phone (report-outbox.ts), for the report page: what it shows, and
 * whether it has read them yet (only worth waiting for when an earlier page left some).
 */
export function useQueuedReports() {
  const view = useSyncExternalStore(reportOutbox.subscribe, reportOutbox.snapshot, reportOutbox.snapshot);
  useEffect(startReportOutbox, []);
  return { ...view, ready: reportOutbox.isLoaded() || !reportsMayWait() };
}

interface QueuedReportScreenProps {
  item: QueuedReport;
  sending: boolean;
  settings: PublicSettings | undefined;
  /** The reporter wants to make another report meanwhile; this one keeps waiting. */
  onSetAside(): void;
}

/**
 * A report that waits for a signal, said plainly; the same report's ticket once it has gone
 * (as after any report); or the server's reason when it refused it.
 */
export function QueuedReportScreen({ item, sending, settings, onSetAside }: QueuedReportScreenProps) {
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const emergency = item.body.classification === 'emergency';
  const hotlines = settings?.hotlines ?? [];

  if (item.state === 'sent' && item.ticket) {
    return (
      <ReportDone
        sent={{
          ticket: item.ticket,
          type: item.body.type,
          classification: item.body.classification,
          reportedAt: new Date(item.sentAt ?? item.madeAt),
          occurredAt: new Date(item.body.occurredAt),
          phone: item.phone,
        }}
        settings={settings}
        note={item.photosDropped ? 'It was sent without its photos: the server could not take them.' : 'It was sent when the connection returned.'}
        onAnother={() => void reportOutbox.dismiss(item.clientId)}
        onTrack={() => void reportOutbox.dismiss(item.clientId)}
      />
    );
  }

  if (item.state === 'refused') {
    return (
      <div className="flex flex-col gap-5">
        <div className="card flex flex-col items-center gap-3 text-center" data-testid="refused-report">
          <CircleAlert className="h-12 w-12 text-danger" aria-hidden="true" />
          <FocusHeading focusOnMount className="text-2xl">
            Your report could not be sent
          </FocusHeading>
          <p className="text-ink-soft">The barangay’s server refused the report kept on this phone:</p>
          <p className="w-full rounded-lg bg-danger/10 px-3 py-2 font-medium text-danger">{item.problem}</p>
          <button type="button" className="btn btn-primary" onClick={() => void reportOutbox.dismiss(item.clientId)}>
            Make a new report
          </button>
        </div>
        <Hotlines hotlines={hotlines} title={emergency ? 'Call for help' : 'Hotlines'} tone={emergency ? 'urgent' : 'plain'} />
      </div>
    );
  }

  const Icon = sending ? CloudUpload : WifiOff;
  return (
    <div className="flex flex-col gap-5">
      <div className="card flex flex-col gap-4" data-testid="waiting-report">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200">
            <Icon className="h-7 w-7" aria-hidden="true" />
          </span>
          <FocusHeading focusOnMount className="text-2xl">
            {sending ? 'Sending your report…' : emergency ? 'Your emergency report is waiting' : 'Your report is waiting'}
          </FocusHeading>
          <p className="text-lg font-medium" role="status">
            {online
              ? 'The server cannot be reached just now. Your report is saved on this phone and will be sent by itself.'
              : 'No signal. Your report is saved on this phone and will be sent when the connection returns.'}
          </p>
          <p className="text-sm text-ink-soft">
            You can leave this page or close Bantay. It is sent the next time Bantay is open with a signal, and you will see your ticket here.
          </p>
        </div>
        <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 rounded-lg bg-surface-2 px-3 py-2 text-sm">
          <dt className="font-medium text-muted">What</dt>
          <dd>
            {item.body.type}
            {emergency && <strong className="ml-2 text-danger">Emergency</strong>}
          </dd>
          <dt className="font-medium text-muted">When</dt>
          <dd>{formatWhen(item.body.occurredAt, settings?.timezone)}</dd>
          {item.photos.length > 0 && (
            <>
              <dt className="font-medium text-muted">Photos</dt>
              <dd>{item.photos.length === 1 ? '1 photo, sent with it' : `${item.photos.length} photos, sent with it`}</dd>
            </>
          )}
        </dl>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            className="btn btn-primary min-h-12 flex-1"
            disabled={!online || sending}
            onClick={() => void reportOutbox.retryNow()}
          >
            <RefreshCw className={`h-4 w-4 ${sending ? 'animate-spin' : ''}`} aria-hidden="true" />
            {sending ? 'Sending…' : online ? 'Try now' : 'Waiting for a signal'}
          </button>
          <button type="button" className="btn btn-secondary min-h-12 flex-1" onClick={onSetAside}>
            Make another report
          </button>
        </div>
        <button type="button" className="btn btn-ghost self-center text-sm" onClick={() => setConfirming(true)} disabled={sending}>
          Do not send it
        </button>
      </div>
      <Hotlines
        hotlines={hotlines}
        title={emergency ? 'Call for help now: a call may get through when data does not' : 'Hotlines'}
        tone={emergency ? 'urgent' : 'plain'}
      />
      <ConfirmDialog
        open={confirming}
        message="Delete this report from the phone? It will not be sent."
        confirmLabel="Delete it"
        cancelLabel="Keep it"
        onConfirm={() => {
          setConfirming(false);
          void reportOutbox.dismiss(item.clientId);
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
