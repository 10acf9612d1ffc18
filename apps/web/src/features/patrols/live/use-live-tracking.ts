import { useMemo, useState } from 'react';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useNow } from '@/lib/use-now.ts';
import { DEFAULT_TIMEZONE } from '@/lib/zoned-time.ts';
import { useAreas, useLivePositions, usePatrol, usePatrolTrack } from '../patrols-api.ts';

/** How often the live map re-checks which markers went stale (no request: a local clock tick). */
const STALE_TICK_MS = 15_000;

/** The admin live map's state: positions, areas, the chosen tanod's patrol and route so far. */
export function useLiveTracking() {
  const positions = useLivePositions();
  const areas = useAreas();
  const { data: settings } = usePublicSettings();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const now = useNow(STALE_TICK_MS);

  const list = useMemo(() => positions.data ?? [], [positions.data]);
  const selected = list.find((position) => position.userId === selectedId) ?? null;
  const patrolId = selected?.patrolId ?? null;
  const patrol = usePatrol(patrolId);
  const track = usePatrolTrack(patrolId);
  const activeAreas = useMemo(() => (areas.data ?? []).filter((area) => area.active), [areas.data]);

  return {
    positions: list,
    positionsQuery: positions,
    areas: activeAreas,
    allAreas: areas.data ?? [],
    selected,
    select: setSelectedId,
    patrol,
    track,
    now,
    timeZone: settings?.timezone ?? DEFAULT_TIMEZONE,
  };
}

export type LiveTrackingState = ReturnType<typeof useLiveTracking>;
