import { useEffect, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { resourceReportQuerySchema, type ReportFormat } from '@bantay/shared';
import { REPORT_FORMAT_LABELS, ReportFormatField } from '@/components/form/ReportFormatField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { toZonedInput } from '@/lib/zoned-time.ts';
import { FormAlert } from '@/components/FormAlert.tsx';
import { downloadReport, type ReportProgress } from './resources-api.ts';
import { failureMessage, schemaErrors } from './resource-rules.ts';
import { saveFile } from '@/lib/save-file.ts';

const FORMAT_HINTS: Record<ReportFormat, MessageDescriptor> = {
  pdf: msg`To print and file`,
  csv: msg`For a spreadsheet`,
};

/** This month so far, in the barangay's calendar. */
function thisMonth(timeZone: string | undefined): { from: string; to: string } {
  const today = toZonedInput(new Date().toISOString(), timeZone).slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Called while rendering: in the language on screen. */
function progressText(progress: ReportProgress): string {
  if (progress.phase === 'preparing') return t`Preparing the report…`;
  const kb = Math.max(1, Math.round(progress.received / 1024));
  const percent = progress.total ? Math.round((progress.received / progress.total) * 100) : 0;
  return progress.total ? t`Downloading… ${percent}%` : t`Downloading… ${kb} KB`;
}


/** Admin: the audit report of equipment and vehicle use for a period, as PDF or CSV. */
export function ReportTab() {
  const { t } = useLingui();
  const timeZone = usePublicSettings().data?.timezone;
  const [period, setPeriod] = useState(() => thisMonth(timeZone));
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<ReportProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = resourceReportQuerySchema.safeParse({ ...period, format });
    if (!parsed.success) {
      setErrors(schemaErrors(parsed.error));
      return;
    }
    setErrors({});
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const file = await downloadReport(parsed.data, setProgress, controller.signal);
      saveFile(file.blob, file.fileName);
      notify.success(t`Report downloaded`);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setErrors({ form: failureMessage(error, t`Error making the report. Please try again.`) });
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  const formatLabel = REPORT_FORMAT_LABELS[format];
  const percent =
    progress?.phase === 'downloading' && progress.total ? (progress.received / progress.total) * 100 : null;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="card flex max-w-2xl flex-col gap-5"
      aria-label={t`Audit report`}
    >
      <div>
        <h2 className="text-lg font-semibold">
          <Trans>Audit report</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <Trans>
            Loans, returns with their condition, overdue items and trips with their distance, per item, vehicle and
            tanod, with totals.
          </Trans>
        </p>
      </div>
      <FormAlert message={errors.form ?? null} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`From`}
          type="date"
          value={period.from}
          onChange={(event) => setPeriod((p) => ({ ...p, from: event.target.value }))}
          error={errors.from}
        />
        <TextField
          label={t`To`}
          type="date"
          value={period.to}
          onChange={(event) => setPeriod((p) => ({ ...p, to: event.target.value }))}
          error={errors.to}
        />
      </div>
      <ReportFormatField
        name="report-format"
        value={format}
        onChange={setFormat}
        hints={{ pdf: t(FORMAT_HINTS.pdf), csv: t(FORMAT_HINTS.csv) }}
        gridClass="sm:max-w-sm"
      />
      {progress && (
        <div role="status" aria-live="polite" className="flex flex-col gap-1.5">
          <div className="h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
            {percent === null ? (
              <div className="loading-bar h-full">
                <div />
              </div>
            ) : (
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
            )}
          </div>
          <p className="text-sm text-muted" data-testid="report-progress">
            {progressText(progress)}
          </p>
        </div>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <Download className="h-4 w-4" aria-hidden="true" />{' '}
          {busy ? t`Downloading…` : t`Download ${formatLabel}`}
        </button>
      </div>
    </form>
  );
}
