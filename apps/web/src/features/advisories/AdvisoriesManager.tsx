import { useState, type FormEvent } from 'react';
import { Megaphone, Pencil, Plus, RadioTower, Send, Square, Trash2 } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADVISORY_LIMITS, ADVISORY_SEVERITIES, type Advisory, type AdvisorySeverity, type CreateAdvisoryRequest } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { QueryState } from '@/components/QueryState.tsx';
import { SelectField } from '@/components/form/SelectField.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { DEFAULT_TIMEZONE, formatZoned, isoToZonedParts, zonedToIso } from '@/lib/zoned-time.ts';
import { createAdvisory, deleteAdvisory, publishAdvisory, updateAdvisory, useAdvisories, usePatrolAreaChoices, useRefreshAdvisories } from './advisories-api.ts';
import { fullName } from '@/lib/full-name.ts';

const SEVERITY_LABELS: Record<AdvisorySeverity, MessageDescriptor> = { info: msg`Information`, warning: msg`Warning`, danger: msg`Danger` };
/* eslint-disable lingui/no-unlocalized-strings -- Tailwind classes, not prose */
const SEVERITY_CHIPS: Record<AdvisorySeverity, string> = {
  info: 'bg-blue-600/10 text-blue-800 dark:text-blue-200',
  warning: 'bg-amber-500/15 text-amber-900 dark:text-amber-200',
  danger: 'bg-red-600/10 text-red-800 dark:text-red-200',
};
/* eslint-enable lingui/no-unlocalized-strings */
const STATE_LABELS: Record<Advisory['state'], MessageDescriptor> = {
  draft: msg`Draft: not public`,
  scheduled: msg`Scheduled`,
  active: msg`On the home page`,
  ended: msg`Ended`,
};
/* eslint-disable lingui/no-unlocalized-strings -- Tailwind classes, not prose */
const STATE_CHIPS: Record<Advisory['state'], string> = {
  draft: 'border border-amber-600/40 bg-amber-500/10 text-amber-900 dark:text-amber-200',
  scheduled: 'bg-surface-2 text-ink-soft',
  active: 'bg-green-600/10 text-green-800 dark:text-green-200',
  ended: 'bg-surface-2 text-ink-soft',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** `2026-11-27T14:05` in the barangay's zone ⇄ an ISO instant. */
const toLocalInput = (iso: string, timeZone: string) => {
  const { day, time } = isoToZonedParts(iso, timeZone);
  return `${day}T${time}`;
};
const fromLocalInput = (value: string, timeZone: string) => {
  const [day = '', time = ''] = value.split('T');
  return zonedToIso(day, time.slice(0, 5), timeZone);
};

/**
 * /ManagePatrolschedules?tab=advisories (admins): the barangay's warnings to residents. An active
 * advisory shows at the top of the public home page; residents who opted in get it by push or SMS
 * when it starts.
 */
export function AdvisoriesManager() {
  const { t } = useLingui();
  const query = useAdvisories();
  const refresh = useRefreshAdvisories();
  const { data: settings } = usePublicSettings();
  const timeZone = settings?.timezone ?? DEFAULT_TIMEZONE;
  const [editing, setEditing] = useState<Advisory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Advisory | null>(null);
  const deletingTitle = deleting?.title ?? '';

  async function endNow(advisory: Advisory) {
    try {
      await updateAdvisory(advisory._id, { endsAt: new Date().toISOString() });
      notify.success(t`The advisory has ended`);
      await refresh();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : t`Could not end the advisory`);
    }
  }

  async function publish(advisory: Advisory) {
    try {
      await publishAdvisory(advisory._id);
      notify.success(t`Advisory published`);
      await refresh();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : t`Could not publish the advisory`);
    }
  }

  async function confirmDelete() {
    const advisory = deleting;
    setDeleting(null);
    if (!advisory) return;
    try {
      await deleteAdvisory(advisory._id);
      notify.success(t`Advisory deleted`);
      await refresh();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : t`Could not delete the advisory`);
    }
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="advisories-title" data-testid="advisories-manager">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="advisories-title" className="flex items-center gap-2 text-lg font-semibold">
            <Megaphone className="h-5 w-5 text-brand-600" aria-hidden="true" />
            <Trans>Advisories</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>Shown at the top of the public home page while in force; sent to residents who asked for them.</Trans>
          </p>
        </div>
        {editing === null && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            <Trans>New advisory</Trans>
          </button>
        )}
      </div>

      {editing !== null && (
        <AdvisoryForm
          key={editing === 'new' ? 'new' : editing._id}
          advisory={editing === 'new' ? null : editing}
          timeZone={timeZone}
          onDone={async (saved) => {
            setEditing(null);
            if (saved) await refresh();
          }}
        />
      )}

      <QueryState
        query={query}
        loadingLabel={t`Loading advisories…`}
        errorText={t`Error loading the advisories.`}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="card text-sm text-muted">
            <Trans>No advisories yet. Publish one when residents need to know: a typhoon, a flood, a curfew.</Trans>
          </p>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-3" aria-label={t`Advisories`}>
            {data.items.map((advisory) => {
              const title = advisory.title;
              const author = fullName(advisory.createdBy);
              return (
                <li key={advisory._id} className="card flex flex-col gap-2" data-advisory-row={advisory._id}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${SEVERITY_CHIPS[advisory.severity]}`}>{t(SEVERITY_LABELS[advisory.severity])}</span>
                    <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_CHIPS[advisory.state]}`}>{t(STATE_LABELS[advisory.state])}</span>
                    {advisory.origin && <OriginMark senderName={advisory.origin.senderName} />}
                  </div>
                  <h3 className="font-semibold [overflow-wrap:anywhere]">{advisory.title}</h3>
                  <p className="whitespace-pre-line text-sm text-ink-soft [overflow-wrap:anywhere]">{advisory.body}</p>
                  <p className="text-xs text-muted">
                    {windowText(advisory, timeZone)}
                    {advisory.areas.length > 0 && ` · ${advisory.areas.map((area) => area.name).join(', ')}`}
                    {advisory.createdBy && (
                      <>
                        {' '}
                        · <Trans>by {author}</Trans>
                      </>
                    )}
                  </p>
                  {advisory.state === 'draft' && (
                    <p className="text-sm text-ink-soft">
                      <Trans>Read from an outside alert feed. Residents see nothing until an admin checks it and publishes it.</Trans>
                    </p>
                  )}
                  <div className="flex flex-wrap gap-2">
                    {advisory.state === 'draft' && (
                      <button type="button" className="btn btn-primary !min-h-9 !px-3" onClick={() => void publish(advisory)} aria-label={t`Publish ${title}`}>
                        <Send className="h-4 w-4" aria-hidden="true" />
                        <Trans>Publish</Trans>
                      </button>
                    )}
                    <button type="button" className="btn btn-secondary !min-h-9 !px-3" onClick={() => setEditing(advisory)} aria-label={t`Edit ${title}`}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      <Trans>Edit</Trans>
                    </button>
                    {advisory.state === 'active' && (
                      <button type="button" className="btn btn-secondary !min-h-9 !px-3" onClick={() => void endNow(advisory)} aria-label={t`End ${title} now`}>
                        <Square className="h-4 w-4" aria-hidden="true" />
                        <Trans>End now</Trans>
                      </button>
                    )}
                    <button type="button" className="btn btn-ghost !min-h-9 !px-3 text-danger" onClick={() => setDeleting(advisory)} aria-label={t`Delete ${title}`}>
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      <Trans>Delete</Trans>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>

      <ConfirmDialog
        open={deleting !== null}
        message={t`Delete the advisory "${deletingTitle}"? It disappears from the home page at once.`}
        confirmLabel={t`Delete`}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

/** Where a draft came from: the outside feed's sender (e.g. PAGASA), by the Common Alerting Protocol. */
function OriginMark({ senderName }: { senderName: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded bg-surface-2 px-2 py-0.5 text-xs font-medium text-ink-soft">
      <RadioTower className="h-3.5 w-3.5" aria-hidden="true" />
      <Trans>From {senderName}, CAP</Trans>
    </span>
  );
}

/** When an advisory is in force, in the language on screen (called while rendering). */
function windowText(advisory: Advisory, timeZone: string): string {
  const format = (iso: string) => formatZoned(iso, 'MMM d, yyyy, h:mm a', timeZone);
  const start = format(advisory.startsAt);
  return advisory.endsAt ? `${start} – ${format(advisory.endsAt)}` : t`From ${start}, no end set`;
}

interface AdvisoryFormProps {
  advisory: Advisory | null;
  timeZone: string;
  onDone(saved: boolean): void | Promise<void>;
}

function AdvisoryForm({ advisory, timeZone, onDone }: AdvisoryFormProps) {
  const { t } = useLingui();
  const areas = usePatrolAreaChoices();
  const [title, setTitle] = useState(advisory?.title ?? '');
  const [body, setBody] = useState(advisory?.body ?? '');
  const [severity, setSeverity] = useState<AdvisorySeverity>(advisory?.severity ?? 'warning');
  const [startsAt, setStartsAt] = useState(() => toLocalInput(advisory?.startsAt ?? new Date().toISOString(), timeZone));
  const [endsAt, setEndsAt] = useState(() => (advisory?.endsAt ? toLocalInput(advisory.endsAt, timeZone) : ''));
  const [areaIds, setAreaIds] = useState<string[]>(advisory?.areas.map((area) => area._id) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = t`Title is required`;
    if (!body.trim()) found.body = t`Write what residents should know`;
    if (!startsAt) found.startsAt = t`Choose when it starts`;
    if (endsAt && startsAt && endsAt <= startsAt) found.endsAt = t`The end must be after the start`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const payload: CreateAdvisoryRequest = {
      title: title.trim(),
      body: body.trim(),
      severity,
      startsAt: fromLocalInput(startsAt, timeZone),
      endsAt: endsAt ? fromLocalInput(endsAt, timeZone) : null,
      patrolAreaIds: areaIds,
    };
    setSaving(true);
    try {
      if (advisory) await updateAdvisory(advisory._id, payload);
      else await createAdvisory(payload);
      notify.success(advisory ? t`Advisory saved` : t`Advisory published`);
      await onDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        setErrors(Object.fromEntries(error.fields.map((field) => [field.field.split('.')[0]!, field.message])));
      } else {
        notify.error(error instanceof ApiError ? error.message : t`Could not save the advisory`);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate aria-label={advisory ? t`Edit advisory` : t`New advisory`}>
      <h3 className="text-base font-semibold">{advisory ? t`Edit advisory` : t`New advisory`}</h3>
      <TextField label={t`Title`} value={title} maxLength={ADVISORY_LIMITS.titleMaxLength} onChange={(event) => setTitle(event.target.value)} error={errors.title} required />
      <TextAreaField
        label={t`What residents should know`}
        value={body}
        rows={4}
        maxLength={ADVISORY_LIMITS.bodyMaxLength}
        onChange={(event) => setBody(event.target.value)}
        error={errors.body}
        required
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label={t`Severity`} value={severity} onChange={(event) => setSeverity(event.target.value as AdvisorySeverity)} error={errors.severity}>
          {ADVISORY_SEVERITIES.map((value) => (
            <option key={value} value={value}>
              {t(SEVERITY_LABELS[value])}
            </option>
          ))}
        </SelectField>
        <TextField label={t`Starts`} type="datetime-local" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} error={errors.startsAt} required />
        <TextField
          label={t`Ends (optional)`}
          type="datetime-local"
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={errors.endsAt}
          hint={t`Leave empty to keep it until you end it.`}
        />
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">
          <Trans>Patrol areas (optional; none means the whole barangay)</Trans>
        </legend>
        {areas.data && areas.data.length > 0 ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {areas.data
              .filter((area) => area.active || areaIds.includes(area._id))
              .map((area) => (
                <label key={area._id} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={areaIds.includes(area._id)}
                    onChange={(event) => setAreaIds((ids) => (event.target.checked ? [...ids, area._id] : ids.filter((id) => id !== area._id)))}
                  />
                  {area.name}
                </label>
              ))}
          </div>
        ) : (
          <p className="text-sm text-muted">{areas.isPending ? t`Loading areas…` : t`No patrol areas drawn.`}</p>
        )}
        {errors.patrolAreaIds && <p className="mt-1 text-sm text-danger">{errors.patrolAreaIds}</p>}
      </fieldset>
      <p className="text-xs text-muted">
        <Trans>Times are in the barangay's time zone ({timeZone}).</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t`Saving…` : advisory ? t`Save` : t`Publish`}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void onDone(false)} disabled={saving}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
