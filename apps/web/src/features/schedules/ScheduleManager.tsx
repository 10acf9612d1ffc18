import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Schedule, ScheduleScope } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { Modal } from '@/components/Modal.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { dayKey, DEFAULT_TIMEZONE, formatDate, formatZoned, shiftDay, weekDays, zonedToIso } from '@/lib/zoned-time.ts';
import {
  emptyValues,
  serverErrors,
  toCreateRequest,
  toUpdateRequest,
  valuesFromSchedule,
  type ScheduleErrors,
  type ScheduleFormValues,
} from './schedule-form-logic.ts';
import { ScheduleForm } from './ScheduleForm.tsx';
import { ScheduleList } from './ScheduleList.tsx';
import { RosterExport } from './RosterExport.tsx';
import {
  createSchedule,
  deleteSchedule,
  invalidateSchedules,
  updateSchedule,
  useAreaChoices,
  useSchedules,
  useTanodChoices,
} from './schedules-api.ts';
import { WeekCalendar } from './WeekCalendar.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; schedule: Schedule } | null;

/** The schedules of /ManagePatrolschedules: a week calendar or a list, and the form. */
export function ScheduleManager() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data: settings } = usePublicSettings();
  const timeZone = settings?.timezone ?? DEFAULT_TIMEZONE;
  // The page's "today", fixed when it opens (a calendar left open overnight keeps its week).
  const [openedAt] = useState(() => Date.now());
  const today = dayKey(openedAt, timeZone);
  const [anchor, setAnchor] = useState(today);
  const [view, setView] = useState<'week' | 'list'>('week');
  const days = useMemo(() => weekDays(anchor, timeZone), [anchor, timeZone]);
  const firstDay = format(days[0]!, 'yyyy-MM-dd');
  const range = useMemo(
    () => ({ from: zonedToIso(firstDay, '00:00', timeZone), to: zonedToIso(shiftDay(firstDay, 7, timeZone), '00:00', timeZone) }),
    [firstDay, timeZone],
  );
  const schedules = useSchedules(range);
  const areas = useAreaChoices();
  const tanods = useTanodChoices();
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<Schedule | null>(null);

  const open = (next: Editing) => {
    setErrors({});
    setEditing(next);
  };

  const save = async (values: ScheduleFormValues, scope: ScheduleScope) => {
    if (!editing) return;
    setBusy(true);
    setErrors({});
    try {
      if (editing.kind === 'new') {
        const { schedules: created } = await createSchedule(toCreateRequest(values, timeZone));
        const code = created[0]!.code;
        const count = created.length;
        notify.success(count === 1 ? t`Schedule ${code} created` : t`${plural(count, { one: '# schedule created', other: '# schedules created' })}`);
      } else {
        const code = editing.schedule.code;
        await updateSchedule(editing.schedule._id, scope, toUpdateRequest(values, timeZone));
        notify.success(t`Schedule ${code} updated`);
      }
      setEditing(null);
      await invalidateSchedules(queryClient);
    } catch (error) {
      setErrors(serverErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (schedule: Schedule, scope: ScheduleScope) => {
    setDeleting(null);
    try {
      const { deletedIds } = await deleteSchedule(schedule._id, scope);
      const code = schedule.code;
      const count = deletedIds.length;
      notify.success(count === 1 ? t`Schedule ${code} deleted` : t`${plural(count, { one: '# schedule deleted', other: '# schedules deleted' })}`);
      await invalidateSchedules(queryClient);
    } catch (error) {
      notify.error(serverErrors(error).form ?? t`Could not delete the schedule`);
    }
  };

  const list = schedules.data ?? [];
  const editingCode = editing?.kind === 'edit' ? editing.schedule.code : '';
  const deletingCode = deleting?.code;
  const deletingDate = deleting ? formatDate(deleting.startsAt, timeZone) : '';
  const deletingArea = deleting?.patrolArea.name;
  const weekLabel = `${formatZoned(days[0]!, 'MMM d', timeZone)} – ${formatZoned(days[6]!, 'MMM d, yyyy', timeZone)}`;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <button type="button" className="icon-btn" aria-label={t`Previous week`} onClick={() => setAnchor(shiftDay(anchor, -7, timeZone))}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </button>
          <button type="button" className="btn btn-ghost px-2" onClick={() => setAnchor(today)}>
            <Trans>Today</Trans>
          </button>
          <button type="button" className="icon-btn" aria-label={t`Next week`} onClick={() => setAnchor(shiftDay(anchor, 7, timeZone))}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <h3 className="text-base font-semibold" aria-live="polite">
          {weekLabel}
        </h3>
        <div className="ml-auto flex flex-wrap gap-2">
          <div className="flex rounded-lg bg-surface-2 p-1" role="radiogroup" aria-label={t`View`}>
            {(['week', 'list'] as const).map((option) => (
              <label key={option} className={`segment px-3 ${view === option ? 'bg-surface text-ink shadow-sm' : 'text-muted'}`}>
                <input type="radio" name="schedule-view" className="sr-only" checked={view === option} onChange={() => setView(option)} />
                {option === 'week' ? t`Week` : t`List`}
              </label>
            ))}
          </div>
          <RosterExport weekStart={firstDay} monthDay={anchor} initial="week" />
          <button type="button" className="btn btn-primary" onClick={() => open({ kind: 'new' })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>New schedule</Trans>
          </button>
        </div>
      </div>

      {schedules.isPending ? (
        <Loading label={t`Loading the schedules…`} />
      ) : schedules.isError ? (
        <p role="alert" className="rounded-xl border border-line p-4 text-sm">
          <Trans>The schedules could not load.</Trans>{' '}
          <button type="button" className="font-semibold text-brand-600 underline" onClick={() => void schedules.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : view === 'week' ? (
        <WeekCalendar days={days} schedules={list} timeZone={timeZone} today={today} onOpen={(schedule) => open({ kind: 'edit', schedule })} />
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
          <Trans>No schedules this week.</Trans>
        </p>
      ) : (
        <ScheduleList schedules={list} timeZone={timeZone} onEdit={(schedule) => open({ kind: 'edit', schedule })} onDelete={setDeleting} />
      )}

      {editing && (
        <Modal title={editing.kind === 'new' ? t`New schedule` : t`Schedule ${editingCode}`} onClose={() => setEditing(null)} widthClass="max-w-xl">
          {areas.isPending || tanods.isPending ? (
            <Loading label={t`Loading the areas and tanods…`} />
          ) : editing.kind === 'edit' && editing.schedule.status === 'completed' ? (
            <p className="text-sm text-muted">
              <Trans>This schedule is completed and cannot change.</Trans>
            </p>
          ) : (
            <>
              {editing.kind === 'edit' && (
                <div className="mb-4 flex justify-end">
                  <button type="button" className="btn btn-ghost text-danger" onClick={() => setDeleting(editing.schedule)}>
                    <Trans>Delete schedule</Trans>
                  </button>
                </div>
              )}
              <ScheduleForm
                initial={editing.kind === 'new' ? emptyValues(anchor < today ? today : anchor) : valuesFromSchedule(editing.schedule, timeZone)}
                areas={areas.data ?? []}
                tanods={tanods.data ?? []}
                serverErrors={errors}
                busy={busy}
                askScope={editing.kind === 'edit' && editing.schedule.seriesId !== null}
                canRepeat={editing.kind === 'new'}
                submitLabel={editing.kind === 'new' ? t`Create schedule` : t`Save changes`}
                onSubmit={(values, scope) => void save(values, scope)}
                onCancel={() => setEditing(null)}
              />
            </>
          )}
        </Modal>
      )}

      {deleting && (
        <Modal title={t`Delete ${deletingCode}?`} onClose={() => setDeleting(null)}>
          <p className="text-sm">
            <Trans>
              {deletingDate} · {deletingArea}. Its members are told.
            </Trans>
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-secondary" onClick={() => setDeleting(null)}>
              <Trans>Cancel</Trans>
            </button>
            {deleting.seriesId && (
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => {
                  setEditing(null);
                  void remove(deleting, 'future');
                }}
              >
                <Trans>Delete this and later ones</Trans>
              </button>
            )}
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                setEditing(null);
                void remove(deleting, 'one');
              }}
            >
              {deleting.seriesId ? t`Delete only this one` : t`Delete`}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
