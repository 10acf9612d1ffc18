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

type CallOptions = { timeoutMs: number; headers?: Record<string, string> };

/**
 * POSTs an urlencoded form and reads the answer. Network failures and timeouts become an
 * OutsideServiceError; HTTP error statuses are returned so each adapter can read the provider's
 * own error shape.
 */
export function postForm(service: string, url: string, form: Record<string, string>, options: CallOptions): Promise<HttpAnswer> {
  const headers = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...options.headers };
  return call(service, url, { method: 'POST', headers, body: new URLSearchParams(form).toString() }, options.timeoutMs);
}

/** POSTs a JSON body and reads the answer, with the same timeout and error rules as postForm. */
export function postJson(service: string, url: string, body: unknown, options: CallOptions): Promise<HttpAnswer> {
  const headers = { 'content-type': 'application/json', accept: 'application/json', ...options.headers };
  return call(service, url, { method: 'POST', headers, body: JSON.stringify(body) }, options.timeoutMs);
}

/** GETs a URL and reads the answer, with the same timeout and error rules as postForm. */
export function getJson(service: string, url: string, options: CallOptions): Promise<HttpAnswer> {
  return call(service, url, { headers: { accept: 'application/json', ...options.headers } }, options.timeoutMs);
}

/**
 * GETs a document that is not JSON (a CAP feed's XML), with the same timeout and error rules, and
 * refuses a body past `maxBytes` as it arrives (by its Content-Length, else while reading), so an
 * outside server cannot make the process hold an endless answer. Redirects are refused, as ever.
 */
export async function getText(service: string, url: string, options: CallOptions & { maxBytes: number; accept: string }): Promise<HttpAnswer> {
  let response: Response;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    response = await fetch(url, { headers: { accept: options.accept, ...options.headers }, signal: AbortSignal.timeout(options.timeoutMs), redirect: 'error' });
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > options.maxBytes) {
      await response.body?.cancel();
      throw new OutsideServiceError(service, `the answer (${declared} bytes) is larger than the ${options.maxBytes} bytes allowed`);
    }
    if (response.body) {
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > options.maxBytes) throw new OutsideServiceError(service, `the answer is larger than the ${options.maxBytes} bytes allowed`);
        chunks.push(chunk);
      }
    }
  } catch (error) {
    if (error instanceof OutsideServiceError) throw error;
    throw new OutsideServiceError(service, describeFetchFailure(error, options.timeoutMs), { cause: error });
  }
  return { status: response.status, json: undefined, text: Buffer.concat(chunks).toString('utf8') };
}

/** One request and its whole answer: the body is read inside the timeout, JSON when it parses. */
async function call(service: string, url: string, init: RequestInit, timeoutMs: number): Promise<HttpAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    text = await response.text();
  } catch (error) {
    throw new OutsideServiceError(service, describeFetchFailure(error, timeoutMs), { cause: error });
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
