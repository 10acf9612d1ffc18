import { useMemo } from 'react';
import L from 'leaflet';
import { useLingui } from '@lingui/react/macro';
import type { LivePosition } from '@bantay/shared';
import { useMarkerLayer, type MapMarker } from '@/components/map/use-marker-layer.ts';
import { isStale } from './stale.ts';
import './tanod-marker.css';
import { fullName } from '@/lib/full-name.ts';

/* eslint-disable lingui/no-unlocalized-strings -- the marker's HTML markup around a person's name, not prose */
const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function tanodIcon(position: LivePosition, stale: boolean, selected: boolean): L.DivIcon {
  const { firstName, lastName, profilePicture } = position.tanod;
  const initials = escapeHtml(`${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase());
  const photo = profilePicture ? `<img src="${escapeHtml(profilePicture)}" alt="">` : initials;
  const ring = position.patrolArea?.color ?? '#15803d';
  const classes = ['tanod-marker', stale ? 'tanod-marker-stale' : '', selected ? 'tanod-marker-selected' : ''].filter(Boolean).join(' ');
  return L.divIcon({
    className: classes,
    html:
      `<div class="tanod-marker-body" style="--ring:${escapeHtml(ring)}">` +
      `<span class="tanod-marker-photo">${photo}</span>` +
      `<span class="tanod-marker-name">${escapeHtml(`${firstName} ${lastName.charAt(0)}.`)}</span></div>`,
    iconSize: [110, 64],
    iconAnchor: [55, 22],
  });
}
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * A marker per tanod on patrol (docs/product.md §4.7): photo, name, a ring in the area's colour, grey when
 * the last point is older than 5 minutes. `now` ticks from the page so markers grey without a point.
 */
export function TanodMarkersLayer({
  positions,
  now,
  selectedId,
  onSelect,
}: {
  positions: LivePosition[];
  now: number;
  selectedId: string | null;
  onSelect(userId: string): void;
}) {
  const { t } = useLingui();
  const markers = useMemo<MapMarker[]>(
    () =>
      positions.map((position) => {
        const stale = isStale(position.at, now);
        const selected = position.userId === selectedId;
        const name = fullName(position.tanod);
        return {
          id: position.userId,
          lat: position.lat,
          lng: position.lng,
          icon: tanodIcon(position, stale, selected),
          title: stale ? t`${name} (no recent position)` : name,
          // People on patrol stay above incident and backup pins at the same spot.
          zIndexOffset: selected ? 2000 : stale ? 0 : 1000,
        };
      }),
    // `t` changes with the language, so the titles follow it.
    [positions, now, selectedId, t],
  );
  useMarkerLayer(markers, { onSelect });
  return null;
}
