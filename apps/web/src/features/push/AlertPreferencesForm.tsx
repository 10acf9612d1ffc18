import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Siren } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { alertPreferencesSchema, type AlertPreferences, type MutableAlertKind } from '@bantay/shared';
import { QueryState } from '@/components/QueryState.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { DEFAULT_TIMEZONE } from '@/lib/zoned-time.ts';
import { PUSH_PREFERENCES_KEY, saveAlertPreferences, useAlertPreferences } from './push-api.ts';
import { FormAlert } from '@/components/FormAlert.tsx';

/** The shared ALERT_KIND_LABELS, word for word, for the catalogue (decision 029). */
const ALERT_KIND_TEXTS: Record<MutableAlertKind, MessageDescriptor> = {
  incident: msg`Incidents assigned to me and new reports`,
  backup: msg`Backup requests and their answers`,
  schedule: msg`Schedule changes and shift reminders`,
  chat: msg`Chat messages while Bantay is closed`,
  ticket: msg`Progress of my reports`,
  other: msg`Everything else (equipment, accounts)`,
};

/** Quiet hours start as a night: 22:00 to 06:00. */
const DEFAULT_QUIET_HOURS = { start: '22:00', end: '06:00' } as const;

interface Values {
  /** Per kind shown: true when it is alerted (not muted). */
  alerted: Partial<Record<MutableAlertKind, boolean>>;
  quiet: boolean;
  start: string;
  end: string;
}

type FieldErrors = Partial<Record<'start' | 'end' | 'form', string>>;

function toValues(preferences: AlertPreferences, kinds: readonly MutableAlertKind[]): Values {
  return {
    alerted: Object.fromEntries(kinds.map((kind) => [kind, !preferences.mutedKinds.includes(kind)])),
    quiet: preferences.quietHours !== null,
    start: preferences.quietHours?.start ?? DEFAULT_QUIET_HOURS.start,
    end: preferences.quietHours?.end ?? DEFAULT_QUIET_HOURS.end,
  };
}

/** The values as the API takes them; kinds this form does not show keep what they were. */
function toPreferences(values: Values, kinds: readonly MutableAlertKind[], before: AlertPreferences): AlertPreferences {
  const keptMuted = before.mutedKinds.filter((kind) => !kinds.includes(kind));
  return {
    mutedKinds: [...keptMuted, ...kinds.filter((kind) => values.alerted[kind] === false)],
    quietHours: values.quiet ? { start: values.start, end: values.end } : null,
  };
}

/** The form's own checks; `texts` are its messages in the language on screen. */
function validate(values: Values, texts: { noStart: string; noEnd: string; sameAsStart: string }): FieldErrors {
  if (!values.quiet) return {};
  const errors: FieldErrors = {};
  if (!values.start) errors.start = texts.noStart;
  if (!values.end) errors.end = texts.noEnd;
  else if (values.end === values.start) errors.end = texts.sameAsStart;
  return errors;
}

function SwitchRow({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 py-1 text-sm">
      <span className="min-w-0">{label}</span>
      <input type="checkbox" role="switch" className="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} />
    </label>
  );
}

