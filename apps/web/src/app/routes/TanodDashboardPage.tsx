import { useLingui } from '@lingui/react/macro';
import { TanodFeedbackCard } from '@/features/dashboard/TanodFeedbackCard.tsx';
import { TanodIncidentsCard } from '@/features/dashboard/TanodIncidentsCard.tsx';
import { TanodLoansCard } from '@/features/dashboard/TanodLoansCard.tsx';
import { TanodMonthCard } from '@/features/dashboard/TanodMonthCard.tsx';
import { TanodShiftCard } from '@/features/dashboard/TanodShiftCard.tsx';
import { useTanodDashboard } from '@/features/dashboard/tanod-dashboard-api.ts';
import { useNow } from '@/lib/use-now.ts';
import { NotesCalendar } from '@/features/notes/NotesCalendar.tsx';
import { useSession } from '@/lib/session.tsx';
import RolePage from './RolePage.tsx';

/**
 * The tanod's /Dashboard: shifts, incidents, loans, this month's figures, feedback
 * and calendar notes. One call feeds the cards; socket events refetch it (no polling).
 */
export default function TanodDashboardPage() {
  const { t } = useLingui();
  const { user } = useSession();
  const dashboard = useTanodDashboard();
  // Re-reads the clock for "in 20 min" and overdue marks; this makes no request.
  const now = useNow(30_000);
  const state = { data: dashboard.data, isLoading: dashboard.isPending, isError: dashboard.isError, onRetry: () => void dashboard.refetch() };
  return (
    <RolePage title={t`Dashboard`}>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <TanodShiftCard {...state} me={user?._id} now={now} />
        <TanodIncidentsCard {...state} now={now} />
        <TanodLoansCard {...state} now={now} />
        <TanodMonthCard {...state} />
        <TanodFeedbackCard {...state} />
        <NotesCalendar className="md:col-span-2 xl:col-span-3" />
      </div>
    </RolePage>
  );
}
