import { t } from '@lingui/core/macro';
import { ApiError, requestApi } from './api-request.ts';
import { storage } from './storage.ts';

/** Defined beside the plain request the service worker uses too (lib/api-request.ts). */
export { ApiError };

/** docs/product.md §A7: calls go to the configured API base; empty means the same origin. */
export const API_BASE: string = import.meta.env.VITE_API_URL ?? '';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Defaults to the stored token; pass null to send none. */
  token?: string | null;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const token = options.token === undefined ? storage.get('token') : options.token;
  try {
    return await requestApi<T>(API_BASE, path, { ...options, token }, t`Cannot reach the server. Check your connection.`);
  } catch (error) {
    // The session this token stood for has ended (elsewhere, or by expiry): so have its push
    // alerts on the server, and the browser stops holding them too (decision 017). Its code loads
    // only now.
    if (error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHENTICATED' && token) {
      void import('./push-session.ts').then(({ endPushAfterRefusal }) => endPushAfterRefusal(token)).catch(() => undefined);
    }
    throw error;
  }
}
