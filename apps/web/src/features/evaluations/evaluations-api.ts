import type {
  CreateEvaluationRequest,
  CurrentUser,
  EvaluationCreated,
  PublicTicket,
  TanodDirectory,
  TicketRatingRequest,
} from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { solveBotCheck } from '@/lib/bot-check.ts';
import { deviceId } from '@/lib/device-id.ts';
import { residentToken } from '@/lib/storage.ts';
import type { FeedbackValues } from './evaluation-logic.ts';
import { feedbackPayload } from './evaluation-logic.ts';
import { fullName } from '@/lib/full-name.ts';

/** The public calls of the evaluation page. None needs a session; a resident's token is optional. */


export const fetchTanodDirectory = (signal?: AbortSignal) => api<TanodDirectory>('/api/public/tanods', { token: null, signal });

/** `POST /api/public/evaluations`: solves the bot-check first (the page's only heavy step, loaded now). */
export async function rateTanod(tanodId: string, values: FeedbackValues): Promise<EvaluationCreated> {
  const botCheck = await solveBotCheck();
  const body: CreateEvaluationRequest = { tanodId, ...feedbackPayload(values), deviceId: deviceId(), botCheck };
  return api<EvaluationCreated>('/api/public/evaluations', { method: 'POST', body, token: residentToken() });
}

export const lookUpTicket = (ticket: string, signal?: AbortSignal) =>
  api<PublicTicket>(`/api/public/tickets/${encodeURIComponent(ticket)}`, { token: null, signal });

/** `POST /api/public/tickets/{ticket}/rating`: the ticket is the proof; no name, no bot-check. */
export function rateTicket(ticket: string, values: FeedbackValues): Promise<EvaluationCreated> {
  const { rating, comment } = feedbackPayload(values);
  const body: TicketRatingRequest = { rating, comment };
  return api<EvaluationCreated>(`/api/public/tickets/${encodeURIComponent(ticket)}/rating`, { method: 'POST', body, token: null });
}

/**
 * The signed-in resident's name, to prefill the form. Public pages skip the session check
 * (docs/product.md §A4), so the page asks itself; any failure just leaves the name empty.
 */
export async function fetchResidentName(signal?: AbortSignal): Promise<string | null> {
  const token = residentToken();
  if (!token) return null;
  try {
    const me = await api<CurrentUser>('/api/auth/me', { token, signal });
    return me.userType === 'resident' ? fullName(me) : null;
  } catch {
    return null;
  }
}
