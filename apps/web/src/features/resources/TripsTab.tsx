import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TripStatus } from '@bantay/shared';
import { QueryState } from '@/components/QueryState.tsx';
import { useTrips, useVehicles } from './resources-api.ts';
import { TRIP_STATUS_LABELS } from './resource-rules.ts';
import { TripList } from './TripList.tsx';

const STATUSES: TripStatus[] = ['pending', 'approved', 'completed', 'rejected', 'cancelled'];

/** Admin: trip requests, pending first, to approve or reject; the history per vehicle and status. */
export function TripsTab() {
  const { t } = useLingui();
  const [vehicleId, setVehicleId] = useState('');
  const [status, setStatus] = useState<TripStatus | ''>('');
  const vehicles = useVehicles();
  const query = useTrips({ vehicleId: vehicleId || undefined, status: status || undefined });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-3">
        <label className="basis-56">
          <span className="sr-only">
            <Trans>Vehicle</Trans>
          </span>
          <select className="input" value={vehicleId} onChange={(event) => setVehicleId(event.target.value)}>
            <option value="">{t`All vehicles`}</option>
            {(vehicles.data ?? []).map((v) => (
              <option key={v._id} value={v._id}>
                {v.name} ({v.plate})
              </option>
            ))}
          </select>
        </label>
        <label className="basis-44">
          <span className="sr-only">
            <Trans>Status</Trans>
          </span>
          <select
            className="input"
            value={status}
            onChange={(event) => setStatus(event.target.value as TripStatus | '')}
          >
            <option value="">{t`All statuses`}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(TRIP_STATUS_LABELS[s])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState
        query={query}
        loadingLabel={t`Loading trips…`}
        errorText={t`Error loading the trips.`}
        isEmpty={(trips) => trips.length === 0}
        empty={vehicleId || status ? t`No trips match.` : t`No trip requests yet.`}
      >
        {(trips) => <TripList trips={trips} asAdmin />}
      </QueryState>
    </div>
  );
}
