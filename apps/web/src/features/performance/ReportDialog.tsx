import { useEffect, useId, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReportFormat, TanodSummary } from '@bantay/shared';
import { REPORT_FORMAT_LABELS, ReportFormatField } from '@/components/form/ReportFormatField.tsx';
import { fullName } from '@/lib/full-name.ts';
import { TextField } from '@/components/form/TextField.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';
import { Modal } from '@/components/Modal.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import type { PeriodSelection } from './performance-format.ts';
import { downloadPerformanceReport } from './performance-api.ts';
import { saveFile } from '@/lib/save-file.ts';
import { reportRequest, type ReportForm, type ReportFormErrors } from './performance-rules.ts';
import { PeriodPicker } from './PeriodPicker.tsx';

/** The fields whose server errors sit next to the field rather than above the form. */
const FIELD_NAMES: ReadonlySet<string> = new Set(['from', 'to', 'pdfPassword', 'password']);

/** The server's words for a refusal (a wrong password, a bad period); null for the rest (a generic line). */
function refusalText(error: unknown): string | null {
  if (error instanceof ApiError && (error.isNetwork || (error.status > 0 && error.status < 500))) return error.message;
  return null;
}

interface ReportDialogProps {
  /** The tanods the admin can pick from; empty choice = all. */
  tanods: readonly TanodSummary[];
  /** Pre-selected tanod (opened from a tanod's figures); omit for all tanods. */
  tanodId?: string;
  selection: PeriodSelection;
  onClose(): void;
}

/**
 * Admin: the performance report for one tanod or all, for a period, as PDF
 * (optionally with its own password) or CSV. The admin re-enters their password; while the server
 * generates the file the dialog shows an indeterminate bar and its buttons wait, then the browser
 * downloads the file and the dialog closes. A refusal stays in the dialog, in the server's words.
 */
export function ReportDialog({ tanods, tanodId = '', selection, onClose }: ReportDialogProps) {
  const { t } = useLingui();
  const formatHints: Record<ReportFormat, string> = {
    pdf: t`Charts and a table per tanod`,
    csv: t`One row per tanod, for a spreadsheet`,
  };
  const [form, setForm] = useState<ReportForm>({
    tanodId,
    selection,
    format: 'pdf',
    protect: false,
    pdfPassword: '',
    pdfPasswordConfirm: '',
    password: '',
  });
  const [errors, setErrors] = useState<ReportFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);
  const passwordRef = useRef<HTMLInputElement>(null);
  const tanodFieldId = useId();
  // The password field's error is read out by moving there, once the form is usable again.
  useEffect(() => {
    if (errors.password && !busy) passwordRef.current?.focus();
  }, [errors.password, busy]);
  const set = (patch: Partial<ReportForm>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = reportRequest(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const file = await downloadPerformanceReport(checked.body, controller.signal);
      saveFile(file.blob, file.fileName);
      notify.success(t`Report downloaded`);
      onClose();
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const fields: ReportFormErrors = {};
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if (FIELD_NAMES.has(field.field)) fields[field.field as keyof ReportFormErrors] ??= field.message;
        }
      }
      setErrors(fields);
      // A refusal that names a field (a wrong password: "Your password is incorrect") is shown next to
      // that field; anything else above the form.
      setFailure(Object.keys(fields).length > 0 ? null : (refusalText(error) ?? t`The report could not be made. Please try again.`));
      if (fields.password) set({ password: '' });
    } finally {
      setBusy(false);
    }
  }

  const formatLabel = REPORT_FORMAT_LABELS[form.format];
  const close = () => {
    abortRef.current?.abort();
    onClose();
  };

  return (
    <Modal title={t`Performance report`} onClose={close} widthClass="max-w-xl">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-5"
        aria-label={t`Performance report`}
      >
        <FormAlert message={failure} />
        <fieldset disabled={busy} className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={tanodFieldId} className="text-sm font-medium">
              <Trans>Tanod</Trans>
            </label>
            <select
              id={tanodFieldId}
              className="input"
              value={form.tanodId}
              onChange={(event) => set({ tanodId: event.target.value })}
            >
              <option value="">{t`All active tanods`}</option>
              {tanods.map((tanod) => (
                <option key={tanod._id} value={tanod._id}>
                  {fullName(tanod)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">
              <Trans>Period</Trans>
            </span>
            <PeriodPicker value={form.selection} onChange={(value) => set({ selection: value })} />
          </div>
          <ReportFormatField
            name="performance-report-format"
            value={form.format}
            onChange={(format) => set({ format })}
            hints={formatHints}
          />
          {form.format === 'pdf' && (
            <div className="flex flex-col gap-3">
              <label className="flex items-center gap-3 text-sm font-medium">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={form.protect}
                  onChange={(event) => set({ protect: event.target.checked })}
                />
                <Trans>Protect the PDF with a password</Trans>
              </label>
              {form.protect && (
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField
                    label={t`PDF password`}
                    type="password"
                    autoComplete="new-password"
                    secretName={t`PDF password`}
                    value={form.pdfPassword}
                    onChange={(event) => set({ pdfPassword: event.target.value })}
                    error={errors.pdfPassword}
                    hint={t`Whoever opens the file needs it`}
                  />
                  <TextField
                    label={t`Confirm PDF password`}
                    type="password"
                    autoComplete="new-password"
                    secretName={t`PDF password`}
                    value={form.pdfPasswordConfirm}
                    onChange={(event) => set({ pdfPasswordConfirm: event.target.value })}
                    error={errors.pdfPasswordConfirm}
                  />
                </div>
              )}
            </div>
          )}
          <TextField
            ref={passwordRef}
            label={t`Your password`}
            type="password"
            autoComplete="current-password"
            value={form.password}
            onChange={(event) => set({ password: event.target.value })}
            error={errors.password}
            hint={t`Reports hold every tanod's record, so your password is asked again`}
          />
        </fieldset>
        {busy && (
          <div role="status" aria-live="polite" className="flex flex-col gap-1.5" data-testid="report-progress">
            <div className="loading-bar w-full" aria-hidden="true">
              <div />
            </div>
            <p className="text-sm text-muted">
              <Trans>Generating the report… this can take a moment.</Trans>
            </p>
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={close}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {busy ? t`Generating…` : t`Download ${formatLabel}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
