import { IncidentSummaryCard } from '@/features/incidents/IncidentSummaryCard.tsx';
import RolePage from './RolePage.tsx';

/** The tanod's /Dashboard. Issue 9 adds the incident card; shifts, loans and stats join it later. */
export default function TanodDashboardPage() {
  return (
    <RolePage title="Dashboard">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <IncidentSummaryCard />
      </div>
    </RolePage>
  );
}
