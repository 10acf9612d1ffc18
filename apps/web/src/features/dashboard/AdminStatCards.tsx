import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, CalendarCheck, LifeBuoy, PackageX, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { AdminDashboard } from '@bantay/shared';

interface StatCardProps {
  label: string;
  icon: LucideIcon;
  value: ReactNode;
  /** What the number means in words, below it. */
  detail?: ReactNode;
  to?: string;
  tone?: 'default' | 'alert';
  testId: string;
  className?: string;
}

function StatCard({ label, icon: Icon, value, detail, to, tone = 'default', testId, className = '' }: StatCardProps) {
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm font-medium text-ink-soft">
        <Icon className={`h-4 w-4 shrink-0 ${tone === 'alert' ? 'text-danger' : 'text-brand-600'}`} aria-hidden="true" />
        {label}
      </span>
      <span className={`mt-1 block text-3xl font-bold tabular-nums ${tone === 'alert' ? 'text-danger' : 'text-ink'}`} data-testid={`${testId}-value`}>
        {value}
      </span>
      {detail && (
        <span className="mt-1 block text-xs text-muted" data-testid={`${testId}-detail`}>
          {detail}
        </span>
      )}
    </>
  );
  return to ? (
    <Link to={to} className={`card block min-w-0 p-4 ${className} transition-colors hover:border-brand-500`} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={`card block min-w-0 p-4 ${className}`} data-testid={testId}>
      {body}
    </div>
  );
}

/** The "now" figures: tanods, open incidents by classification, backup calls, today's patrols, overdue loans. */
export function AdminStatCards({ data }: { data: AdminDashboard }) {
  const { t } = useLingui();
  const { tanods, openIncidents, patrolsToday } = data;
  const { onDuty, total } = tanods;
  const { emergency, normal } = openIncidents.byClassification;
  const { started, scheduled, completed, absent } = patrolsToday;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      <StatCard
        testId="stat-tanods"
        label={t`Tanods on patrol`}
        icon={ShieldCheck}
        value={tanods.onPatrol}
        detail={t`${onDuty} on duty · ${total} active`}
        to="/Patrol&incidenttracking"
      />
      <StatCard
        testId="stat-open-incidents"
        label={t`Open incidents`}
        icon={AlertTriangle}
        value={openIncidents.total}
        tone={openIncidents.byClassification.emergency > 0 ? 'alert' : 'default'}
        detail={
          <>
            <span className={emergency > 0 ? 'font-semibold text-danger' : undefined}>{t`${emergency} emergency`}</span>
            {' · '}
            {t`${normal} normal`}
          </>
        }
        to="/Patrol&incidenttracking"
      />
      <StatCard
        testId="stat-backup"
        label={t`Pending backup`}
        icon={LifeBuoy}
        value={data.pendingAssistance}
        tone={data.pendingAssistance > 0 ? 'alert' : 'default'}
        detail={t`Requests awaiting a decision`}
        to="/Patrol&incidenttracking"
      />
      <StatCard
        testId="stat-patrols-today"
        label={t`Patrols today`}
        icon={CalendarCheck}
        value={
          <>
            {patrolsToday.started}
            <span className="text-lg font-semibold text-muted">/{patrolsToday.scheduled}</span>
          </>
        }
        detail={t`${started} of ${scheduled} shifts started · ${completed} completed · ${absent} absent`}
        to="/ManagePatrolschedules"
      />
      <StatCard
        testId="stat-overdue-loans"
        // The fifth card fills the last row of two on a phone.
        className="col-span-2 md:col-span-1"
        label={t`Overdue loans`}
        icon={PackageX}
        value={data.overdueLoans}
        tone={data.overdueLoans > 0 ? 'alert' : 'default'}
        detail={t`Equipment past its due time`}
        to="/Resources"
      />
    </div>
  );
}
