/**
 * Shared plumbing of the outside-service adapters (SMS, email, bot-check, geocoding): one error type that
 * names the service, and HTTP calls that always time out.
 */
export class OutsideServiceError extends Error {
  constructor(
    readonly service: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${service}: ${message}`, options);
    this.name = 'OutsideServiceError';
  }
}

/** What adapters log; main.ts passes the app's logger, tests a silent one. */
export interface AdapterLogger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export const silentLogger: AdapterLogger = { info() {}, warn() {}, error() {} };

export interface HttpAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  text: string;
}

/**
 * POSTs an urlencoded form and reads the answer. Network failures and timeouts become an
 * OutsideServiceError; HTTP error statuses are returned so each adapter can read the provider's
 * own error shape.
 */
export async function postForm(
  service: string,
  url: string,
  form: Record<string, string>,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<HttpAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...options.headers },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new OutsideServiceError(service, describeFetchFailure(error, options.timeoutMs), { cause: error });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new OutsideServiceError(service, describeFetchFailure(error, options.timeoutMs), { cause: error });
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** GETs a URL and reads the answer, with the same timeout and error rules as postForm. */
export async function getJson(
  service: string,
  url: string,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<HttpAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    throw new OutsideServiceError(service, describeFetchFailure(error, options.timeoutMs), { cause: error });
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

function describeFetchFailure(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  return `request failed (${cause?.code ?? cause?.message ?? (error as Error)?.message ?? 'unknown error'})`;
}

/** A short, single-line excerpt of a provider's answer for error messages and logs. */
export function excerpt(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
