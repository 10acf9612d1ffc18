import { useId, useMemo, useState, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PATROL_LIMITS, type PatrolArea, type ScheduleScope, type UserSummary } from '@bantay/shared';
import { Avatar } from '@/components/Avatar.tsx';
import { checkValues, type ScheduleErrors, type ScheduleFormValues } from './schedule-form-logic.ts';
import { fullName } from '@/lib/full-name.ts';

/** The repeat's weekdays, Sunday first (the weekday numbers the server takes). */
const WEEKDAYS = [msg`Sun`, msg`Mon`, msg`Tue`, msg`Wed`, msg`Thu`, msg`Fri`, msg`Sat`];
const SHIFTS = [
  { value: 'day', label: msg`Day`, hint: msg`6:00 AM – 6:00 PM` },
  { value: 'night', label: msg`Night`, hint: msg`6:00 PM – 6:00 AM` },
  { value: 'custom', label: msg`Custom`, hint: msg`Your own times` },
] as const;

interface ScheduleFormProps {
  initial: ScheduleFormValues;
  areas: PatrolArea[];
  tanods: UserSummary[];
  /** Errors from the server (conflicts), shown next to their field. */
  serverErrors: ScheduleErrors;
  busy: boolean;
  /** Editing an occurrence of a repeat: ask whether the change is for it alone or the later ones too. */
  askScope: boolean;
  /** Editing offers no repeat (a repeat is made when creating). */
  canRepeat: boolean;
  submitLabel: string;
  onSubmit(values: ScheduleFormValues, scope: ScheduleScope): void;
  onCancel(): void;
}

