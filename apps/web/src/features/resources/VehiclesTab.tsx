import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { VEHICLE_TYPE_LABELS, type Vehicle, type VehicleStatus } from '@bantay/shared';
import { Chip, type Tone } from '@/components/Chip.tsx';
import { QueryState } from '@/components/QueryState.tsx';
import { Thumb } from '@/components/Thumb.tsx';
import { useVehicles } from './resources-api.ts';
import { VEHICLE_STATUS_LABELS } from './resource-rules.ts';
import { VehicleDialog } from './VehicleDialog.tsx';
import { fullName } from '@/lib/full-name.ts';
import { currentIntlTag } from '@/lib/i18n.ts';

export const VEHICLE_STATUS_TONES: Record<VehicleStatus, Tone> = {
  available: 'success',
  in_use: 'brand',
  maintenance: 'warning',
  out_of_service: 'danger',
};

/** Admin: the vehicle registry with drivers, odometer and status; add and edit. */
export function VehiclesTab() {
  const { t } = useLingui();
  const query = useVehicles();
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add vehicle</Trans>
        </button>
      </div>
      <QueryState
        query={query}
        loadingLabel={t`Loading vehicles…`}
        errorText={t`Error loading the vehicles.`}
        isEmpty={(vehicles) => vehicles.length === 0}
        empty={t`No vehicles yet. Add the barangay's first one.`}
      >
        {(vehicles) => (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label={t`Vehicles`}>
            {vehicles.map((vehicle) => {
              const vehicleName = vehicle.name;
              return (
                <li key={vehicle._id} className="card flex gap-4" data-testid="vehicle-card">
                  <Thumb image={vehicle.image} size={72} />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-start gap-2">
                      <div className="min-w-0 flex-1">
                        <h3 className="font-semibold">{vehicle.name}</h3>
                        <p className="text-sm text-muted">
                          <span className="font-mono">{vehicle.plate}</span> · {VEHICLE_TYPE_LABELS[vehicle.type]}
                          {[vehicle.model, vehicle.year, vehicle.colour].filter(Boolean).length > 0 &&
                            ` · ${[vehicle.model, vehicle.year, vehicle.colour].filter(Boolean).join(' ')}`}
                        </p>
                      </div>
                      <Chip tone={VEHICLE_STATUS_TONES[vehicle.status]}>
                        {t(VEHICLE_STATUS_LABELS[vehicle.status])}
                      </Chip>
                      <button
                        type="button"
                        className="icon-btn -my-2"
                        aria-label={t`Edit ${vehicleName}`}
                        onClick={() => setEditing(vehicle)}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </div>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-muted">
                        <Trans>Odometer</Trans>
                      </dt>
                      <dd className="tabular-nums">{vehicle.odometer.toLocaleString(currentIntlTag())} km</dd>
                      <dt className="text-muted">
                        <Trans>Drivers</Trans>
                      </dt>
                      <dd>
                        {vehicle.drivers.length > 0 ? (
                          vehicle.drivers.map(fullName).join(', ')
                        ) : (
                          <span className="text-muted">
                            <Trans>None assigned</Trans>
                          </span>
                        )}
                      </dd>
                    </dl>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {editing && <VehicleDialog vehicle={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
