import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { lazyMap } from '@/components/map/lazy-map.tsx';
import { RequestBackupButton } from '@/features/assistance/RequestBackupButton.tsx';
import { ActiveIncidentPanel } from '@/features/incidents/ActiveIncidentPanel.tsx';
import { TanodQueue } from '@/features/incidents/TanodQueue.tsx';
import { useDevicePosition } from '@/features/incidents/hooks.ts';
import { useIncidentList } from '@/features/incidents/incidents-api.ts';
import { TanodPatrolPanel } from '@/features/patrols/tanod/TanodPatrolPanel.tsx';
import { useTanodPatrol } from '@/features/patrols/tanod/use-tanod-patrol.ts';
import { useSession } from '@/lib/session.tsx';
import RolePage from './RolePage.tsx';

const PatrolMapView = lazyMap(() => import('./PatrolMapView.tsx'), 'h-72 sm:h-96 lg:h-[calc(100dvh-11rem)]');

/**
 * The tanod's /Patrolmap: the patrol (issue 11: Start/End, log, tracking), the active incident and
 * the queue (issue 9) beside the map. On a phone the patrol comes first, then the active
 * incident, the map and the queue.
 */
export default function PatrolMapPage() {
  const { user } = useSession();
  const position = useDevicePosition();
  const patrol = useTanodPatrol();
  const fix = patrol.tracking.fix;
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('incident');
  const list = useIncidentList({
    status: ['pending', 'in_progress'],
    sort: 'priority',
    near: position ? `${position.lat},${position.lng}` : undefined,
    limit: 100,
  });
  const items = list.data?.items ?? [];
  const active = items.find((item) => item.status === 'in_progress' && item.responder?._id === user?._id);
  const queue = items.filter((item) => item.status === 'pending');
  const mapped = active ? [active, ...queue] : queue;

  const choose = useCallback(
    (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('incident', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  // A marker tapped on the map: bring its row into view. A row's "Show on map": bring the map.
  const selectFromMap = useCallback(
    (id: string) => {
      choose(id);
      document.querySelector(`[data-incident-row="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    [choose],
  );
  const showOnMap = useCallback(
    (id: string) => {
      choose(id);
      document.querySelector('[data-testid="patrol-map"]')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    [choose],
  );

  return (
    <RolePage title="Patrol Map">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)]">
        <div className="lg:col-start-1 lg:row-start-1">
          <TanodPatrolPanel state={patrol} />
        </div>
        {active && (
          <div className="lg:col-start-1 lg:row-start-2">
            <ActiveIncidentPanel
              incidentId={active._id}
              onShowOnMap={showOnMap}
              backupAction={(incident) => <RequestBackupButton incident={incident} />}
            />
          </div>
        )}
        <div className="space-y-3 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start">
          <PatrolMapView
            incidents={mapped}
            selectedId={selectedId}
            onSelect={selectFromMap}
            area={patrol.area}
            position={fix ? { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } : null}
          />
        </div>
        <div className={`lg:col-start-1 ${active ? 'lg:row-start-3' : 'lg:row-start-2'}`}>
          <TanodQueue
            items={queue}
            isLoading={list.isLoading}
            isError={list.isError}
            onRetry={() => void list.refetch()}
            selectedId={selectedId}
            onSelect={showOnMap}
            hasActive={Boolean(active)}
            hasPosition={position !== null}
          />
        </div>
      </div>
    </RolePage>
  );
}
