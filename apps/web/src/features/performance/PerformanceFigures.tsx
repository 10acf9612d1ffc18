import type { ReactNode } from 'react';
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
      <dd className="text-2xl font-bold tabular-nums tracking-tight text-ink">{value}</dd>
      {detail && <dd className="text-xs text-muted">{detail}</dd>}
    </div>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A tanod's figures for a period, one card each. The same cards serve the tanod's
 * `/Performance` and the admin's view of a tanod in Manage Tanod.
 */
export function PerformanceFigures({ data }: { data: TanodPerformanceSummary }) {
  return (
    <dl
      className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4"
      aria-label={`Figures for ${data.period.label}`}
    >
      <Figure
        testId="figure-rank"
        icon={Trophy}
        label="Rank"
        value={formatRank(data.rank, data.rankOf, data.tiedWith)}
        detail={rankDetail(data)}
      />
      <Figure
        testId="figure-attendance"
        icon={CalendarCheck}
        label="Attendance"
        value={formatPercent(data.attendanceRate)}
        detail={
          data.scheduledShifts === 0
            ? 'No past shifts scheduled'
            : `${data.attendedShifts} of ${plural(data.scheduledShifts, 'shift')}`
        }
      />
      <Figure
        testId="figure-on-time"
        icon={AlarmClock}
        label="On time"
        value={formatPercent(data.onTimeRate)}
        detail={
          data.attendedShifts === 0 ? 'No shifts attended' : `of ${plural(data.attendedShifts, 'attended shift')}`
        }
      />
      <Figure
        testId="figure-lateness"
        icon={Hourglass}
        label="Average lateness"
        value={formatMinutes(data.averageLatenessMinutes)}
        detail="On-time arrivals count as 0"
      />
      <Figure
        testId="figure-patrols"
        icon={Footprints}
        label="Patrols completed"
        value={String(data.patrolsCompleted)}
      />
      <Figure testId="figure-hours" icon={Clock} label="Hours on patrol" value={formatHours(data.hoursPatrolled)} />
      <Figure testId="figure-distance" icon={Route} label="Distance patrolled" value={formatKm(data.distanceKm)} />
      <Figure
        testId="figure-incidents"
        icon={Siren}
        label="Incidents"
        value={`${data.incidentsResponded} / ${data.incidentsResolved}`}
        detail="Responded / resolved"
      />
      <Figure
        testId="figure-response"
        icon={Timer}
        label="Avg. response time"
        value={formatMinutes(data.averageResponseMinutes)}
        detail="From report to response"
      />
      <Figure
        testId="figure-resolution"
        icon={CheckCircle2}
        label="Avg. resolution time"
        value={formatMinutes(data.averageResolutionMinutes)}
        detail="From report to resolution"
      />
      <Figure
        testId="figure-rating"
        icon={Star}
        label="Rating"
        value={data.ratingAverage === null ? formatRating(null) : `${formatRating(data.ratingAverage)} / 5`}
        detail={data.ratingCount === 0 ? 'No ratings' : plural(data.ratingCount, 'rating')}
      />
      <Figure
        testId="figure-returns"
        icon={PackageCheck}
        label="On-time returns"
        value={formatPercent(data.onTimeReturnRate)}
        detail={
          data.loansDue === 0
            ? 'No loans fell due'
            : `${data.loansReturnedOnTime} of ${plural(data.loansDue, 'loan')} due`
        }
      />
    </dl>
  );
}