/** The schedule form (docs/product.md §4.6): shift, period, area, members with the leader, repeat. */
export function ScheduleForm({ initial, areas, tanods, serverErrors, busy, askScope, canRepeat, submitLabel, onSubmit, onCancel }: ScheduleFormProps) {
  const { t } = useLingui();
  const [values, setValues] = useState(initial);
  const [localErrors, setLocalErrors] = useState<ScheduleErrors>({});
  const [scope, setScope] = useState<ScheduleScope>('one');
  const [search, setSearch] = useState('');
  const errors = { ...serverErrors, ...localErrors };
  const set = <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const memberCount = values.members.length;
  const chosen = new Set(values.members.map((member) => member.tanodId));
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return tanods.filter((tanod) => !needle || fullName(tanod).toLowerCase().includes(needle));
  }, [tanods, search]);

  const toggleMember = (tanodId: string) =>
    set(
      'members',
      chosen.has(tanodId) ? values.members.filter((member) => member.tanodId !== tanodId) : [...values.members, { tanodId, isLeader: values.members.length === 0 }],
    );
  const chooseLeader = (tanodId: string) =>
    set(
      'members',
      values.members.map((member) => ({ ...member, isLeader: member.tanodId === tanodId })),
    );

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        const found = checkValues(values);
        setLocalErrors(found);
        if (Object.keys(found).length === 0) onSubmit(values, scope);
      }}
    >
      <Field label={t`Shift`} error={errors.shift} as="fieldset">
        <div className="grid grid-cols-3 gap-1 rounded-lg bg-surface-2 p-1">
          {SHIFTS.map((shift) => (
            <label key={shift.value} className={`segment flex-col px-1 py-1.5 ${values.shift === shift.value ? 'bg-surface text-ink shadow-sm' : 'text-muted'}`}>
              <input type="radio" name="shift" value={shift.value} className="sr-only" checked={values.shift === shift.value} onChange={() => set('shift', shift.value)} />
              <span>{t(shift.label)}</span>
              <span className="text-xs font-normal">{t(shift.hint)}</span>
            </label>
          ))}
        </div>
      </Field>

      <Field label={values.shift === 'custom' ? t`Period` : t`Date`} error={errors.period} as="fieldset" testId="field-period">
        {values.shift === 'custom' ? (
          <div className="grid gap-2 sm:grid-cols-2">
            <label className="text-sm">
              <Trans>Starts</Trans>
              <span className="mt-1 flex gap-2">
                <input type="date" className="input" aria-label={t`Start date`} value={values.startDay} onChange={(event) => set('startDay', event.target.value)} />
                <input type="time" className="input w-32" aria-label={t`Start time`} value={values.startTime} onChange={(event) => set('startTime', event.target.value)} />
              </span>
            </label>
            <label className="text-sm">
              <Trans>Ends</Trans>
              <span className="mt-1 flex gap-2">
                <input type="date" className="input" aria-label={t`End date`} value={values.endDay} onChange={(event) => set('endDay', event.target.value)} />
                <input type="time" className="input w-32" aria-label={t`End time`} value={values.endTime} onChange={(event) => set('endTime', event.target.value)} />
              </span>
            </label>
          </div>
        ) : (
          <input type="date" className="input" aria-label={t`Date`} value={values.startDay} onChange={(event) => set('startDay', event.target.value)} />
        )}
      </Field>

      <Field label={t`Patrol area`} error={errors.area} htmlFor="schedule-area" testId="field-area">
        <select id="schedule-area" className="input" value={values.patrolAreaId} aria-invalid={errors.area ? true : undefined} onChange={(event) => set('patrolAreaId', event.target.value)}>
          <option value="">{t`Choose an area…`}</option>
          {areas.map((area) => (
            <option key={area._id} value={area._id}>
              {area.name}
            </option>
          ))}
        </select>
        {areas.length === 0 && (
          <p className="mt-1 text-xs text-muted">
            <Trans>Draw a patrol area first (Areas tab).</Trans>
          </p>
        )}
      </Field>

      <Field label={t`Members (${memberCount})`} error={errors.members} as="fieldset" testId="field-members">
        <input type="search" className="input mb-2" placeholder={t`Search tanods…`} aria-label={t`Search tanods`} value={search} onChange={(event) => setSearch(event.target.value)} />
        <ul className="max-h-60 divide-y divide-line overflow-y-auto rounded-lg border border-line" aria-label={t`Tanods`}>
          {shown.length === 0 && (
            <li className="p-3 text-sm text-muted">
              <Trans>No tanods found</Trans>
            </li>
          )}
          {shown.map((tanod) => {
            const member = values.members.find((item) => item.tanodId === tanod._id);
            const name = fullName(tanod);
            return (
              <li key={tanod._id} className="flex min-h-11 items-center gap-3 px-3 py-1.5">
                <label className="flex min-w-0 flex-1 items-center gap-3 text-sm">
                  <input type="checkbox" className="h-5 w-5 shrink-0" checked={Boolean(member)} onChange={() => toggleMember(tanod._id)} />
                  <Avatar firstName={tanod.firstName} lastName={tanod.lastName} src={tanod.profilePicture} size={28} />
                  <span className="truncate">{name}</span>
                </label>
                {member && values.members.length > 1 && (
                  <label className="flex shrink-0 items-center gap-1.5 text-xs font-semibold text-ink-soft">
                    <input type="radio" name="leader" className="h-4 w-4" checked={member.isLeader} onChange={() => chooseLeader(tanod._id)} aria-label={t`${name} leads`} />
                    <Trans>Leader</Trans>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
      </Field>

      {canRepeat && (
        <Field label={t`Repeat`} error={errors.repeat} as="fieldset">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-5 w-5" checked={values.repeat} onChange={(event) => set('repeat', event.target.checked)} />
            <Trans>Repeat every week on chosen days</Trans>
          </label>
          {values.repeat && (
            <div className="mt-2 flex flex-col gap-2">
              <div className="flex flex-wrap gap-1.5" role="group" aria-label={t`Weekdays`}>
                {WEEKDAYS.map((label, day) => {
                  const on = values.weekdays.includes(day);
                  return (
                    <label key={day} className={`segment min-w-11 border px-2 ${on ? 'border-brand-600 bg-brand-fill text-white' : 'border-line text-ink-soft'}`}>
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={on}
                        onChange={() => set('weekdays', on ? values.weekdays.filter((item) => item !== day) : [...values.weekdays, day])}
                      />
                      {t(label)}
                    </label>
                  );
                })}
              </div>
              <label className="text-sm">
                <Trans>Until</Trans>
                <input type="date" className="input mt-1" value={values.until} min={values.startDay} onChange={(event) => set('until', event.target.value)} />
              </label>
            </div>
          )}
        </Field>
      )}

      <Field label={t`Notes (optional)`} error={errors.notes} htmlFor="schedule-notes">
        <textarea id="schedule-notes" className="input min-h-16" maxLength={PATROL_LIMITS.notesMaxLength} value={values.notes} onChange={(event) => set('notes', event.target.value)} />
      </Field>

      {askScope && (
        <fieldset className="flex flex-col gap-1.5 text-sm">
          <legend className="mb-1 font-medium">
            <Trans>This schedule repeats. Change…</Trans>
          </legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" checked={scope === 'one'} onChange={() => setScope('one')} />{' '}
            <Trans>only this one</Trans>
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" checked={scope === 'future'} onChange={() => setScope('future')} />{' '}
            <Trans>this one and the later ones</Trans>
          </label>
        </fieldset>
      )}

      {errors.form && (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

function Field({
  label,
  error,
  children,
  as = 'div',
  htmlFor,
  testId,
}: {
  label: string;
  error?: string;
  children: ReactNode;
  as?: 'div' | 'fieldset';
  htmlFor?: string;
  testId?: string;
}) {
  const errorId = useId();
  const body = (
    <>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      )}
    </>
  );
  if (as === 'fieldset') {
    return (
      <fieldset aria-describedby={error ? errorId : undefined} data-testid={testId} aria-invalid={error ? true : undefined}>
        <legend className="mb-1.5 text-sm font-medium">{label}</legend>
        {children}
        {body}
      </fieldset>
    );
  }
  return (
    <div data-testid={testId}>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      {children}
      {body}
    </div>
  );
}
