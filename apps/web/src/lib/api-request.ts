import type { ApiErrorBody, ErrorCode, FieldError } from '@bantay/shared';

/**
 * The API's refusal, as lib/api-client.ts (the pages) and src/sw.ts (the service worker, which has
 * no stored token and no catalogue) both throw it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetwork(): boolean {
    return this.code === 'NETWORK';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

/** A JSON call as lib/api-client.ts makes it; `request` is how a caller without its stored token makes one. */
export type ApiRequest = <T>(path: string, options: RequestOptions) => Promise<T>;

/**
 * One call to the API at `base` with the token given (none when null), read as lib/api-client.ts
 * reads it: a refusal becomes an ApiError with the server's code and fields, no answer a NETWORK one
 * carrying `unreachable` as its message.
 */
export async function requestApi<T>(base: string, path: string, options: RequestOptions, unreachable: string): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not prose
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', unreachable);
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data as ApiErrorBody | undefined)?.error;
    throw new ApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? response.statusText, error?.fields ?? []);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
