import { useState } from 'react';
import { Link } from 'wouter';
import { CheckCircle2, Copy, Download, MessageSquare, Search } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentClassification, PublicSettings } from '@bantay/shared';
import { buildReceipt, receiptFileName, trackPath } from './receipt.ts';
import { FocusHeading, Hotlines } from './report-parts.tsx';
import { BRAND_NAME } from '@/lib/public-settings.ts';
import { copyText } from '@/lib/copy-text.ts';
import { saveFile } from '@/lib/save-file.ts';

export interface SentReport {
  ticket: string;
  type: string;
  classification: IncidentClassification;
  reportedAt: Date;
  occurredAt?: Date;
  /** The phone the reporter gave (or the resident's own), which gets the ticket by SMS. */
  phone?: string;
}

/** After a report: the ticket, big, to copy, download as a receipt, and track. */
export function ReportDone({
  sent,
  settings,
  note,
  onAnother,
  onTrack,
}: {
  sent: SentReport;
  settings: PublicSettings | undefined;
  /** A line about how it went (a report that waited on the phone for a signal). */
  note?: string;
  onAnother(): void;
  /** The reporter follows the link to the ticket's page. */
  onTrack?(): void;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const emergency = sent.classification === 'emergency';
  const phone = sent.phone;
  const receipt = () =>
    buildReceipt({
      barangayName: settings?.name ?? BRAND_NAME,
      ticket: sent.ticket,
      type: sent.type,
      classification: sent.classification,
      reportedAt: sent.reportedAt,
      occurredAt: sent.occurredAt,
      timeZone: settings?.timezone,
      origin: window.location.origin,
    });
  return (
    <div className="flex flex-col gap-5">
      <div className="card flex flex-col items-center gap-4 text-center">
        <CheckCircle2 className="h-12 w-12 text-success" aria-hidden="true" />
        <FocusHeading focusOnMount className="text-2xl">
          {emergency ? t`Emergency report sent` : t`Report sent`}
        </FocusHeading>
        <p className="text-ink-soft">
          {emergency
            ? t`The tanods on duty and the barangay admins have been alerted.`
            : t`The tanods on duty and the barangay admins have been told. Keep your ticket to follow the report.`}
        </p>
        {note && <p className="-mt-2 text-sm text-muted">{note}</p>}
        <div className="w-full rounded-xl border-2 border-dashed border-brand-600 bg-brand-50 px-3 py-4 dark:bg-surface-2">
          <p className="text-sm font-medium text-ink-soft">
            <Trans>Your ticket</Trans>
          </p>
          <p
            className="mt-1 select-all break-all font-mono text-3xl font-bold tracking-wider sm:text-4xl"
            data-testid="ticket"
          >
            {sent.ticket}
          </p>
        </div>
        <div className="grid w-full gap-2 sm:grid-cols-3">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void copyText(sent.ticket).then((ok) => setCopied(ok ? 'yes' : 'no'))}
          >
            <Copy className="h-4 w-4" aria-hidden="true" /> {copied === 'yes' ? t`Copied` : t`Copy ticket`}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => saveFile(new Blob([receipt()], { type: 'text/plain;charset=utf-8' }), receiptFileName(sent.ticket))}
          >
            <Download className="h-4 w-4" aria-hidden="true" /> <Trans>Download receipt</Trans>
          </button>
          <Link to={trackPath(sent.ticket)} className="btn btn-primary" onClick={onTrack}>
            <Search className="h-4 w-4" aria-hidden="true" /> <Trans>Track this report</Trans>
          </Link>
        </div>
        <p className="-my-2 min-h-5 text-sm text-muted" role="status" aria-live="polite">
          {copied === 'yes' ? t`The ticket is copied.` : copied === 'no' ? t`Could not copy: write the ticket down.` : ''}
        </p>
        {phone && (
          <p className="flex items-start gap-2 rounded-lg bg-surface-2 px-3 py-2 text-left text-sm">
            <MessageSquare className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              <Trans>
                We are also sending the ticket by SMS to <strong className="whitespace-nowrap">{phone}</strong>.
              </Trans>
            </span>
          </p>
        )}
      </div>
      {emergency && settings && <Hotlines hotlines={settings.hotlines} title={t`If you can, also call`} tone="urgent" />}
      <button type="button" className="btn btn-ghost self-center" onClick={onAnother}>
        <Trans>Report another incident</Trans>
      </button>
    </div>
  );
}
