import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.tsx';
import { TRACKING_STATE_KEY, useTrackingState } from '../patrols-api.ts';
import { usePointSender } from './use-point-sender.ts';
import { usePosition, type PositionProblem } from './use-position.ts';
import type { TrackPoint } from './tracking-rule.ts';

interface TrackingContextValue {
  isTracking: boolean;
  /** Points waiting in the offline queue. */
  queued: number;
  online: boolean;
  fix: TrackPoint | null;
  problem: PositionProblem | null;
  /** A screen that shows the position asks for it while mounted; returns the release. */
  watchPosition(): () => void;
}

const TrackingContext = createContext<TrackingContextValue>({
  isTracking: false,
  queued: 0,
  online: true,
  fix: null,
  problem: null,
  watchPosition: () => () => undefined,
});

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The tanod's live tracking, for the whole signed-in app: a patrol goes on while the tanod reads
 * messages or another page. The position is watched only while tracking is on or a screen (the
 * patrol map) shows it; nothing is watched or sent for other users or off duty.
 */
function TanodTracking({ userId, children }: { userId: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const tracking = useTrackingState();
  const isTracking = tracking.data?.isTracking ?? false;
  const [watchers, setWatchers] = useState(0);
  const { fix, problem } = usePosition(isTracking || watchers > 0);
  const online = useOnline();
  const onRefused = useCallback(() => void queryClient.invalidateQueries({ queryKey: TRACKING_STATE_KEY }), [queryClient]);
  const { queued } = usePointSender({ userId, active: isTracking, fix, onRefused });
  const watchPosition = useCallback(() => {
    setWatchers((count) => count + 1);
    return () => setWatchers((count) => count - 1);
  }, []);
  const value = useMemo(
    () => ({ isTracking, queued, online, fix, problem, watchPosition }),
    [isTracking, queued, online, fix, problem, watchPosition],
  );
  return <TrackingContext.Provider value={value}>{children}</TrackingContext.Provider>;
}

export function TrackingProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.userType !== 'tanod') return <>{children}</>;
  return <TanodTracking userId={user._id}>{children}</TanodTracking>;
}

export function useTracking(): TrackingContextValue {
  return useContext(TrackingContext);
}
