import { lazyMap } from '@/components/map/lazy-map.tsx';
import { LivePatrolsPanel } from '@/features/patrols/live/LivePatrolsPanel.tsx';
import { useLiveTracking } from '@/features/patrols/live/use-live-tracking.ts';
import { PatrolReplay } from '@/features/patrols/replay/PatrolReplay.tsx';
import RolePage from './RolePage.tsx';

const NO_POINTS: never[] = [];
const LiveTrackingMapView = lazyMap(() => import('./patrol-tracking/LiveTrackingMapView.tsx'), 'h-96 lg:h-[36rem]');

/** /Patrol&incidenttracking (admin): the live patrol map, and the replay of past patrols. */
export default function PatrolTrackingPage() {
  const live = useLiveTracking();
  return (
    <RolePage title="Patrol & Incident Tracking">
      <div className="flex flex-col gap-8">
        <section aria-labelledby="live-map-heading" className="flex flex-col gap-3">
          <h2 id="live-map-heading" className="text-xl font-semibold">
            Live patrols
          </h2>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(18rem,1fr)]">
            <div className="min-w-0">
              <LiveTrackingMapView
                areas={live.areas}
                positions={live.positions}
                now={live.now}
                selected={live.selected}
                route={live.track.data?.points ?? NO_POINTS}
                routeLoaded={live.track.isSuccess}
                onSelect={live.select}
              />
            </div>
            <LivePatrolsPanel state={live} />
          </div>
        </section>
        <PatrolReplay areas={live.allAreas} timeZone={live.timeZone} />
      </div>
    </RolePage>
  );
}
