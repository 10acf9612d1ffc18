import type { CreateIncidentResponse, CurrentUser, PublicTicket } from '@bantay/shared';
import { t } from '@lingui/core/macro';
import { api, ApiError } from '@/lib/api-client.ts';
import { BotCheckError, solveBotCheck } from '@/lib/bot-check.ts';
import { deviceId } from '@/lib/device-id.ts';
import { residentToken } from '@/lib/storage.ts';
import { postReport, postReportPhotos, type ReportBody } from './report-send.ts';

export { isLostConnection, type ReportBody } from './report-send.ts';

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

export function uploadPhotos(files: readonly File[]): Promise<string[]> {
  return postReportPhotos(api, files);
}

export interface SubmitOptions {
  /** The resident's token to send; by default the one signed in now. */
  token?: string | null;
}

/**
 * Sends a report the page's way (report-send.ts): the bot-check solved by the page (lib/bot-check.ts), or
 * `preSolved` when the screen solved one ahead of time (the emergency screen does, so a slow phone
 * does not wait at the end), with this browser's device id and the signed-in resident's token.
 */
export function submitReport(body: ReportBody, preSolved?: Promise<string>, options: SubmitOptions = {}): Promise<CreateIncidentResponse> {
  const token = options.token === undefined ? residentToken() : options.token;
  return postReport(body, { request: api, solve: solveBotCheck, deviceId: deviceId(), token }, preSolved);
}

export function lookUpTicket(ticket: string, signal?: AbortSignal): Promise<PublicTicket> {
  return api<PublicTicket>(`/api/public/tickets/${encodeURIComponent(ticket)}`, { token: null, signal });
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
