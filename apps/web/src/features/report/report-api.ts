import type {
  CreateIncidentRequest,
  CreateIncidentResponse,
  CurrentUser,
  PublicTicket,
  UploadedPhotos,
} from '@bantay/shared';
import { t } from '@lingui/core/macro';
import { api, ApiError } from '@/lib/api-client.ts';
import { BotCheckError, solveBotCheck } from '@/lib/bot-check.ts';
import { deviceId } from '@/lib/device-id.ts';
import { residentToken } from '@/lib/storage.ts';


export interface ResidentContact {
  name: string;
  phone: string;
}

/** The signed-in resident's name and phone, to prefill the report; null when not signed in. */
export async function fetchResidentContact(signal?: AbortSignal): Promise<ResidentContact | null> {
  const token = residentToken();
  if (!token) return null;
  try {
    const me = await api<CurrentUser>('/api/auth/me', { token, signal });
    if (me.userType !== 'resident') return null;
    return { name: [me.firstName, me.lastName].filter(Boolean).join(' '), phone: me.phoneNumber ?? '' };
  } catch {
    // A stale session is no reason to block a report: it goes out anonymous.
    return null;
  }
}

export async function uploadPhotos(files: readonly File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  const result = await api<UploadedPhotos>('/api/public/photos', { method: 'POST', body: form, token: null });
  return result.photos.map((photo) => photo.id);
}

export type ReportBody = Omit<CreateIncidentRequest, 'botCheck' | 'deviceId'>;

/** How long the report's own request may take before its answer counts as lost (it then waits on the phone). */
export const SEND_TIMEOUT_MS = 30_000;

export interface SubmitOptions {
  /** The resident's token to send; by default the one signed in now. */
  token?: string | null;
}

/**
 * Sends a report with a freshly solved bot-check, or with `preSolved` when the screen solved one
 * ahead of time (the emergency screen does, so a slow phone does not wait at the end). A payload
 * the server refuses (expired or used) is solved again once. A request with no answer after
 * SEND_TIMEOUT_MS is given up (a TimeoutError): the report's `clientId` makes sending it again safe.
 */
export async function submitReport(body: ReportBody, preSolved?: Promise<string>, options: SubmitOptions = {}): Promise<CreateIncidentResponse> {
  const token = options.token === undefined ? residentToken() : options.token;
  const send = async (botCheck: string) =>
    api<CreateIncidentResponse>('/api/public/incidents', {
      method: 'POST',
      body: { ...body, botCheck, deviceId: deviceId() },
      token,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  const first = preSolved ? await preSolved.catch(() => solveBotCheck()) : await solveBotCheck();
  try {
    return await send(first);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'BOT_CHECK_FAILED') return send(await solveBotCheck());
    throw error;
  }
}

export function lookUpTicket(ticket: string, signal?: AbortSignal): Promise<PublicTicket> {
  return api<PublicTicket>(`/api/public/tickets/${encodeURIComponent(ticket)}`, { token: null, signal });
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

/** A sentence for a failed submit that is not about one field, in the language on screen. */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof BotCheckError) {
    // docs/product.md §1: the brief's texts for the equivalent failures of the invisible check.
    return error.reason === 'expired'
      ? t`reCAPTCHA expired. Please try again.`
      : t`Error setting up verification. Please try again.`;
  }
  if (error instanceof ApiError) {
    if (error.isNetwork)
      return t`Cannot reach the server. Check your connection and try again. Nothing you typed is lost.`;
    if (error.status >= 500)
      return t`The server could not take the report just now. Please try again, or call a hotline if it is urgent.`;
    return error.message;
  }
  return t`Something went wrong. Please try again.`;
}
