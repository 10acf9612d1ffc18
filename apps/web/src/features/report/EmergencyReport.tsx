import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  CarFront,
  Check,
  CircleAlert,
  CloudLightning,
  Flame,
  HeartPulse,
  ShieldAlert,
  Siren,
  type LucideIcon,
} from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReportLocation } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { solveBotCheck, takeSolvedAhead } from '@/lib/bot-check.ts';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';
import { residentToken, userIdFromToken } from '@/lib/storage.ts';
import { LocationPicker } from './LocationPicker.tsx';
import {
  fetchResidentContact,
  isLostConnection,
  submitErrorMessage,
  submitReport,
  type ReportBody,
  type ResidentContact,
} from './report-api.ts';
import { newReportId, reportOutbox } from './report-outbox.ts';
import { Hotlines } from './report-parts.tsx';
import { emergencyTypes } from './report-rules.ts';
import { ReportDone, type SentReport } from './ReportDone.tsx';
import { incidentTypeLabel } from '@bantay/shared';
import { FormAlert } from '@/components/FormAlert.tsx';

const ICONS: Record<string, LucideIcon> = {
  fire: Flame,
  'medical emergency': HeartPulse,
  'crime in progress': ShieldAlert,
  'natural disaster': CloudLightning,
  accident: CarFront,
};

const LINE_MAX = 300;

/** Starts the invisible bot-check now, so Send does not wait for it on a slow phone. */
function preSolve(): Promise<string> {
  const pending = solveBotCheck();
  pending.catch(() => {
    // submitReport solves again if this one failed.
  });
  return pending;
}

/**
 * `/Reportincidents?emergency=1`: the fastest report. It asks for the position at
 * once, offers the emergency types as big buttons and one optional line, and sends with
 * classification emergency. The map's code is fetched only if the phone gives no usable position.
 */
