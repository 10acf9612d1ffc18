import { useState } from 'react';
import { MapPin } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { VEHICLE_CONDITION_LABELS, type Trip, type TripStatus } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { formatRange } from '@/lib/zoned-time.ts';
import { Chip, type Tone } from '@/components/Chip.tsx';
import { approveTrip, cancelTrip, useRefreshResources } from './resources-api.ts';
import { failureMessage, sortTrips, TRIP_STATUS_LABELS } from './resource-rules.ts';
import { CompleteTripDialog, RejectTripDialog } from './TripDialogs.tsx';
import { LazyTripPointMap } from './lazy-trip-point-map.tsx';
import { fullName } from '@/lib/full-name.ts';
import { currentIntlTag } from '@/lib/i18n.ts';

const STATUS_TONES: Record<TripStatus, Tone> = {
  pending: 'warning',
  approved: 'brand',
  rejected: 'danger',
  completed: 'success',
  cancelled: 'neutral',
};

interface TripListProps {
  trips: readonly Trip[];
  /** Admin: approve and reject pending requests; both may cancel and complete. */
  asAdmin: boolean;
}

/** Trips, pending first, with the actions their status allows. */
export function TripList({ trips, asAdmin }: TripListProps) {
  const { t } = useLingui();
  const timeZone = usePublicSettings().data?.timezone;
  const refresh = useRefreshResources();
  const [rejecting, setRejecting] = useState<Trip | null>(null);
  const [completing, setCompleting] = useState<Trip | null>(null);
  const [cancelling, setCancelling] = useState<Trip | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [mapOf, setMapOf] = useState<string | null>(null);
  const cancellingTo = cancelling?.destination ?? '';

  async function run(trip: Trip, call: () => Promise<unknown>, done: string, fallback: string) {
    setBusy(trip._id);
    try {
      await call();
      notify.success(done);
    } catch (error) {
      notify.error(failureMessage(error, fallback));
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={asAdmin ? t`Trips` : t`My trips`}>
        {sortTrips(trips).map((trip) => {
          const { purpose, rejectionReason } = trip;
          const km = (value: number) => value.toLocaleString(currentIntlTag());
          const startKm = km(trip.startOdometer);
          const endKm = trip.endOdometer !== null ? km(trip.endOdometer) : '';
          const driven = trip.distance !== null ? km(trip.distance) : '';
          const decider = trip.decidedBy ? fullName(trip.decidedBy) : '';
          return (
            <li key={trip._id} className="card p-4" data-testid="trip-row" data-status={trip.status}>
              <div className="flex flex-wrap items-start gap-2">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold">{trip.purpose}</p>
                  <p className="flex items-start gap-1 text-sm text-ink-soft">
                    <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                    <span>
                      <span className="sr-only">{t`Destination:`} </span>
                      {trip.destination}
                      {trip.destinationPoint && (
                        <button
                          type="button"
                          className="ml-2 font-semibold text-brand-600 underline"
                          aria-expanded={mapOf === trip._id}
                          onClick={() => setMapOf(mapOf === trip._id ? null : trip._id)}
                        >
                          {mapOf === trip._id ? t`Hide map` : t`Show on map`}
                        </button>
                      )}
                    </span>
                  </p>
                  <p className="text-sm text-muted">
                    {trip.vehicle.name} <span className="font-mono">({trip.vehicle.plate})</span>
                    {asAdmin && ` · ${fullName(trip.driver)}`}
                  </p>
                  <p className="text-sm text-ink-soft">{formatRange(trip.startsAt, trip.endsAt, timeZone)}</p>
                </div>
                <Chip tone={STATUS_TONES[trip.status]}>{t(TRIP_STATUS_LABELS[trip.status])}</Chip>
              </div>
              {trip.destinationPoint && mapOf === trip._id && (
                <div className="mt-3">
                  <LazyTripPointMap label={t`Map: where the trip goes (${purpose})`} point={trip.destinationPoint} />
                </div>
              )}
              <p className="mt-2 text-sm text-ink-soft tabular-nums">
                {endKm ? (
                  <Trans>
                    Odometer {startKm} km → {endKm} km
                  </Trans>
                ) : (
                  <Trans>Odometer {startKm} km</Trans>
                )}
                {trip.distance !== null && (
                  <strong>
                    {' '}
                    · <Trans>{driven} km driven</Trans>
                  </strong>
                )}
                {trip.condition && ` · ${VEHICLE_CONDITION_LABELS[trip.condition]}`}
              </p>
              {rejectionReason && (
                <p className="mt-1 text-sm text-danger">
                  <Trans>Rejected: {rejectionReason}</Trans>
                </p>
              )}
              {trip.notes && <p className="mt-1 text-sm text-ink-soft">“{trip.notes}”</p>}
              {trip.decidedBy && trip.status !== 'pending' && (
                <p className="mt-1 text-xs text-muted">
                  {trip.status === 'rejected' ? (
                    <Trans>Rejected by {decider}</Trans>
                  ) : (
                    <Trans>Approved by {decider}</Trans>
                  )}
                </p>
              )}
              {(trip.status === 'pending' || trip.status === 'approved') && (
                <div className="mt-3 flex flex-wrap justify-end gap-2">
                  <button
                    type="button"
                    className="btn btn-ghost min-h-9 px-3"
                    disabled={busy === trip._id}
                    onClick={() => setCancelling(trip)}
                  >
                    <Trans>Cancel trip</Trans>
                  </button>
                  {asAdmin && trip.status === 'pending' && (
                    <>
                      <button
                        type="button"
                        className="btn btn-secondary min-h-9 px-3"
                        disabled={busy === trip._id}
                        onClick={() => setRejecting(trip)}
                      >
                        <Trans>Reject</Trans>
                      </button>
                      <button
                        type="button"
                        className="btn btn-primary min-h-9 px-3"
                        disabled={busy === trip._id}
                        onClick={() =>
                          void run(
                            trip,
                            () => approveTrip(trip._id),
                            t`Trip approved`,
                            t`Error approving the trip. Please try again.`,
                          )
                        }
                      >
                        {busy === trip._id ? t`Approving…` : t`Approve`}
                      </button>
                    </>
                  )}
                  {trip.status === 'approved' && (
                    <button
                      type="button"
                      className="btn btn-primary min-h-9 px-3"
                      disabled={busy === trip._id}
                      onClick={() => setCompleting(trip)}
                    >
                      <Trans>Complete trip</Trans>
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {rejecting && <RejectTripDialog trip={rejecting} onClose={() => setRejecting(null)} />}
      {completing && <CompleteTripDialog trip={completing} onClose={() => setCompleting(null)} />}
      <ConfirmDialog
        open={cancelling !== null}
        message={cancelling ? t`Cancel the trip to ${cancellingTo}?` : ''}
        confirmLabel={t`Cancel trip`}
        cancelLabel={t`Keep it`}
        onConfirm={() => {
          const trip = cancelling;
          setCancelling(null);
          if (trip)
            void run(
              trip,
              () => cancelTrip(trip._id),
              t`Trip cancelled`,
              t`Error cancelling the trip. Please try again.`,
            );
        }}
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}
