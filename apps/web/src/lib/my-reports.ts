import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { t } from '@lingui/core/macro';
import type { MyReport, MyReportList } from '@bantay/shared';
import { api, ApiError } from './api-client.ts';
import { resumePushAlerts } from './push-record.ts';
import { dropResidentSession, readResidentSession, type ResidentSession } from './resident-session.ts';
import { notify } from './toast.ts';

/**
 * The signed-in resident's reports (`GET /api/residents/me/reports`), fetched once per page load
 * and shared: the public frame uses the call to learn whether the server still accepts the token,
 * and the landing page shows the list from the same answer.
 */
type MyReportsState =
  | { token: string; status: 'loading'; reports: MyReport[] | null }
  | { token: string; status: 'ready'; reports: MyReport[] }
  | { token: string; status: 'error'; reports: MyReport[] | null; message: string };

/** docs/product.md §A8: the text of a session the server refused, in the language on screen. */
const sessionExpiredText = (): string => t`Session expired. Please log in again.`;

let state: MyReportsState | null = null;
let inFlight: { token: string; promise: Promise<void> } | null = null;
const listeners = new Set<() => void>();

function set(next: MyReportsState | null) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fetches the list for `token`; a 401 signs the resident out here (the token is dead). */
export function loadMyReports(token: string): Promise<void> {
  if (inFlight?.token === token) return inFlight.promise;
  const previous = state?.token === token ? state.reports : null;
  set({ token, status: 'loading', reports: previous });
  const promise = api<MyReportList>('/api/residents/me/reports', { token })
    .then((list) => {
      if (inFlight?.token === token) set({ token, status: 'ready', reports: list.reports });
      // The server accepted the resident's token: alerts they had here before come back (lib/push-record.ts).
      const session = readResidentSession();
      resumePushAlerts(session?.token === token ? session.userId : null, token);
    })
    .catch((error: unknown) => {
      if (inFlight?.token !== token) return;
      if (error instanceof ApiError && error.status === 401) {
        set(null);
        dropResidentSession();
        notify.error(sessionExpiredText());
        return;
      }
      const message = error instanceof ApiError && error.isNetwork ? error.message : t`Your reports could not be loaded. Please try again.`;
      set({ token, status: 'error', reports: previous, message });
    })
    .finally(() => {
      if (inFlight?.token === token) inFlight = null;
    });
  inFlight = { token, promise };
  return promise;
}

/** Forgets the list (the resident signed out). */
export function forgetMyReports(): void {
  inFlight = null;
  set(null);
}

interface UseMyReportsOptions {
  /** Fetch again even when this page load already has the list (the landing page, after a new report). */
  refresh?: boolean;
}

/**
 * The list for the signed-in resident, fetching it when this page load has none yet. With no
 * resident, nothing is fetched and the answer is null.
 */
export function useMyReports(session: ResidentSession | null, { refresh = false }: UseMyReportsOptions = {}) {
  const current = useSyncExternalStore(subscribe, () => state, () => null);
  const token = session?.token ?? null;

  useEffect(() => {
    if (!token) {
      if (state) forgetMyReports();
      return;
    }
    // The token of this render may already have been refused and dropped by another caller.
    if (readResidentSession()?.token !== token) return;
    if (refresh || state?.token !== token) void loadMyReports(token);
  }, [token, refresh]);

  const reload = useCallback(() => {
    if (token) void loadMyReports(token);
  }, [token]);

  return { state: current && current.token === token ? current : null, reload };
}
