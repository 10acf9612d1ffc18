import { useEffect, useRef, useState } from 'react';
import type { ReportLocation, ReverseGeocodeResult } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import type { DraftForm } from './draft-form.ts';

/** The pin usually moves a few times before it rests: ask once it has. */
const SETTLE_MS = 600;

/**
 * Fills the address field from the pin (`GET /api/geocode/reverse`, docs/decisions/018), while the
 * field is empty or still holds what this hook put there: what the reporter typed is never
 * replaced. Returns the address it last filled in (null when none), so the step can say where the
 * text came from while it is unchanged. A failed look-up changes nothing: typing always works.
 */
export function useReverseGeocode(location: ReportLocation | null, form: DraftForm): string | null {
  const lastFilled = useRef<string | null>(null);
  const [filled, setFilled] = useState<string | null>(null);
  const lat = location?.lat;
  const lng = location?.lng;

  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ lat: lat.toFixed(6), lng: lng.toFixed(6) });
      api<ReverseGeocodeResult>(`/api/geocode/reverse?${query}`, { token: null, signal: controller.signal })
        .then((place) => {
          const current = (form.getValues('address') ?? '').trim();
          const untouched = current === '' || current === lastFilled.current;
          if (!untouched) return;
          // A point with nothing known clears only what this hook itself filled in.
          const next = place.address ?? '';
          if (next === current) return;
          form.setValue('address', next);
          lastFilled.current = next || null;
          setFilled(next || null);
        })
        .catch(() => {
          // Offline, rate limited or aborted: the field stays as it is.
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The form object is stable for the wizard's life; only the point matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lat, lng]);

  return filled;
}
