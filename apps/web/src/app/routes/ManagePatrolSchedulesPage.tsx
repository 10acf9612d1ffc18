import { useSearchParams } from 'react-router';
import { Tabs } from '@/components/Tabs.tsx';
import { AreasManager } from '@/features/patrol-areas/AreasManager.tsx';
import { ScheduleManager } from '@/features/schedules/ScheduleManager.tsx';
import { useSession } from '@/lib/session.tsx';
import RolePage from './RolePage.tsx';

const TABS = [
  { key: 'schedules', label: 'Schedules' },
  { key: 'areas', label: 'Patrol areas' },
] as const;

/**
 * /ManagePatrolschedules (admin): the schedules, and the patrol areas drawn on the map. The
 * supadmin reaches the barangay boundary from the areas tab (the settings page comes later).
 */
export default function ManagePatrolSchedulesPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'areas' ? 'areas' : 'schedules';
  return (
    <RolePage title="Manage Patrol Schedules">
      <Tabs
        label="Schedules and areas"
        tabs={TABS}
        selected={tab}
        onSelect={(key) => setParams(key === 'schedules' ? {} : { tab: key }, { replace: true })}
      >
        {tab === 'schedules' ? <ScheduleManager /> : <AreasManager canEditBoundary={user?.userType === 'supadmin'} />}
      </Tabs>
    </RolePage>
  );
}
