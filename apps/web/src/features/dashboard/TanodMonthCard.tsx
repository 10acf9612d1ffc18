import { BarChart3 } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TanodDashboard } from '@bantay/shared';
import { TanodCardFrame, TanodCardState } from './TanodCardFrame.tsx';
import { percent } from './tanod-format.ts';

interface TanodMonthCardProps {
  data: TanodDashboard | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
}

/** My figures for this calendar month, the ones a tanod asks about first. */
export function TanodMonthCard({ data, isLoading, isError, onRetry }: TanodMonthCardProps) {
  const { t } = useLingui();
  const month = data?.month;
  const figures: { label: string; value: string; hint?: string }[] = [];
  if (month) {
    const { attendedShifts, scheduledShifts, incidentsResolved, ratingCount, rankOf, tiedWith } = month;
    figures.push(
      {
        label: t`Attendance`,
        value: percent(month.attendanceRate),
        hint: t`${attendedShifts} of ${scheduledShifts} shifts`,
      },
      { label: t`Patrols completed`, value: String(month.patrolsCompleted) },
      { label: t`Hours on patrol`, value: month.hoursPatrolled.toFixed(1) },
      {
        label: t`Incidents responded`,
        value: String(month.incidentsResponded),
        hint: t`${incidentsResolved} resolved`,
      },
      {
        label: t`Rating`,
        value: month.ratingAverage === null ? '—' : `${month.ratingAverage.toFixed(1)} ★`,
        hint: t`${plural(ratingCount, { one: '# rating', other: '# ratings' })}`,
      },
      {
        label: t`Rank`,
        value: month.rank === null ? '—' : `#${month.rank}`,
        hint: month.rank !== null && tiedWith > 0 ? t`of ${rankOf}, tied with ${tiedWith}` : t`of ${rankOf}`,
      },
    );
  }
  return (
    <TanodCardFrame
      title={t`My figures this month`}
      icon={BarChart3}
      more={{ to: '/Performance', label: t`My performance` }}
      testId="tanod-month"
    >
      {!data ? (
        <TanodCardState isLoading={isLoading} isError={isError} onRetry={onRetry} />
      ) : !month ? (
        <p className="text-sm text-muted">
          <Trans>Your figures for this month are not available yet.</Trans>
        </p>
      ) : (
        // Three columns only where the card itself is wide enough (a container query, not the screen's).
        <div className="@container">
          <p className="mb-2 text-sm text-muted">{month.period.label}</p>
          <dl className="grid grid-cols-2 gap-2 @md:grid-cols-3">
            {figures.map((figure) => (
              <div key={figure.label} className="rounded-lg bg-surface-2 px-3 py-2">
                <dt className="text-xs text-muted">{figure.label}</dt>
                <dd className="text-xl font-bold">{figure.value}</dd>
                {figure.hint && <dd className="text-xs text-muted">{figure.hint}</dd>}
              </div>
            ))}
          </dl>
        </div>
      )}
    </TanodCardFrame>
  );
}
