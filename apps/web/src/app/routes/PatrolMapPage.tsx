import { useCallback, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'wouter';
import { Tabs } from '@/components/Tabs.tsx';
import { lazyMap } from '@/components/map/lazy-map.tsx';
import { DispatchedBackupPanel } from '@/features/assistance/DispatchedBackupPanel.tsx';
import { PatrolBackupCard } from '@/features/assistance/PatrolBackupCard.tsx';
import { RequestBackupButton } from '@/features/assistance/RequestBackupButton.tsx';
import { useMyBackup } from '@/features/assistance/use-my-backup.ts';
import { ActiveIncidentPanel } from '@/features/incidents/ActiveIncidentPanel.tsx';
import { TanodIncidentBrowser } from '@/features/incidents/TanodIncidentBrowser.tsx';
import { TanodQueue } from '@/features/incidents/TanodQueue.tsx';
import { useDevicePosition } from '@/features/incidents/hooks.ts';
import { useIncidentList } from '@/features/incidents/incidents-api.ts';
import { listViewOf, TANOD_LIST_VIEWS, type TanodListView } from '@/features/incidents/tanod-list.ts';
import { TanodPatrolPanel } from '@/features/patrols/tanod/TanodPatrolPanel.tsx';
import { useTanodPatrol } from '@/features/patrols/tanod/use-tanod-patrol.ts';
import { useSession } from '@/lib/session.tsx';
import RolePage from './RolePage.tsx';

const PatrolMapView = lazyMap(() => import('./PatrolMapView.tsx'), 'h-72 sm:h-96 lg:h-[calc(100dvh-11rem)]' as const);

/**
 * The tanod's /Patrolmap: the patrol (Start/End, log, tracking), backup (the calls an
 * admin sent me to, and a call of my own from where I am), the active incident and the incident
 * lists (the queue, every incident with filters, my history; `?list=`) beside the map. On a phone
 * the backup I was sent to comes first, then the patrol, the active incident, the map and the lists.
 */
export default function PatrolMapPage() {
  const { t } = useLingui();
  const { user } = useSession();
  const position = useDevicePosition();
  const patrol = useTanodPatrol();
  const fix = patrol.tracking.fix;
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('incident');
  const view = listViewOf(params.get('list'));
  const backup = useMyBackup();
  // The open calls that concern me are on my map too: where to go, and where I asked from.
  const backupOnMap = useMemo(() => [...backup.dispatched, ...backup.mine], [backup.dispatched, backup.mine]);
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
  const chooseView = useCallback(
    (key: TanodListView) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key === 'queue') next.delete('list');
          else next.set('list', key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  // A marker tapped on the map: bring its row into view. A row's "Show on map": bring the map.
  const selectFromMap = useCallback(
    (id: string) => {
      // The map shows the queue's incidents: their rows are in the queue, so it comes forward.
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('incident', id);
          next.delete('list');
          return next;
        },
        { replace: true },
      );
      requestAnimationFrame(() =>
        document.querySelector(`[data-incident-row="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
      );
    },
    [setParams],
  );
  const showOnMap = useCallback(
    (id: string) => {
      choose(id);
      document.querySelector('[data-testid="patrol-map"]')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    [choose],
  );

  return (
    <RolePage title={t`Patrol Map`}>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)]">
        <div className="space-y-4 lg:col-start-1 lg:row-start-1">
          <DispatchedBackupPanel requests={backup.dispatched} />
          <TanodPatrolPanel state={patrol} />
          {!active && <PatrolBackupCard fallbackPosition={fix ? { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } : null} />}
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
            backupRequests={backupOnMap}
          />
        </div>
        <div className={`lg:col-start-1 ${active ? 'lg:row-start-3' : 'lg:row-start-2'}`}>
          <Tabs label={t`Incident lists`} tabs={TANOD_LIST_VIEWS} selected={view} onSelect={chooseView}>
            {view === 'queue' ? (
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
            ) : (
              <TanodIncidentBrowser key={view} view={view} position={position} />
            )}
          </Tabs>
        </div>
      </div>
    </RolePage>
  );
}
