import { useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { toTrackPoint, type TrackPoint } from './tracking-rule.ts';

export type PositionProblem = 'denied' | 'unavailable' | 'unsupported';

export const POSITION_MESSAGES: Record<PositionProblem, MessageDescriptor> = {
  denied: msg`Your phone did not allow this page to use your location. Allow it in the browser settings to start a patrol.`,
  unavailable: msg`Your phone cannot find your location right now. Move to open sky and wait a moment.`,
  unsupported: msg`This browser cannot share your location, so a patrol cannot start here.`,
};

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/**
 * The device's position while `enabled`. Watching sends nothing by itself: the tracker sends, and
 * only while tracking is on.
 */
export function usePosition(enabled: boolean): { fix: TrackPoint | null; problem: PositionProblem | null } {
  const [fix, setFix] = useState<TrackPoint | null>(null);
  const [problem, setProblem] = useState<PositionProblem | null>(null);

  useEffect(() => {
    if (!enabled || !supported()) return;
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        setFix(toTrackPoint(position));
        setProblem(null);
      },
      (error) => setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [enabled]);

  return { fix: enabled ? fix : null, problem: enabled && !supported() ? 'unsupported' : enabled ? problem : null };
}
