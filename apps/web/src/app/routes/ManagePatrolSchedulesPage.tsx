import { useSearchParams } from 'react-router';
import { AreasManager } from '@/features/patrol-areas/AreasManager.tsx';
import { ScheduleManager } from '@/features/schedules/ScheduleManager.tsx';
import { useSession } from '@/lib/session.tsx';
import RolePage from './RolePage.tsx';

const TABS = [
  { id: 'schedules', label: 'Schedules' },
  { id: 'areas', label: 'Patrol areas' },
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
      <div role="tablist" aria-label="Schedules and areas" className="mb-5 flex gap-1 border-b border-line">
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}`}
            className={`-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold ${tab === item.id ? 'border-brand-600 text-brand-600' : 'border-transparent text-muted hover:text-ink'}`}
            onClick={() => setParams(item.id === 'schedules' ? {} : { tab: item.id }, { replace: true })}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'schedules' ? <ScheduleManager /> : <AreasManager canEditBoundary={user?.userType === 'supadmin'} />}
      </div>
    </RolePage>
  );
}
