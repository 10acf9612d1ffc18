import { X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar } from '@/components/Avatar.tsx';
import { fullName } from '@/lib/full-name.ts';
import { Loading } from '@/components/Loading.tsx';
import { formatTime } from '@/lib/zoned-time.ts';
import { isStale } from '../layers/stale.ts';
import { ATTENDANCE_LABEL } from '../patrol-labels.ts';
import type { LiveTrackingState } from './use-live-tracking.ts';

/** Beside the live map: who is on patrol, and the chosen tanod's patrol and log. */
export function LivePatrolsPanel({ state }: { state: LiveTrackingState }) {
  const { t } = useLingui();
  const { positions, positionsQuery, selected, select, patrol, track, now, timeZone } = state;

  if (selected) {
    const lastAt = formatTime(selected.at, timeZone);
    const km = patrol.data ? (patrol.data.distanceMeters / 1000).toFixed(2) : '';
    const points = track.data?.points.length ?? 0;
    return (
      <section className="card flex flex-col gap-3 self-start" aria-labelledby="live-selected" data-testid="live-selected">
        <div className="flex items-center gap-3">
          <Avatar firstName={selected.tanod.firstName} lastName={selected.tanod.lastName} src={selected.tanod.profilePicture} size={44} />
          <div className="min-w-0 flex-1">
            <h3 id="live-selected" className="truncate text-base font-semibold">
              {fullName(selected.tanod)}
            </h3>
            <p className="text-sm text-muted">
              <Trans>Last position {lastAt}</Trans>
              {isStale(selected.at, now) && (
                <span className="font-semibold text-danger">
                  {' '}
                  · <Trans>no recent position</Trans>
                </span>
              )}
            </p>
          </div>
          <button type="button" className="icon-btn" aria-label={t`Close the patrol`} onClick={() => select(null)}>
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        {!selected.patrolId ? (
          <p className="text-sm text-muted">
            <Trans>Sharing the location on duty, not on a patrol.</Trans>
          </p>
        ) : patrol.isPending ? (
          <Loading label={t`Loading the patrol…`} />
        ) : patrol.isError ? (
          <p role="alert" className="text-sm text-danger">
            <Trans>The patrol could not load.</Trans>
          </p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">
              <Trans>Area</Trans>
            </dt>
            <dd>{patrol.data.patrolArea.name}</dd>
            <dt className="text-muted">
              <Trans>Schedule</Trans>
            </dt>
            <dd>{patrol.data.schedule.code}</dd>
            <dt className="text-muted">
              <Trans>Started</Trans>
            </dt>
            <dd>
              {patrol.data.startedAt ? formatTime(patrol.data.startedAt, timeZone) : '—'} · {t(ATTENDANCE_LABEL[patrol.data.attendance])}
            </dd>
            <dt className="text-muted">
              <Trans>Route so far</Trans>
            </dt>
            <dd data-testid="live-route-points">
              {t`${km} km · ${points} points`}
            </dd>
            {patrol.data.log.length > 0 && (
              <>
                <dt className="text-muted">
                  <Trans>Log</Trans>
                </dt>
                <dd>
                  <ul className="flex flex-col gap-1">
                    {patrol.data.log.map((entry) => (
                      <li key={entry._id}>
                        <span className="font-semibold">{formatTime(entry.at, timeZone)}</span> {entry.text}
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
        )}
      </section>
    );
  }

  return (
    <section className="card self-start" aria-labelledby="live-heading">
      <h3 id="live-heading" className="text-base font-semibold">
        <Trans>On patrol now</Trans>
      </h3>
      {positionsQuery.isPending ? (
        <Loading label={t`Loading the positions…`} />
      ) : positionsQuery.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          <Trans>The live positions could not load.</Trans>{' '}
          <button type="button" className="font-semibold underline" onClick={() => void positionsQuery.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : positions.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          <Trans>Nobody is on patrol right now.</Trans>
        </p>
      ) : (
        <ul className="mt-2 flex flex-col" aria-label={t`Tanods on patrol`}>
          {positions.map((position) => (
            <li key={position.userId}>
              <button
                type="button"
                className="flex min-h-11 w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-surface-2"
                onClick={() => select(position.userId)}
              >
                <span className="rounded-full p-0.5" style={{ background: isStale(position.at, now) ? '#9ca3af' : (position.patrolArea?.color ?? '#15803d') }}>
                  <Avatar firstName={position.tanod.firstName} lastName={position.tanod.lastName} src={position.tanod.profilePicture} size={32} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">
                    {fullName(position.tanod)}
                  </span>
                  <span className="block truncate text-xs text-muted">
                    {position.patrolArea?.name ?? t`On duty`} · {formatTime(position.at, timeZone)}
                    {isStale(position.at, now) ? ` · ${t`no recent position`}` : ''}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
