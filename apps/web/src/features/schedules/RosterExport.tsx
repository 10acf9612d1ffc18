import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReportFormat } from '@bantay/shared';
import { REPORT_FORMAT_LABELS, ReportFormatField } from '@/components/form/ReportFormatField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { Modal } from '@/components/Modal.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { downloadFile } from '@/lib/download-file.ts';
import { notify } from '@/lib/toast.ts';
import { monthLabel, monthPeriod, periodLabel, rosterRequest, weekPeriod, type RosterPeriod, type RosterPeriodKind } from './roster-logic.ts';

interface RosterExportProps {
  /** The first day of the week the page shows (`YYYY-MM-DD`). */
  weekStart: string;
  /** A day of the month the page shows. */
  monthDay: string;
  /** Which period is chosen first: the page's own (the week calendar, the month calendar). */
  initial: 'week' | 'month';
  /** A tanod's own shifts (the server narrows it too). */
  mine?: boolean;
}

/**
 * The duty roster as PDF or CSV (`GET /api/schedules/roster.{pdf,csv}`): the week or the month on
 * screen, or any days up to 31. The period and format pickers of the other reports.
 */
function RosterDialog({ weekStart, monthDay, initial, mine = false, onClose }: RosterExportProps & { onClose(): void }) {
  const { t } = useLingui();
  const name = useId();
  const [kind, setKind] = useState<RosterPeriodKind>(initial);
  const [custom, setCustom] = useState<RosterPeriod>(() => (initial === 'week' ? weekPeriod(weekStart) : monthPeriod(monthDay)));
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const period = kind === 'week' ? weekPeriod(weekStart) : kind === 'month' ? monthPeriod(monthDay) : custom;
  const week = periodLabel(weekPeriod(weekStart));
  const month = monthLabel(monthDay);
  const choices: { kind: RosterPeriodKind; label: string }[] = [
    { kind: 'week', label: t`Week · ${week}` },
    { kind: 'month', label: t`Month · ${month}` },
    { kind: 'custom', label: t`Other days` },
  ];
  const formatHints: Record<ReportFormat, string> = {
    pdf: t`To print and post`,
    csv: t`One row per shift, for a spreadsheet`,
  };
  const formatLabel = REPORT_FORMAT_LABELS[format];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const request = rosterRequest(period, format);
    if ('errors' in request) return setErrors(request.errors);
    setErrors({});
    setBusy(true);
    try {
      const fileName = await downloadFile(request.path, `roster-${period.from}-to-${period.to}.${format}`);
      notify.success(t`Downloaded ${fileName}`);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? Object.fromEntries(error.fields.map((field) => [field.field, field.message])) : {};
      setErrors(Object.keys(fields).length > 0 ? fields : { form: error instanceof ApiError ? error.message : t`The roster could not be made. Please try again.` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={mine ? t`Export my roster` : t`Export the duty roster`} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4" aria-label={t`Duty roster`}>
        <p className="text-sm text-muted">
          {mine ? (
            <Trans>Your shifts with its area, hours, team leader and members. A roster covers at most 31 days.</Trans>
          ) : (
            <Trans>Every shift with its area, hours, team leader and members. A roster covers at most 31 days.</Trans>
          )}
        </p>
        {errors.form && (
          <p role="alert" className="rounded-lg border border-danger p-3 text-sm text-danger">
            {errors.form}
          </p>
        )}
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">
            <Trans>Period</Trans>
          </legend>
          <div className="flex flex-col gap-2">
            {choices.map((choice) => (
              <label
                key={choice.kind}
                className={`focus-ring-within flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${kind === choice.kind ? 'border-brand-600 bg-brand-600/10 font-semibold' : 'border-line'}`}
              >
                <input type="radio" name={`${name}-period`} className="h-4 w-4" checked={kind === choice.kind} onChange={() => setKind(choice.kind)} />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'custom' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t`From`} type="date" value={custom.from} error={errors.from} onChange={(event) => setCustom((current) => ({ ...current, from: event.target.value }))} />
            <TextField label={t`To`} type="date" value={custom.to} error={errors.to} onChange={(event) => setCustom((current) => ({ ...current, to: event.target.value }))} />
          </div>
        )}
        {kind !== 'custom' && (errors.from || errors.to) && (
          <p role="alert" className="text-sm text-danger">
            {errors.from ?? errors.to}
          </p>
        )}
        <ReportFormatField name={`${name}-format`} value={format} onChange={setFormat} hints={formatHints} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {busy ? t`Preparing…` : t`Download ${formatLabel}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The schedule pages' "Export roster" button and its dialog. */
export function RosterExport(props: RosterExportProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        <Download className="h-4 w-4" aria-hidden="true" /> {props.mine ? t`Export my roster` : t`Export roster`}
      </button>
      {open && <RosterDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
