import { useEffect, useSyncExternalStore } from 'react';
import type { PublicSettings } from '@bantay/shared';
import { api } from './api-client.ts';

/** The product's name, the same in every language: what a page shows until the barangay's name is known. */
export const BRAND_NAME = 'Bantay' as const;

/**
 * The barangay's public settings, shared by every component. The server puts them in the page as
 * a JSON data block, so the first render already has them (nothing shifts when they arrive);
 * without one (the Vite dev server) they are fetched once per page load. A tiny store instead of
 * a query library, so the public pages stay light (docs/product.md §8).
 */
let settings: PublicSettings | undefined = embeddedSettings();
let inFlight: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<void> {
  inFlight ??= api<PublicSettings>('/api/settings/public', { token: null })
    .then((value) => {
      settings = value;
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => {
      // Pages fall back to neutral names; the next mount tries again.
      console.error('Could not load the barangay settings', error);
      inFlight = undefined;
    });
  return inFlight;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fetches the settings again (after the supadmin changed the boundary, for example). */
export function reloadPublicSettings(): Promise<void> {
  inFlight = undefined;
  return load();
}

const currentSettings = () => settings;

export function usePublicSettings(): { data: PublicSettings | undefined } {
  // The server snapshot is the same: the pre-rendered landing page (decision 013) was rendered
  // from the settings the server embedded in that page, so hydration sees what was rendered.
  const data = useSyncExternalStore(subscribe, currentSettings, currentSettings);
  useEffect(() => {
    if (!settings) void load();
  }, []);
  return { data };
}

/** After the supadmin saves the settings: every open component shows the new values at once. */
export function replacePublicSettings(value: PublicSettings): void {
  settings = value;
  for (const listener of listeners) listener();
}

/** The settings the server embedded in the page (apps/server/src/http/web-app.ts), if any. */
function embeddedSettings(): PublicSettings | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('bantay-public-settings')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicSettings;
  } catch {
    return undefined;
  }
}
