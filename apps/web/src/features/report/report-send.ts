import type { CreateIncidentRequest, CreateIncidentResponse, UploadedPhotos } from '@bantay/shared';
import { ApiError, type ApiRequest } from '@/lib/api-request.ts';
import { BotCheckError } from '@/lib/bot-check-error.ts';

/**
 * The one way a report is sent, by the page (report-api.ts, with the page's bot-check solve and the stored
 * token) and by the service worker when the signal returns with no page open (src/sw/report-sync.ts,
 * with the page-less solve and the token and device id kept with the report). Free of the page's
 * storage, catalogue and DOM, so the worker can import it.
 */
export type ReportBody = Omit<CreateIncidentRequest, 'botCheck' | 'deviceId'>;

/** How long the report's own request may take before its answer counts as lost (it then waits on the phone). */
const SEND_TIMEOUT_MS = 30_000;

export interface ReportSender {
  request: ApiRequest;
  /** A freshly solved bot-check payload. */
  solve(): Promise<string>;
  /** This browser's id for the per-device limit (lib/device-id.ts). */
  deviceId: string | undefined;
  /** The resident's token to link the report with, or null. */
  token: string | null;
}

/**
 * Sends a report with a freshly solved bot-check, or with `preSolved` when the screen solved one
 * ahead of time. A payload the server refuses (expired or used) is solved again once. A request
 * with no answer after SEND_TIMEOUT_MS is given up (a TimeoutError): the report's `clientId` makes
 * sending it again safe, since the server answers a repeat with the first ticket.
 */
export async function postReport(body: ReportBody, sender: ReportSender, preSolved?: Promise<string>): Promise<CreateIncidentResponse> {
  const send = (botCheck: string) =>
    sender.request<CreateIncidentResponse>('/api/public/incidents', {
      method: 'POST',
      body: { ...body, botCheck, deviceId: sender.deviceId },
      token: sender.token,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  const first = preSolved ? await preSolved.catch(() => sender.solve()) : await sender.solve();
  try {
    return await send(first);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'BOT_CHECK_FAILED') return send(await sender.solve());
    throw error;
  }
}

export async function postReportPhotos(request: ApiRequest, files: readonly File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  const result = await request<UploadedPhotos>('/api/public/photos', { method: 'POST', body: form, token: null });
  return result.photos.map((photo) => photo.id);
}

/**
 * Whether a failed send may have failed for want of a connection (no answer, a lost answer, a
 * server down for a moment), so the report is kept on the phone and sent again by itself; any
 * other refusal is the server's answer and would be the same next time.
 */
export function isLostConnection(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetwork || error.status >= 500 || error.status === 408;
  if (error instanceof BotCheckError) return error.offline;
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'NetworkError');
}
