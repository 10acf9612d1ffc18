import { IncidentSummaryCard } from '@/features/incidents/IncidentSummaryCard.tsx';
import { NotesCalendar } from '@/features/notes/NotesCalendar.tsx';
import RolePage from './RolePage.tsx';

/** The tanod's /Dashboard (product §4.11). */
export default function TanodDashboardPage() {
  return (
    <RolePage title="Dashboard">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <IncidentSummaryCard />
        <NotesCalendar className="md:col-span-2" />
      </div>
    </RolePage>
  );
}
