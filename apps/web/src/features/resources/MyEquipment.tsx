import { useState } from 'react';
import { AlertTriangle, Car, Plus } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { INVENTORY_CATEGORY_LABELS, VEHICLE_TYPE_LABELS, type Vehicle } from '@bantay/shared';
import { storedUserId } from '@/lib/storage.ts';
import { LoanDialog } from './LoanDialog.tsx';
import { LoanList } from './LoanList.tsx';
import { Chip } from '@/components/Chip.tsx';
import { QueryState } from '@/components/QueryState.tsx';
import { Thumb } from '@/components/Thumb.tsx';
import { useInventory, useLoans, useLoanUpdates, useTrips, useTripUpdates, useVehicles } from './resources-api.ts';
import { isOverdue, VEHICLE_STATUS_LABELS } from './resource-rules.ts';
import { TripRequestDialog } from './TripDialogs.tsx';
import { TripList } from './TripList.tsx';
import { VEHICLE_STATUS_TONES } from './VehiclesTab.tsx';
import { SearchField } from '@/components/form/SearchField.tsx';
import { currentIntlTag } from '@/lib/i18n.ts';

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={id} className="flex-1 text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * Tanod `/Equipments` (docs/product.md §4.8): my loans first (overdue in red) with Return, the items I
 * can borrow, then my vehicles, trip requests and trips.
 */
export function MyEquipment() {
  const { t } = useLingui();
  useLoanUpdates();
  useTripUpdates();
  const me = storedUserId() ?? undefined;
  const loans = useLoans({ borrowerId: me });
  const items = useInventory();
  const vehicles = useVehicles();
  const trips = useTrips({ driverId: me });
  const [borrowing, setBorrowing] = useState<string | null>(null);
  const [requesting, setRequesting] = useState<Vehicle | null>(null);
  const [search, setSearch] = useState('');

  const openLoans = (loans.data ?? []).filter((loan) => !loan.returnedAt);
  const overdueCount = openLoans.filter((loan) => isOverdue(loan)).length;
  const myVehicles = (vehicles.data ?? []).filter((vehicle) => vehicle.drivers.some((driver) => driver._id === me));

  return (
    <div className="flex flex-col gap-8">
      <Section id="my-loans" title={t`My loans`}>
        {overdueCount > 0 && (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-semibold text-danger"
          >
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            <Plural
              value={overdueCount}
              one="# item is overdue. Please return it."
              other="# items are overdue. Please return them."
            />
          </p>
        )}
        <QueryState
          query={loans}
          loadingLabel={t`Loading your loans…`}
          errorText={t`Error loading your loans.`}
          isEmpty={() => openLoans.length === 0}
          empty={t`You have nothing on loan.`}
        >
          {() => <LoanList loans={openLoans} asAdmin={false} />}
        </QueryState>
      </Section>

      <Section id="borrow" title={t`Borrow equipment`}>
        <SearchField
          label={t`Search equipment`}
          placeholder={t`Search equipment...`}
          value={search}
          onChange={setSearch}
        />
        <QueryState
          query={items}
          loadingLabel={t`Loading equipment…`}
          errorText={t`Error loading the equipment.`}
          isEmpty={(list) => list.length === 0}
          empty={t`The barangay has no equipment listed yet.`}
        >
          {(list) => {
            // The whole list is small (a barangay's store), so it is filtered here, as the user types.
            const needle = search.trim().toLowerCase();
            const shown = needle ? list.filter((item) => item.name.toLowerCase().includes(needle)) : list;
            if (shown.length === 0)
              return (
                <p className="py-4 text-center text-sm text-muted">
                  <Trans>No equipment matches your search.</Trans>
                </p>
              );
            return (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={t`Equipment`}>
                {shown.map((item) => {
                  const { name, available, total } = item;
                  return (
                    <li
                      key={item._id}
                      className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3"
                      data-testid="borrow-item"
                    >
                      <Thumb image={item.image} category={item.category} size={48} />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{item.name}</p>
                        <p className="text-xs text-muted">{INVENTORY_CATEGORY_LABELS[item.category]}</p>
                        <p className={`text-sm ${item.available === 0 ? 'text-muted' : 'text-ink-soft'}`}>
                          {available === 0 ? t`None available` : t`${available} of ${total} available`}
                        </p>
                      </div>
                      <button
                        type="button"
                        className="btn btn-secondary min-h-9 px-3"
                        disabled={item.available === 0}
                        // Its own id: the name must hold the button's word (WCAG 2.5.3), "Humiram" in Filipino.
                        aria-label={t({ id: 'equipment.borrow-named', message: `Borrow ${name}` })}
                        onClick={() => setBorrowing(item._id)}
                      >
                        <Trans>Borrow</Trans>
                      </button>
                    </li>
                  );
                })}
              </ul>
            );
          }}
        </QueryState>
      </Section>

      <Section id="my-vehicles" title={t`My vehicles`}>
        <QueryState
          query={vehicles}
          loadingLabel={t`Loading vehicles…`}
          errorText={t`Error loading the vehicles.`}
          isEmpty={() => myVehicles.length === 0}
          empty={t`You are not assigned to drive a vehicle.`}
        >
          {() => (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t`My vehicles`}>
              {myVehicles.map((vehicle) => {
                const name = vehicle.name;
                return (
                  <li
                    key={vehicle._id}
                    className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface p-3"
                  >
                    <Thumb image={vehicle.image} size={48} />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{vehicle.name}</p>
                      <p className="text-xs text-muted">
                        <span className="font-mono">{vehicle.plate}</span> · {VEHICLE_TYPE_LABELS[vehicle.type]} ·{' '}
                        {vehicle.odometer.toLocaleString(currentIntlTag())} km
                      </p>
                      <div className="mt-1">
                        <Chip tone={VEHICLE_STATUS_TONES[vehicle.status]}>
                          {t(VEHICLE_STATUS_LABELS[vehicle.status])}
                        </Chip>
                      </div>
                    </div>
                    <button
                      type="button"
                      className="btn btn-secondary min-h-9 px-3"
                      disabled={vehicle.status === 'maintenance' || vehicle.status === 'out_of_service'}
                      aria-label={t`Request a trip with ${name}`}
                      onClick={() => setRequesting(vehicle)}
                    >
                      <Car className="h-4 w-4" aria-hidden="true" /> <Trans>Request a trip</Trans>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </Section>

      <Section
        id="my-trips"
        title={t`My trips`}
        action={
          myVehicles.length > 0 && (
            <button type="button" className="btn btn-ghost min-h-9 px-3" onClick={() => setRequesting(myVehicles[0]!)}>
              <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>New request</Trans>
            </button>
          )
        }
      >
        <QueryState
          query={trips}
          loadingLabel={t`Loading your trips…`}
          errorText={t`Error loading your trips.`}
          isEmpty={(list) => list.length === 0}
          empty={t`No trips yet.`}
        >
          {(list) => <TripList trips={list} asAdmin={false} />}
        </QueryState>
      </Section>

      {borrowing && <LoanDialog issuing={false} itemId={borrowing} onClose={() => setBorrowing(null)} />}
      {requesting && (
        <TripRequestDialog vehicles={myVehicles} vehicleId={requesting._id} onClose={() => setRequesting(null)} />
      )}
    </div>
  );
}
