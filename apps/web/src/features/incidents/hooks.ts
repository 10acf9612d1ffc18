import { useEffect, useState } from 'react';

export interface DevicePosition {
  lat: number;
  lng: number;
}

/**
 * The device's position, rounded to about 100 m, to sort the queue nearest first. It is only sent
 * as the list's `near` filter and never stored (tracking is the patrols' business, with its own
 * consent). Null while unknown or refused: the queue then sorts emergencies first, oldest first.
 */
export function useDevicePosition(): DevicePosition | null {
  const [position, setPosition] = useState<DevicePosition | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    const round = (value: number) => Math.round(value * 1000) / 1000;
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        const next = { lat: round(fix.coords.latitude), lng: round(fix.coords.longitude) };
        setPosition((current) => (current && current.lat === next.lat && current.lng === next.lng ? current : next));
      },
      () => setPosition(null),
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, []);
  return position;
}
