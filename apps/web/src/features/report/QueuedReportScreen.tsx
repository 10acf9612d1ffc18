import { useEffect, useState, useSyncExternalStore } from 'react';
import { CircleAlert, CloudUpload, RefreshCw, WifiOff } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PublicSettings } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useOnline } from '@/lib/use-online.ts';
import { FocusHeading, Hotlines } from './report-parts.tsx';
import { formatWhen } from './report-rules.ts';
import { ReportDone } from './ReportDone.tsx';
import { incidentTypeLabel } from '@bantay/shared';
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
  const { t } = useLingui();
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const emergency = item.body.classification === 'emergency';
  const hotlines = settings?.hotlines ?? [];
  const photoCount = item.photos.length;

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
        note={item.photosDropped ? t`It was sent without its photos: the server could not take them.` : t`It was sent when the connection returned.`}
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
            <Trans>Your report could not be sent</Trans>
          </FocusHeading>
          <p className="text-ink-soft">
            <Trans>The barangay’s server refused the report kept on this phone:</Trans>
          </p>
          <p className="w-full rounded-lg bg-danger/10 px-3 py-2 font-medium text-danger">{item.problem}</p>
          <button type="button" className="btn btn-primary" onClick={() => void reportOutbox.dismiss(item.clientId)}>
            <Trans>Make a new report</Trans>
          </button>
        </div>
        <Hotlines hotlines={hotlines} title={emergency ? t`Call for help` : t`Hotlines`} tone={emergency ? 'urgent' : 'plain'} />
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
            {sending ? t`Sending your report…` : emergency ? t`Your emergency report is waiting` : t`Your report is waiting`}
          </FocusHeading>
          <p className="text-lg font-medium" role="status">
            {online
              ? t`The server cannot be reached just now. Your report is saved on this phone and will be sent by itself.`
              : t`No signal. Your report is saved on this phone and will be sent when the connection returns.`}
          </p>
          <p className="text-sm text-ink-soft">
            <Trans>
              You can leave this page or close Bantay. It is sent the next time Bantay is open with a signal, and you will see your ticket here.
            </Trans>
          </p>
        </div>
        <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 rounded-lg bg-surface-2 px-3 py-2 text-sm">
          <dt className="font-medium text-muted">
            <Trans>What</Trans>
          </dt>
          <dd>
            {incidentTypeLabel(item.body.type)}
            {emergency && (
              <strong className="ml-2 text-danger">
                <Trans>Emergency</Trans>
              </strong>
            )}
          </dd>
          <dt className="font-medium text-muted">
            <Trans>When</Trans>
          </dt>
          <dd>{formatWhen(item.body.occurredAt, settings?.timezone)}</dd>
          {item.photos.length > 0 && (
            <>
              <dt className="font-medium text-muted">
                <Trans>Photos</Trans>
              </dt>
              <dd>
                <Plural value={photoCount} one="# photo, sent with it" other="# photos, sent with it" />
              </dd>
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
            {sending ? t`Sending…` : online ? t`Try now` : t`Waiting for a signal`}
          </button>
          <button type="button" className="btn btn-secondary min-h-12 flex-1" onClick={onSetAside}>
            <Trans>Make another report</Trans>
          </button>
        </div>
        <button type="button" className="btn btn-ghost self-center text-sm" onClick={() => setConfirming(true)} disabled={sending}>
          <Trans>Do not send it</Trans>
        </button>
      </div>
      <Hotlines
        hotlines={hotlines}
        title={emergency ? t`Call for help now: a call may get through when data does not` : t`Hotlines`}
        tone={emergency ? 'urgent' : 'plain'}
      />
      <ConfirmDialog
        open={confirming}
        message={t`Delete this report from the phone? It will not be sent.`}
        confirmLabel={t`Delete it`}
        cancelLabel={t`Keep it`}
        onConfirm={() => {
          setConfirming(false);
          void reportOutbox.dismiss(item.clientId);
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