export function EmergencyReport() {
  const { t } = useLingui();
  const id = useId();
  const { data: settings } = usePublicSettings();
  const [chosen, setChosen] = useState<string | null>(null);
  const [line, setLine] = useState('');
  const [location, setLocation] = useState<ReportLocation | null>(null);
  const [locationError, setLocationError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<SentReport | null>(null);
  const [resident, setResident] = useState<ResidentContact | null>(null);
  const botCheck = useRef<Promise<string> | null>(null);

  const choices = emergencyTypes(settings?.incidentTypes);
  const type = chosen && choices.includes(chosen) ? chosen : null;
  // After a Send with something missing, say what is still missing (and stop once it is given).
  const missing = !tried
    ? null
    : !type
      ? t`Choose what is happening.`
      : !location
        ? t`We still need your location: allow it, or put a pin on the map.`
        : null;

  useEffect(() => {
    // Started as the screen was asked for (src/app/router.tsx), or now.
    botCheck.current = takeSolvedAhead() ?? preSolve();
    const controller = new AbortController();
    void fetchResidentContact(controller.signal).then((contact) => {
      if (!controller.signal.aborted) setResident(contact);
    });
    return () => controller.abort();
  }, []);

  async function send() {
    if (!type || !location) {
      setTried(true);
      return;
    }
    setError(null);
    setBusy(true);
    const pending = botCheck.current ?? undefined;
    botCheck.current = null;
    const madeAt = new Date().toISOString();
    const body: ReportBody = {
      type,
      classification: 'emergency',
      description: line.trim(),
      occurredAt: madeAt,
      location,
      photoIds: [],
      clientId: newReportId(),
    };
    const clientId = body.clientId!;
    // Kept on the phone first: if the answer never comes, the report page shows it waiting and
    // sends it again by itself (report-outbox.ts).
    const token = residentToken();
    reportOutbox.hold({ clientId, body, photos: [], residentId: token && userIdFromToken(token), phone: resident?.phone || undefined, madeAt });
    try {
      const { ticket } = await submitReport(body, pending);
      void reportOutbox.settle(clientId, 'sent');
      setSent({
        ticket,
        type,
        classification: 'emergency',
        reportedAt: new Date(),
        phone: resident?.phone || undefined,
      });
    } catch (failure) {
      if (isLostConnection(failure)) {
        void reportOutbox.settle(clientId, 'lost');
        return;
      }
      void reportOutbox.settle(clientId, 'refused');
      botCheck.current = preSolve();
      const locationField =
        failure instanceof ApiError ? failure.fields.find((field) => field.field.startsWith('location')) : undefined;
      if (locationField) setLocationError(locationField.message);
      else setError(submitErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  function another() {
    setSent(null);
    setTried(false);
    setChosen(null);
    setLine('');
    botCheck.current = preSolve();
  }

  const barangay = settings?.name ?? BRAND_NAME;
  if (sent) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 dark:[color-scheme:dark]">
        <title>{t`Emergency report sent · ${barangay}`}</title>
        <ReportDone sent={sent} settings={settings} onAnother={another} />
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 dark:[color-scheme:dark]">
      <title>{t`Emergency · ${barangay}`}</title>
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-red-700 text-white">
          <Siren className="h-6 w-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-red-700 dark:text-red-400">
            <Trans>Emergency report</Trans>
          </h1>
          <p className="text-sm text-ink-soft">
            <Trans>Alerts the tanods on duty and the barangay at once.</Trans>{' '}
            {settings && settings.hotlines.length > 0 && (
              <a href="#hotlines" className="font-medium text-brand-600 underline dark:text-brand-100">
                <Trans>Or call a hotline</Trans>
              </a>
            )}
          </p>
        </div>
      </div>

      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <fieldset>
          <legend className="mb-2 font-semibold">
            <Trans>1. What is happening?</Trans>
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {choices.map((name) => {
              const Icon = ICONS[name.trim().toLowerCase()] ?? CircleAlert;
              const pressed = type === name;
              return (
                <button
                  key={name}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => {
                    setChosen(name);
                  }}
                  className={`relative flex min-h-24 flex-col items-center justify-center gap-2 rounded-xl border-2 p-3 text-center text-base font-semibold transition-colors ${
                    pressed
                      ? 'border-red-700 bg-red-700 text-white'
                      : 'border-line bg-surface text-ink hover:border-red-700'
                  }`}
                >
                  <Icon
                    className={`h-8 w-8 ${pressed ? 'text-white' : 'text-red-700 dark:text-red-400'}`}
                    aria-hidden="true"
                  />
                  {incidentTypeLabel(name)}
                  {pressed && (
                    <span className="absolute right-2 top-2 flex h-6 w-6 items-center justify-center rounded-full bg-white text-red-700">
                      <Check className="h-4 w-4" aria-hidden="true" />
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        </fieldset>

        <section aria-labelledby={`${id}-where`} className="flex flex-col gap-2">
          <h2 id={`${id}-where`} className="font-semibold">
            <Trans>2. Where are you?</Trans>
          </h2>
          <LocationPicker
            settings={settings}
            value={location}
            onChange={(next) => {
              setLocation(next);
              setLocationError(undefined);
            }}
            error={locationError}
            emergency
          />
        </section>

        <div>
          <label htmlFor={`${id}-line`} className="mb-1.5 block font-semibold">
            <Trans>
              3. Anything else? <span className="font-normal text-muted">(optional)</span>
            </Trans>
          </label>
          <input
            id={`${id}-line`}
            className="input"
            value={line}
            maxLength={LINE_MAX}
            placeholder={t`e.g. two people hurt, the house at the corner`}
            onChange={(event) => setLine(event.target.value)}
          />
        </div>

        <FormAlert message={missing || error} />

        <button
          type="submit"
          className="btn min-h-14 w-full bg-red-700 text-lg text-white hover:bg-red-800"
          disabled={busy}
        >
          <Siren className="h-6 w-6" aria-hidden="true" />
          {busy ? t`Sending…` : t`Send emergency report`}
        </button>
        <p className="sr-only" role="status" aria-live="polite">
          {busy ? t`Sending the emergency report` : ''}
        </p>
      </form>

      {settings && <Hotlines id="hotlines" hotlines={settings.hotlines} title={t`Call for help`} tone="urgent" />}
      <p className="text-center text-sm text-muted">
        <Trans>
          Not urgent?{' '}
          <Link
            to="/Reportincidents"
            className="inline-flex min-h-11 items-center font-medium text-brand-600 underline dark:text-brand-100"
          >
            Make a normal report
          </Link>
        </Trans>
      </p>
    </div>
  );
}
