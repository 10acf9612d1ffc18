import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useSocketEvent } from '@/lib/realtime.tsx';
import { useSession } from '@/lib/session.tsx';
import { DEFAULT_TIMEZONE } from '@/lib/zoned-time.ts';
import { MY_SCHEDULES_KEY, useAreas, useCurrentPatrol, useMySchedules } from '../patrols-api.ts';
import { useTracking } from '../tracking/TrackingProvider.tsx';
import { scheduleToStart } from './PatrolControls.tsx';

/** Everything the tanod's patrol map shows: the patrol or the shift to start, the area, the position. */
export function useTanodPatrol() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const tracking = useTracking();
  const current = useCurrentPatrol();
  const schedules = useMySchedules();
  const areas = useAreas();
  const { data: settings } = usePublicSettings();

  // This screen shows the position even before a patrol starts (to start it, inside the area).
  const { watchPosition } = tracking;
  useEffect(() => watchPosition(), [watchPosition]);
  useSocketEvent('schedule:updated', () => void queryClient.invalidateQueries({ queryKey: MY_SCHEDULES_KEY }));

  const patrol = current.data?.patrol ?? null;
  const nextSchedule = patrol ? null : scheduleToStart(schedules.data ?? [], user?._id ?? null);
  const areaId = patrol?.patrolArea._id ?? nextSchedule?.patrolArea._id ?? null;
  const area = areas.data?.find((item) => item._id === areaId) ?? null;

  return {
    tracking,
    patrol,
    nextSchedule,
    area,
    timeZone: settings?.timezone ?? DEFAULT_TIMEZONE,
    isLoading: current.isPending || schedules.isPending,
    isError: current.isError || schedules.isError,
    retry: () => Promise.all([current.refetch(), schedules.refetch()]),
  };
}

export type TanodPatrolState = ReturnType<typeof useTanodPatrol>;
