/** One position fix for a backup request, or null when the phone will not give one in time. */
export function currentPosition(timeoutMs = 8000): Promise<{ lat: number; lng: number; accuracy?: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (fix) => resolve({ lat: fix.coords.latitude, lng: fix.coords.longitude, accuracy: Math.min(fix.coords.accuracy, 100_000) }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 30_000 },
    );
  });
}
