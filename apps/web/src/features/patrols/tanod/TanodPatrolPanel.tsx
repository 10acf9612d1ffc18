import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loading } from '@/components/Loading.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { setTrackingSwitch, TRACKING_STATE_KEY } from '../patrols-api.ts';
import { POSITION_MESSAGES } from '../tracking/use-position.ts';
import { PatrolControls } from './PatrolControls.tsx';
import { PatrolLog } from './PatrolLog.tsx';
import { TrackingIndicator } from './TrackingIndicator.tsx';
import type { TanodPatrolState } from './use-tanod-patrol.ts';

/** The tanod's side of /Patrolmap: tracking state, Start/End patrol, the log. */
export function TanodPatrolPanel({ state }: { state: TanodPatrolState }) {
  const { t } = useLingui();
  const { tracking, patrol, nextSchedule, timeZone } = state;
  if (state.isLoading) return <Loading label={t`Loading your patrol…`} />;
  if (state.isError)
    return (
      <div role="alert" className="card text-sm">
        <Trans>Your patrol could not load.</Trans>{' '}
        <button type="button" className="font-semibold text-brand-600 underline" onClick={() => void state.retry()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <TrackingIndicator isTracking={tracking.isTracking} queued={tracking.queued} online={tracking.online} />
      {tracking.problem && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
          {t(POSITION_MESSAGES[tracking.problem])}
        </p>
      )}
      <PatrolControls patrol={patrol} nextSchedule={nextSchedule} fix={tracking.fix} timeZone={timeZone} />
      {!patrol && nextSchedule?.status === 'ongoing' && <TrackingSwitch isTracking={tracking.isTracking} />}
      {patrol && <PatrolLog patrol={patrol} fix={tracking.fix} timeZone={timeZone} />}
    </div>
  );
}

/** Sharing the location on duty without a patrol (docs/product.md §4.7: only while the tanod turned it on). */
function TrackingSwitch({ isTracking }: { isTracking: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="card">
      <label className="flex items-center justify-between gap-3 text-sm font-medium">
        <Trans>Share my location while on duty</Trans>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={isTracking}
          disabled={busy}
          onChange={async (event) => {
            setBusy(true);
            setError(null);
            try {
              await setTrackingSwitch(event.target.checked);
              await queryClient.invalidateQueries({ queryKey: TRACKING_STATE_KEY });
            } catch (failure) {
              setError(failure instanceof ApiError ? failure.message : t`Could not change tracking. Try again.`);
            } finally {
              setBusy(false);
            }
          }}
        />
      </label>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