function TimeField({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 basis-32">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="time"
        className="input"
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

interface EditorProps {
  initial: AlertPreferences;
  kinds: readonly MutableAlertKind[];
  /** Staff hear about emergencies; residents do not, so the note about them is staff only. */
  showsEmergencies: boolean;
}

function PreferencesEditor({ initial, kinds, showsEmergencies }: EditorProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const timeZone = usePublicSettings().data?.timezone ?? DEFAULT_TIMEZONE;
  const [values, setValues] = useState(() => toValues(initial, kinds));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const quietId = useId();

  const change = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values, {
      noStart: t`Choose when the quiet hours start`,
      noEnd: t`Choose when the quiet hours end`,
      sameAsStart: t`The end must differ from the start`,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const preferences = toPreferences(values, kinds, initial);
    // The shared schema is the server's too: a value it would refuse never leaves.
    if (!alertPreferencesSchema.safeParse(preferences).success) {
      setErrors({ form: t`These settings cannot be saved. Check the times.` });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveAlertPreferences(preferences);
      queryClient.setQueryData(PUSH_PREFERENCES_KEY, saved ?? preferences);
      notify.success(t`Alert settings saved`);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        const next: FieldErrors = {};
        for (const field of error.fields) {
          if (field.field.endsWith('start')) next.start = field.message;
          else if (field.field.endsWith('end')) next.end = field.message;
          else next.form = field.message;
        }
        setErrors(next);
      } else {
        notify.error(error instanceof ApiError && error.isNetwork ? error.message : t`Error saving your alert settings. Please try again.`);
      }
    } finally {
      setSaving(false);
    }
  }

  const zoneNote = Intl.DateTimeFormat().resolvedOptions().timeZone === timeZone ? '' : ` ${t`Times are in barangay time (${timeZone}).`}`;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-base font-semibold">
        {kinds.length > 0 ? t`What to alert me about` : t`When to alert me`}
      </h3>
      {showsEmergencies && (
        <p className="flex items-start gap-3 rounded-lg bg-surface-2 px-3 py-2.5 text-sm" data-testid="emergencies-note">
          <Siren className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
          <span>
            <Trans>
              <strong>Emergencies and escalations always come through</strong>, also during quiet hours. They cannot be switched off.
            </Trans>
          </span>
        </p>
      )}
      {kinds.length > 0 && (
        <fieldset className="flex flex-col divide-y divide-line">
          <legend className="sr-only">
            <Trans>Kinds of alerts</Trans>
          </legend>
          {kinds.map((kind) => (
            <SwitchRow
              key={kind}
              label={t(ALERT_KIND_TEXTS[kind])}
              checked={values.alerted[kind] ?? true}
              onChange={(checked) => change({ alerted: { ...values.alerted, [kind]: checked } })}
            />
          ))}
        </fieldset>
      )}
      <fieldset className={`flex flex-col gap-3 ${kinds.length > 0 ? 'border-t border-line pt-3' : ''}`} aria-describedby={quietId}>
        <legend className="sr-only">
          <Trans>Quiet hours</Trans>
        </legend>
        <SwitchRow label={t`Quiet hours`} checked={values.quiet} onChange={(quiet) => change({ quiet })} />
        <p id={quietId} className="-mt-2 text-xs text-muted">
          <Trans>Alerts that arrive in the quiet hours wait until they end.</Trans>
          {showsEmergencies ? ` ${t`Emergencies do not wait.`}` : ''}
          {zoneNote}
        </p>
        {values.quiet && (
          <div className="flex flex-wrap gap-3">
            <TimeField label={t`From`} value={values.start} error={errors.start} onChange={(start) => change({ start })} />
            <TimeField label={t`Until`} value={values.end} error={errors.end} onChange={(end) => change({ end })} />
          </div>
        )}
      </fieldset>
      <FormAlert message={errors.form} />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t`Saving…` : t`Save alert settings`}
        </button>
      </div>
    </form>
  );
}

interface AlertPreferencesFormProps {
  kinds: readonly MutableAlertKind[];
  showsEmergencies: boolean;
}

/** Which kinds of alerts I get and my quiet hours: one setting for all my devices. */
export function AlertPreferencesForm({ kinds, showsEmergencies }: AlertPreferencesFormProps) {
  const { t } = useLingui();
  const query = useAlertPreferences();
  return (
    <QueryState
      query={query}
      loadingLabel={t`Loading your alert settings…`}
      errorText={t`Error loading your alert settings.`}
      isEmpty={() => false}
      empty={null}
    >
      {(preferences) => <PreferencesEditor initial={preferences} kinds={kinds} showsEmergencies={showsEmergencies} />}
    </QueryState>
  );
}
