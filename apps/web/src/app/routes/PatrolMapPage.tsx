import { lazyMap } from '@/components/map/lazy-map.tsx';
import { TanodPatrolPanel } from '@/features/patrols/tanod/TanodPatrolPanel.tsx';
import { useTanodPatrol } from '@/features/patrols/tanod/use-tanod-patrol.ts';
import RolePage from './RolePage.tsx';

const TanodPatrolMapView = lazyMap(() => import('./patrol-map/TanodPatrolMapView.tsx'), 'h-72 sm:h-96 lg:h-[32rem]');

/** /Patrolmap (tanod): my area and position on the map, and the patrol beside it. */
export default function PatrolMapPage() {
  const state = useTanodPatrol();
  const fix = state.tracking.fix;
  return (
    <RolePage title="Patrol Map">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(20rem,2fr)]">
        <div className="min-w-0">
          <TanodPatrolMapView area={state.area} position={fix ? { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } : null} />
        </div>
        <TanodPatrolPanel state={state} />
      </div>
    </RolePage>
  );
}
