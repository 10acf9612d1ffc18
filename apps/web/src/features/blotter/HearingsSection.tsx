import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HEARING_OUTCOMES, HEARING_OUTCOME_LABELS, type BlotterEntry, type Hearing, type HearingOutcome } from '@bantay/shared';
import { SelectField } from '@/components/form/SelectField.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { notify } from '@/lib/toast.ts';
import { formatDateTime, fromZonedInput } from '@/lib/zoned-time.ts';
import { recordOutcome, scheduleHearing, useMediators, useRefreshBlotter } from './blotter-api.ts';
import { errorText, fieldErrors } from './blotter-format.ts';
import { fullName } from '@/lib/full-name.ts';

function ScheduleForm({ entry, timeZone }: { entry: BlotterEntry; timeZone: string }) {
  const { t } = useLingui();
  const mediators = useMediators();
  const [when, setWhen] = useState('');
  const [mediatorId, setMediatorId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshBlotter();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scheduledAt = fromZonedInput(when, timeZone);
    const missing: Record<string, string> = {};
    if (!scheduledAt) missing.scheduledAt = t`Choose the date and time`;
    if (!mediatorId) missing.mediatorId = t`Choose the mediator`;
    if (Object.keys(missing).length) return setErrors(missing);
    setBusy(true);
    scheduleHearing(entry._id, { scheduledAt: scheduledAt!, mediatorId })
      .then(() => {
        notify.success(t`Hearing scheduled; the parties with a phone are texted`);
        setWhen('');
        setErrors({});
        void refresh();
      })
      .catch((failure: unknown) => {
        setErrors(fieldErrors(failure));
        notify.error(errorText(failure));
      })
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
      <TextField label={t`Hearing date and time`} type="datetime-local" value={when} error={errors.scheduledAt} onChange={(event) => setWhen(event.target.value)} />
      <SelectField label={t`Mediator`} value={mediatorId} error={errors.mediatorId} onChange={(event) => setMediatorId(event.target.value)}>
        <option value="">{mediators.isPending ? t`Loading…` : t`Choose…`}</option>
        {(mediators.data ?? []).map((person) => (
          <option key={person._id} value={person._id}>
            {fullName(person)}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t`Scheduling…` : t`Schedule hearing`}
      </button>
    </form>
  );
}

function OutcomeForm({ hearing }: { hearing: Hearing }) {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<HearingOutcome>('settled');
  const [terms, setTerms] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshBlotter();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outcome === 'settled' && !terms.trim()) return setErrors({ terms: t`Write the terms of the settlement` });
    setBusy(true);
    recordOutcome(hearing._id, { outcome, terms: outcome === 'settled' ? terms.trim() : null })
      .then(() => {
        const label = HEARING_OUTCOME_LABELS[outcome];
        notify.success(t`Outcome recorded: ${label}`);
        void refresh();
      })
      .catch((failure: unknown) => {
        setErrors(fieldErrors(failure));
        notify.error(errorText(failure));
      })
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-2">
      <SelectField label={t`Outcome`} value={outcome} onChange={(event) => setOutcome(event.target.value as HearingOutcome)}>
        {HEARING_OUTCOMES.map((value) => (
          <option key={value} value={value}>
            {HEARING_OUTCOME_LABELS[value]}
          </option>
        ))}
      </SelectField>
      {outcome === 'settled' && (
        <TextAreaField label={t`Terms of the settlement`} rows={2} maxLength={4000} value={terms} error={errors.terms} onChange={(event) => setTerms(event.target.value)} />
      )}
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        {busy ? t`Saving…` : t`Record outcome`}
      </button>
    </form>
  );
}

/** Mediation before the Lupon: the entry's hearings, their outcomes, and a new one while referred there. */
export function HearingsSection({ entry, timeZone }: { entry: BlotterEntry; timeZone: string }) {
  const atLupon = entry.status === 'referred' && entry.referredTo === 'lupon';
  if (!atLupon && entry.hearings.length === 0) return null;
  return (
    <section className="space-y-3 border-t border-line pt-4" aria-labelledby="hearings-title">
      <h3 id="hearings-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
        <Trans>Lupon hearings</Trans>
      </h3>
      {entry.hearings.length === 0 && (
        <p className="text-sm text-muted">
          <Trans>No hearing yet.</Trans>
        </p>
      )}
      <ul className="space-y-3">
        {entry.hearings.map((hearing) => {
          const mediator = hearing.mediator ? fullName(hearing.mediator) : '—';
          return (
            <li key={hearing._id} className="rounded-lg border border-line p-3 text-sm">
              <p className="font-medium">{formatDateTime(hearing.scheduledAt, timeZone)}</p>
              <p className="text-muted">
                <Trans>Mediator: {mediator}</Trans>
              </p>
              {hearing.outcome ? (
                <p className="mt-1">
                  <strong>{HEARING_OUTCOME_LABELS[hearing.outcome]}</strong>
                  {hearing.terms ? `: ${hearing.terms}` : ''}
                </p>
              ) : (
                atLupon && <OutcomeForm hearing={hearing} />
              )}
            </li>
          );
        })}
      </ul>
      {atLupon && <ScheduleForm entry={entry} timeZone={timeZone} />}
    </section>
  );
}
