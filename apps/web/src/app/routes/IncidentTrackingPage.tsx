import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Camera } from '@bantay/shared';
import { lazyMap } from '@/components/map/lazy-map.tsx';
import { CountBadge, Tabs } from '@/components/Tabs.tsx';
import { MARKER_COLORS } from '@/components/map/marker-colors.ts';
import { useAssistanceList } from '@/features/assistance/assistance-api.ts';
import { BackupRequestsPanel } from '@/features/assistance/BackupRequestsPanel.tsx';
import { BlotterPanel } from '@/features/blotter/BlotterPanel.tsx';
import { useCameraList } from '@/features/cameras/api/list-cameras.ts';
import { CameraManager } from '@/features/cameras/CameraManager.tsx';
import { useCameraEditor } from '@/features/cameras/use-camera-editor.ts';
import { IncidentDrawer } from '@/features/incidents/IncidentDrawer.tsx';
import { IncidentTable } from '@/features/incidents/IncidentTable.tsx';
import { useIncidentList } from '@/features/incidents/incidents-api.ts';
import { LivePatrolsPanel } from '@/features/patrols/live/LivePatrolsPanel.tsx';
import { useLiveTracking } from '@/features/patrols/live/use-live-tracking.ts';
import { PatrolReplay } from '@/features/patrols/replay/PatrolReplay.tsx';
import { InboxPanel } from '@/features/text-line/InboxPanel.tsx';
import { useOpenInboxCount } from '@/features/text-line/text-line-api.ts';
import RolePage from './RolePage.tsx';

const NO_POINTS: never[] = [];
const NO_CAMERAS: Camera[] = [];
const TrackingMapView = lazyMap(() => import('./TrackingMapView.tsx'), 'h-[28rem] lg:h-[calc(100dvh-16rem)]' as const);

const TABS = [
  { key: 'incidents', label: msg`Incidents` },
  { key: 'inbox', label: msg`Text inbox` },
  { key: 'map', label: msg`Live map` },
  { key: 'backup', label: msg`Backup requests` },
  { key: 'replay', label: msg`Patrol replay` },
  { key: 'archive', label: msg`Archive` },
  { key: 'blotter', label: msg`Blotter` },
] as const;
type TabId = (typeof TABS)[number]['key'];

const LEGEND = [
  { key: 'emergency', color: MARKER_COLORS.emergency, label: msg`Emergency` },
  { key: 'normal', color: MARKER_COLORS.normal, label: msg`Normal incident` },
  { key: 'backup', color: MARKER_COLORS.backup, label: msg`Backup request` },
  { key: 'camera', color: MARKER_COLORS.camera, label: msg`Camera` },
  { key: 'stale', color: '#9ca3af', label: msg`Tanod with no position for 5 minutes` },
];

