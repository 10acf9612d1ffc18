import type { ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  AlarmClock,
  CalendarCheck,
  CheckCircle2,
  Clock,
  Footprints,
  Hourglass,
  PackageCheck,
  Route,
  Siren,
  Star,
  Timer,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import type { TanodPerformanceSummary } from '@bantay/shared';
import {
  formatHours,
  formatKm,
  formatMinutes,
  formatPercent,
  formatRank,
  formatRating,
  rankDetail,
} from './performance-format.ts';

interface FigureProps {
  icon: LucideIcon;
  label: string;
  value: string;
  detail?: ReactNode;
  testId: string;
}

function Figure({ icon: Icon, label, value, detail, testId }: FigureProps) {
  return (
    <div
      className="flex min-w-0 flex-col gap-1 rounded-xl border border-line bg-surface p-4 shadow-sm"
      data-testid={testId}
    >
      <dt className="flex items-start gap-2 text-sm font-medium text-muted">
        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span className="min-w-0 leading-snug">{label}</span>
      </dt>
      {/* Balanced lines: a value in Filipino ("1 oras 11 min") may take two on a phone. */}
      <dd className="text-balance text-2xl font-bold tabular-nums tracking-tight text-ink">{value}</dd>
      {detail && <dd className="text-xs text-muted">{detail}</dd>}
    </div>
  );
}

/**
 * A tanod's figures for a period, one card each. The same cards serve the tanod's
 * `/Performance` and the admin's view of a tanod in Manage Tanod.
 */
export function PerformanceFigures({ data }: { data: TanodPerformanceSummary }) {
  const { t } = useLingui();
  const period = data.period.label;
  const attended = data.attendedShifts;
  const scheduled = data.scheduledShifts;
  const ratings = data.ratingCount;
  const returned = data.loansReturnedOnTime;
  const due = data.loansDue;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4" aria-label={t`Figures for ${period}`}>
      <Figure
        testId="figure-rank"
        icon={Trophy}
        label={t`Rank`}
        value={formatRank(data.rank, data.rankOf, data.tiedWith)}
        detail={rankDetail(data)}
      />
      <Figure
        testId="figure-attendance"
        icon={CalendarCheck}
        label={t`Attendance`}
        value={formatPercent(data.attendanceRate)}
        detail={
          scheduled === 0
            ? t`No past shifts scheduled`
            : t`${attended} of ${plural(scheduled, { one: '# shift', other: '# shifts' })}`
        }
      />
      <Figure
        testId="figure-on-time"
        icon={AlarmClock}
        label={t`On time`}
        value={formatPercent(data.onTimeRate)}
        detail={
          attended === 0
            ? t`No shifts attended`
            : t`of ${plural(attended, { one: '# attended shift', other: '# attended shifts' })}`
        }
      />
      <Figure
        testId="figure-lateness"
        icon={Hourglass}
        label={t`Average lateness`}
        value={formatMinutes(data.averageLatenessMinutes)}
        detail={t`On-time arrivals count as 0`}
      />
      <Figure
        testId="figure-patrols"
        icon={Footprints}
        label={t`Patrols completed`}
        value={String(data.patrolsCompleted)}
      />
      <Figure testId="figure-hours" icon={Clock} label={t`Hours on patrol`} value={formatHours(data.hoursPatrolled)} />
      <Figure testId="figure-distance" icon={Route} label={t`Distance patrolled`} value={formatKm(data.distanceKm)} />
      <Figure
        testId="figure-incidents"
        icon={Siren}
        label={t`Incidents`}
        value={`${data.incidentsResponded} / ${data.incidentsResolved}`}
        detail={t`Responded / resolved`}
      />
      <Figure
        testId="figure-response"
        icon={Timer}
        label={t`Avg. response time`}
        value={formatMinutes(data.averageResponseMinutes)}
        detail={t`From report to response`}
      />
      <Figure
        testId="figure-resolution"
        icon={CheckCircle2}
        label={t`Avg. resolution time`}
        value={formatMinutes(data.averageResolutionMinutes)}
        detail={t`From report to resolution`}
      />
      <Figure
        testId="figure-rating"
        icon={Star}
        label={t`Rating`}
        value={data.ratingAverage === null ? formatRating(null) : `${formatRating(data.ratingAverage)} / 5`}
        detail={ratings === 0 ? t`No ratings` : t`${plural(ratings, { one: '# rating', other: '# ratings' })}`}
      />
      <Figure
        testId="figure-returns"
        icon={PackageCheck}
        label={t`On-time returns`}
        value={formatPercent(data.onTimeReturnRate)}
        detail={
          due === 0 ? t`No loans fell due` : t`${returned} of ${plural(due, { one: '# loan', other: '# loans' })} due`
        }
      />
    </dl>
  );
}
