import { Component, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { Crosshair, MapPin } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicSettings, ReportLocation } from '@bantay/shared';
import { locate, LocateError } from './geolocation.ts';
import { checkPin, type PinPoint } from './report-rules.ts';

const loadMap = () => import('./ReportMap.tsx');
const ReportMap = lazyWithRetry(loadMap);

/** Fetches the map's code ahead of time (the wizard does it while the reporter types). */
export function preloadMap(): void {
  void loadMap().catch(() => {
    // The picker shows its own error if the map is needed and still cannot load.
  });
}

class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="rounded-lg border border-line bg-surface-2 p-4 text-sm">
        <Trans>The map could not load. Check your connection and reload the page, or use your current position.</Trans>
      </p>
    );
  }
}

function MapPlaceholder() {
  return (
    <div className="flex h-72 w-full items-center justify-center rounded-xl border border-line bg-surface-2 text-sm text-muted sm:h-96">
      <Trans>Loading the map…</Trans>
    </div>
  );
}

export interface LocationPickerProps {
  settings: PublicSettings | undefined;
  value: ReportLocation | null;
  onChange(location: ReportLocation | null): void;
  /** A message about the location from the form or the server (e.g. outside the boundary). */
  error?: string;
  /** The emergency screen asks for the position at once and shows the map only when needed. */
  emergency?: boolean;
}

const fixed = (value: number) => value.toFixed(5);

/**
 * Where it happened: the phone's position, or a pin dropped or dragged on the map. A point outside
 * the barangay is refused here, with the reason, before the server ever sees it.
 */
export function LocationPicker({ settings, value, onChange, error, emergency = false }: LocationPickerProps) {
  const { t } = useLingui();
  const id = useId();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [mapOpen, setMapOpen] = useState(!emergency);
  const [source, setSource] = useState<'gps' | 'map' | null>(value ? 'map' : null);
  const asked = useRef(false);
  const barangay = settings?.name ?? t`the barangay`;

  const accept = useCallback(
    (point: PinPoint, accuracy: number | undefined, from: 'gps' | 'map'): boolean => {
      const check = checkPin(point, settings?.boundary, barangay);
      if (check !== true) {
        setProblem(check);
        return false;
      }
      setProblem(null);
      setSource(from);
      onChange({
        lat: point.lat,
        lng: point.lng,
        ...(accuracy !== undefined ? { accuracy: Math.round(accuracy) } : {}),
      });
      return true;
    },
    [settings?.boundary, barangay, onChange],
  );

  const findMyPosition = useCallback(async () => {
    setLocating(true);
    setProblem(null);
    try {
      const fix = await locate();
      if (!accept(fix, fix.accuracy, 'gps')) {
        setProblem(t`Your position seems to be outside ${barangay}. Put the pin on the map where it happened.`);
        setMapOpen(true);
      }
    } catch (failure) {
      setProblem(
        failure instanceof LocateError
          ? failure.message
          : t`Your location could not be read. Put a pin on the map instead.`,
      );
      setMapOpen(true);
    } finally {
      setLocating(false);
    }
  }, [accept, barangay, t]);

  // The emergency screen asks at once; the boundary must be known first to judge the answer.
  useEffect(() => {
    if (!emergency || asked.current || !settings || value) return;
    asked.current = true;
    void findMyPosition();
  }, [emergency, settings, value, findMyPosition]);

  // The picker's own refusal (a pin outside, no GPS) and the form's or server's message can both
  // apply, e.g. a refused pin and then Next: show each once.
  const messages = [problem, error].filter((text, index, all): text is string => !!text && all.indexOf(text) === index);
  // A place the server refused must be corrected on the map, even on the emergency screen.
  const showMap = mapOpen || Boolean(error);
  const accuracy = value?.accuracy;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          className="btn btn-primary sm:flex-1"
          onClick={() => void findMyPosition()}
          disabled={locating || !settings}
        >
          <Crosshair className="h-5 w-5" aria-hidden="true" />
          {locating
            ? t`Finding your position…`
            : value && source === 'gps'
              ? t`Find my position again`
              : t`Use my current position`}
        </button>
        {!showMap && (
          <button type="button" className="btn btn-secondary sm:flex-1" onClick={() => setMapOpen(true)}>
            <MapPin className="h-5 w-5" aria-hidden="true" />
            <Trans>Choose on the map</Trans>
          </button>
        )}
      </div>

      <p className="text-sm" role="status" aria-live="polite">
        {value ? (
          <span className="flex items-start gap-1.5">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
            <span>
              <span className="font-medium text-success">
                {source === 'gps'
                  ? accuracy
                    ? t`Your position is set (within about ${accuracy} m).`
                    : t`Your position is set.`
                  : t`The pin is set.`}
              </span>{' '}
              <span className="whitespace-nowrap text-muted">
                {fixed(value.lat)}, {fixed(value.lng)}
              </span>
            </span>
          </span>
        ) : locating ? (
          <span className="text-muted">
            <Trans>Asking your phone for its position…</Trans>
          </span>
        ) : (
          <span className="text-muted">
            {showMap ? t`Tap the map where it happened, or use your position.` : t`No location yet.`}
          </span>
        )}
      </p>

      {messages.length > 0 && (
        <div
          id={`${id}-problem`}
          role="alert"
          className="flex flex-col gap-1 rounded-lg bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
        >
          {messages.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}

      {showMap && settings && (
        <MapErrorBoundary>
          <Suspense fallback={<MapPlaceholder />}>
            <ReportMap
              settings={settings}
              pin={value}
              onPick={(point) => accept(point, undefined, 'map')}
              label={t`Map of ${barangay}: tap to put the pin where it happened, drag the pin to move it`}
            />
          </Suspense>
        </MapErrorBoundary>
      )}
      {showMap && !settings && <MapPlaceholder />}
    </div>
  );
}
