import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Play, Square } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PatrolDetail, Schedule } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { formatPeriod, formatTime, formatDate } from '@/lib/zoned-time.ts';
import type { TrackPoint } from '../tracking/tracking-rule.ts';
import { CURRENT_PATROL_KEY, endPatrol, MY_SCHEDULES_KEY, startPatrol, TRACKING_STATE_KEY } from '../patrols-api.ts';
import { ATTENDANCE_LABEL } from '../patrol-labels.ts';

const SHIFT_LABEL = { day: msg`Day shift`, night: msg`Night shift`, custom: msg`Shift` } as const;

const toGps = (fix: TrackPoint) => ({ lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy });

/**
 * Start and End Patrol (docs/product.md §4.7). The server decides (too early, shift over, outside the
 * area, not a member) and its refusal is shown as it says it, under the button.
 */
export function PatrolControls({
  patrol,
  nextSchedule,
  fix,
  timeZone,
}: {
  patrol: PatrolDetail | null;
  nextSchedule: Schedule | null;
  fix: TrackPoint | null;
  timeZone: string;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);

  const refresh = () =>
    Promise.all(
      [CURRENT_PATROL_KEY, TRACKING_STATE_KEY, MY_SCHEDULES_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      await action();
      notify.success(done);
      await refresh();
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : t`Something went wrong. Try again.`);
    } finally {
      setBusy(false);
    }
  };

  if (patrol) {
    const area = patrol.patrolArea.name;
    const code = patrol.schedule.code;
    const started = patrol.startedAt ? formatTime(patrol.startedAt, timeZone) : '—';
    const ends = formatTime(patrol.schedule.endsAt, timeZone);
    return (
      <section className="card" aria-labelledby="patrol-heading" data-testid="patrol-on">
        <h2 id="patrol-heading" className="text-lg font-semibold">
          <Trans>On patrol · {area}</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <Trans>
            {code} · started {started}
          </Trans>{' '}
          ·{' '}
          <span className={patrol.attendance === 'late' ? 'font-semibold text-danger' : 'font-semibold text-success'}>
            {t(ATTENDANCE_LABEL[patrol.attendance])}
          </span>
        </p>
        <p className="mt-1 text-sm text-muted">
          <Trans>Shift ends {ends}</Trans>
        </p>
        <button type="button" className="btn btn-danger mt-4 w-full sm:w-auto" disabled={busy || !fix} onClick={() => setConfirmEnd(true)}>
          <Square className="h-4 w-4" aria-hidden="true" /> <Trans>End patrol</Trans>
        </button>
        {!fix && (
          <p className="mt-2 text-sm text-muted">
            <Trans>Waiting for your location to end the patrol…</Trans>
          </p>
        )}
        {refusal && (
          <p role="alert" className="mt-3 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm font-medium text-danger">
            {refusal}
          </p>
        )}
        <ConfirmDialog
          open={confirmEnd}
          message={t`End this patrol?`}
          confirmLabel={t`End patrol`}
          onCancel={() => setConfirmEnd(false)}
          onConfirm={() => {
            setConfirmEnd(false);
            if (fix) void run(() => endPatrol(patrol._id, toGps(fix)), t`Patrol ended`);
          }}
        />
      </section>
    );
  }

  if (!nextSchedule) {
    return (
      <section className="card" aria-labelledby="patrol-heading">
        <h2 id="patrol-heading" className="text-lg font-semibold">
          <Trans>No shift now</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <Trans>You have no upcoming shift. Your schedules are on the Schedule page.</Trans>
        </p>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="patrol-heading" data-testid="patrol-next">
      <h2 id="patrol-heading" className="text-lg font-semibold">
        {nextSchedule.status === 'ongoing' ? t`Your shift now` : t`Your next shift`}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        {t(SHIFT_LABEL[nextSchedule.shift])} · {nextSchedule.patrolArea.name} · {nextSchedule.code}
      </p>
      <p className="text-sm text-muted">
        {formatDate(nextSchedule.startsAt, timeZone)}, {formatPeriod(nextSchedule.startsAt, nextSchedule.endsAt, timeZone)}
      </p>
      <button
        type="button"
        className="btn btn-primary mt-4 w-full sm:w-auto"
        disabled={busy || !fix}
        onClick={() => fix && void run(() => startPatrol(nextSchedule._id, toGps(fix)), t`Patrol started`)}
      >
        <Play className="h-4 w-4" aria-hidden="true" /> <Trans>Start patrol</Trans>
      </button>
      {!fix && (
        <p className="mt-2 text-sm text-muted">
          <Trans>Waiting for your location to start the patrol…</Trans>
        </p>
      )}
      {refusal && (
        <p role="alert" className="mt-3 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm font-medium text-danger" data-testid="patrol-refusal">
          {refusal}
        </p>
      )}
    </section>
  );
}

/** The schedule to start next: the one going on now, else the soonest upcoming, not yet started. */
export function scheduleToStart(schedules: Schedule[], userId: string | null): Schedule | null {
  const open = schedules
    .filter((schedule) => schedule.status !== 'completed')
    .filter((schedule) => schedule.members.some((member) => member._id === userId && member.attendance === 'not_started'))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return open.find((schedule) => schedule.status === 'ongoing') ?? open[0] ?? null;
}