function LiveMapTab({ onSelectIncident }: { onSelectIncident(id: string): void }) {
  const { t } = useLingui();
  const incidents = useIncidentList({ status: ['pending', 'in_progress'], sort: 'newest', limit: 100 });
  const backup = useAssistanceList({ status: ['pending', 'approved', 'deployed'] });
  const cameras = useCameraList();
  const cameraList = cameras.data?.items ?? NO_CAMERAS;
  const cameraEditor = useCameraEditor(cameraList);
  const live = useLiveTracking();
  const failed = incidents.isError || backup.isError || cameras.isError;
  const openCount = incidents.data ? incidents.data.items.length : null;
  return (
    <div className="space-y-3">
      {failed && (
        <p role="alert" className="rounded-lg border border-line bg-surface-2 p-3 text-sm">
          <Trans>Some markers could not be loaded.</Trans>{' '}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => {
              void incidents.refetch();
              void backup.refetch();
              void cameras.refetch();
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      <div className="flex justify-end">
        <button
          type="button"
          className={`btn ${cameraEditor.managing ? 'btn-primary' : 'btn-secondary'}`}
          aria-pressed={cameraEditor.managing}
          onClick={() => cameraEditor.setManaging(!cameraEditor.managing)}
        >
          {cameraEditor.managing ? t`Done with cameras` : t`Manage cameras`}
        </button>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <TrackingMapView
            incidents={incidents.data?.items ?? []}
            backupRequests={backup.data?.items ?? []}
            cameras={cameraList}
            cameraEditing={cameraEditor.managing ? cameraEditor.layer : undefined}
            onSelectIncident={onSelectIncident}
            patrols={{
              areas: live.areas,
              positions: live.positions,
              now: live.now,
              selected: live.selected,
              route: live.track.data?.points ?? NO_POINTS,
              routeLoaded: live.track.isSuccess,
              onSelect: live.select,
            }}
          />
        </div>
        {cameraEditor.managing ? (
          <CameraManager cameras={cameraList} isLoading={cameras.isLoading} editor={cameraEditor} />
        ) : (
          <LivePatrolsPanel state={live} />
        )}
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-soft" aria-label={t`Map legend`}>
        {LEGEND.map((entry) => (
          <li key={entry.key} className="flex items-center gap-2">
            <span
              className="h-3 w-3 rounded-full ring-2 ring-surface"
              style={{ background: entry.color }}
              aria-hidden="true"
            />
            {t(entry.label)}
          </li>
        ))}
        <li className="text-muted">
          {openCount !== null ? (
            <Plural value={openCount} one="# open incident" other="# open incidents" />
          ) : (
            <Trans>Loading…</Trans>
          )}
        </li>
      </ul>
    </div>
  );
}

/**
 * The admin's /Patrol&incidenttracking: incidents, the text inbox (`?tab=inbox`: texts and missed
 * calls from numbers Bantay cannot place, docs/decisions/032-the-text-line.md), the live map
 * (incidents, backup, cameras and the tanods on patrol), backup requests, the replay of past
 * patrols, the archive, and the barangay's blotter (`?tab=blotter`, with `&entry=` the open entry and `&record=` an incident
 * to record; docs/decisions/026-the-blotter.md).
 */
export default function IncidentTrackingPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((item) => item.key === params.get('tab'))?.key ?? 'incidents';
  const incidentId = params.get('incident');
  const pendingBackup = useAssistanceList({ status: ['pending'] }).data?.items.length ?? 0;
  const openTexts = useOpenInboxCount();

  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const openIncident = useCallback((id: string) => update({ incident: id }), [update]);

  return (
    <RolePage title={t`Patrol & Incident Tracking`}>
      <Tabs
        label={t`Sections`}
        tabs={TABS.map((item) => ({
          key: item.key,
          label: t(item.label),
          badge:
            item.key === 'backup' ? (
              <CountBadge count={pendingBackup} label={t`waiting`} urgent />
            ) : item.key === 'inbox' ? (
              <CountBadge count={openTexts} label={t`waiting`} />
            ) : undefined,
        }))}
        selected={tab}
        onSelect={(key) => update({ tab: key === 'incidents' ? null : key, entry: null, record: null })}
      >
        {tab === 'incidents' && <IncidentTable key="all" mode="all" onOpen={openIncident} selectedId={incidentId} />}
        {tab === 'archive' && (
          <IncidentTable key="archive" mode="archive" onOpen={openIncident} selectedId={incidentId} />
        )}
        {tab === 'inbox' && <InboxPanel onOpenIncident={openIncident} />}
        {tab === 'map' && <LiveMapTab onSelectIncident={openIncident} />}
        {tab === 'backup' && <BackupRequestsPanel onOpenIncident={openIncident} />}
        {tab === 'replay' && <PatrolReplay />}
        {tab === 'blotter' && (
          <BlotterPanel
            entryId={params.get('entry')}
            recordFromIncident={params.get('record')}
            onOpenEntry={(id) => update({ entry: id })}
            onRecordClosed={() => update({ record: null })}
          />
        )}
      </Tabs>
      {incidentId && (
        <IncidentDrawer
          key={incidentId}
          incidentId={incidentId}
          onOpen={openIncident}
          onClose={() => update({ incident: null })}
        />
      )}
    </RolePage>
  );
}
