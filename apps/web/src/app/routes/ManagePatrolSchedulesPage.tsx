import { useSearchParams } from 'wouter';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Tabs } from '@/components/Tabs.tsx';
import { AdvisoriesManager } from '@/features/advisories/AdvisoriesManager.tsx';
import { AreasManager } from '@/features/patrol-areas/AreasManager.tsx';
import { ScheduleManager } from '@/features/schedules/ScheduleManager.tsx';
import { useSession } from '@/lib/session.tsx';
import RolePage from './RolePage.tsx';

const TABS = [
  { key: 'schedules', label: msg`Schedules` },
  { key: 'areas', label: msg`Patrol areas` },
  { key: 'advisories', label: msg`Advisories` },
] as const;

/**
 * /ManagePatrolschedules (admin): the schedules, and the patrol areas drawn on the map. The
 * supadmin reaches the barangay boundary from the areas tab (the settings page comes later). The
 * residents' advisories (decision 028) are a tab here too (`?tab=advisories`): they may concern
 * patrol areas, and the brief's admin menu has no entry of its own for them.
 */
export default function ManagePatrolSchedulesPage() {
  const { t } = useLingui();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = requested === 'areas' || requested === 'advisories' ? requested : 'schedules';
  return (
    <RolePage title={t`Manage Patrol Schedules`}>
      <Tabs
        label={t`Schedules and areas`}
        tabs={TABS.map((item) => ({ key: item.key, label: t(item.label) }))}
        selected={tab}
        onSelect={(key) => setParams(key === 'schedules' ? {} : { tab: key }, { replace: true })}
      >
        {tab === 'schedules' && <ScheduleManager />}
        {tab === 'areas' && <AreasManager canEditBoundary={user?.userType === 'supadmin'} />}
        {tab === 'advisories' && <AdvisoriesManager />}
      </Tabs>
    </RolePage>
  );
}
