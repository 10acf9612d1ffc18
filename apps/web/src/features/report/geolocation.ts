import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface Fix {
  lat: number;
  lng: number;
  /** Metres, as the device reports it. */
  accuracy?: number;
}

export type LocateFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** Its message is in the language on screen when the position was asked for. */
export class LocateError extends Error {
  constructor(readonly reason: LocateFailure) {
    super(i18n._(LOCATE_MESSAGES[reason]));
    this.name = 'LocateError';
  }
}

const LOCATE_MESSAGES: Record<LocateFailure, MessageDescriptor> = {
  denied: msg`Your phone did not allow us to use your location. Put a pin on the map instead.`,
  unavailable: msg`Your phone could not find your location. Put a pin on the map instead.`,
  timeout: msg`Finding your location took too long. Put a pin on the map instead.`,
  unsupported: msg`This browser cannot share your location. Put a pin on the map instead.`,
};

/** A slow phone indoors may need a while for a first fix; past this, the map is the faster way. */
const LOCATE_TIMEOUT_MS = 20_000;

/** The device's current position, once. Rejects with a LocateError. */
export function locate(): Promise<Fix> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocateError('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const accuracy = Number.isFinite(position.coords.accuracy)
          ? Math.min(100_000, Math.max(0, position.coords.accuracy))
          : undefined;
        resolve({ lat: position.coords.latitude, lng: position.coords.longitude, accuracy });
      },
      (error) => {
        const reason: LocateFailure =
          error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable';
        reject(new LocateError(reason));
      },
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 30_000 },
    );
  });
}
