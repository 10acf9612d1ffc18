import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { Phone, Siren, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentDetail } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useSocketEvent } from '@/lib/realtime.tsx';
import { useSession } from '@/lib/session.tsx';
import { formatPhoneForDisplay } from '@/lib/phone.ts';
import { callbackNumber } from './incident-format.ts';
import { INCIDENTS_KEY } from './incidents-api.ts';
import { playAlertSound, unlockAlertSound } from './alert-sound.ts';
import { incidentTypeLabel } from '@bantay/shared';

/** Where staff handle an incident: the tanod's patrol map, the admin's tracking page. */
function incidentPagePath(userType: string | null, id: string): string {
  const page = userType === 'tanod' ? '/Patrolmap' : '/Patrol&incidenttracking';
  return `${page}?incident=${encodeURIComponent(id)}`;
}

type Alert = Pick<IncidentDetail, '_id' | 'ticket' | 'type' | 'address' | 'landmark' | 'source' | 'reporter'>;

/**
 * Live incidents on every staff page. Any incident event refreshes the open incident
 * screens; a new emergency also rings and shows a red banner until someone takes it or the user
 * dismisses it. Mounted once, in the staff layout.
 */
export function IncidentAlerts() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { userType } = useSession();
  const [alerts, setAlerts] = useState<Alert[]>([]);

  useEffect(() => {
    const unlock = () => unlockAlertSound();
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, []);

  useSocketEvent('incident:created', (event) => {
    void queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY });
    // A report held in an emergency burst: its group's first report rang already.
    if (event.classification !== 'emergency' || event.grouped) return;
    playAlertSound();
    api<IncidentDetail>(`/api/incidents/${encodeURIComponent(event._id)}`).then(
      (incident) => setAlerts((current) => [incident, ...current.filter((alert) => alert._id !== incident._id)]),
      (error: unknown) => console.error('Could not load the new emergency', error),
    );
  });

  useSocketEvent('incident:updated', (event) => {
    void queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY });
    // Someone took the emergency (or closed it): the alarm is over for everyone else.
    setAlerts((current) => current.filter((alert) => alert._id !== event._id));
  });

  if (alerts.length === 0) return null;
  const [latest, ...older] = alerts;
  const more = older.length;
  const dismiss = (id: string) => setAlerts((current) => current.filter((alert) => alert._id !== id));
  // A missed-call SOS (docs/decisions/032-the-text-line.md): the caller is one tap away.
  const callBack = callbackNumber(latest!);
  const callBackShown = callBack ? formatPhoneForDisplay(callBack) : '';
  return (
    <div role="alert" data-testid="emergency-banner" className="sticky top-16 z-30 -mx-4 -mt-4 mb-4 sm:-mx-6 sm:-mt-6">
      <div className="flex flex-wrap items-center gap-3 bg-red-700 px-4 py-3 text-white shadow-lg sm:px-6">
        <Siren className="h-6 w-6 shrink-0 animate-pulse motion-reduce:animate-none" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          <span className="block text-sm font-bold uppercase tracking-wide">
            <Trans>New emergency</Trans>
          </span>
          <span className="block font-semibold">
            {incidentTypeLabel(latest!.type)} · {latest!.ticket}
            {latest!.address || latest!.landmark ? ` · ${[latest!.address, latest!.landmark].filter(Boolean).join(', ')}` : ''}
          </span>
          {more > 0 && (
            <span className="block text-sm opacity-90">
              <Trans>and {more} more</Trans>
            </span>
          )}
        </p>
        {callBack && (
          // Last and full width on a phone: the one tap that matters, never squeezing the alert's words.
          <a
            className="btn order-last w-full bg-white text-red-800 hover:bg-red-50 sm:order-none sm:w-auto"
            href={`tel:${callBack}`}
            data-testid="emergency-call-back"
          >
            <Phone className="h-4 w-4" aria-hidden="true" />
            <Trans>Call back {callBackShown}</Trans>
          </a>
        )}
        <button
          type="button"
          className="btn bg-white text-red-800 hover:bg-red-50"
          onClick={() => {
            dismiss(latest!._id);
            navigate(incidentPagePath(userType, latest!._id));
          }}
        >
          <Trans>Open</Trans>
        </button>
        <button type="button" className="icon-btn text-white hover:bg-red-800 hover:text-white" aria-label={t`Dismiss the alert`} onClick={() => dismiss(latest!._id)}>
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
