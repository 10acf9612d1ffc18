import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type {
  ApproveAssistanceRequest,
  AssistanceAgency,
  AssistanceListQuery,
  AssistanceListResponse,
  AssistanceRequest,
  AssistanceStatus,
  CreateAssistanceRequest,
} from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useRealtime, useSocketEvent } from '@/lib/realtime.tsx';
import { fullName } from '@/lib/full-name.ts';

/** Backup (assistance) requests. The lists refresh on `assistance:*` socket events. */
const ASSISTANCE_KEY = ['assistance'] as const;

function search(query: AssistanceListQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', Array.isArray(query.status) ? query.status.join(',') : query.status);
  if (query.incidentId) params.set('incidentId', query.incidentId);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useAssistanceList(query: AssistanceListQuery, enabled = true) {
  const queryClient = useQueryClient();
  const { connected } = useRealtime();
  // Several lists may hear the same event: a refetch already under way (started after the
  // commit the event announces) is kept rather than restarted.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ASSISTANCE_KEY }, { cancelRefetch: false });
  useSocketEvent('assistance:created', refresh);
  useSocketEvent('assistance:updated', refresh);
  return useQuery({
    queryKey: [...ASSISTANCE_KEY, query],
    queryFn: ({ signal }) => api<AssistanceListResponse>(`/api/assistance${search(query)}`, { signal }),
    refetchInterval: connected ? false : 15_000,
    enabled,
  });
}

const step = (id: string, name: string, body: unknown = {}) =>
  api<AssistanceRequest>(`/api/assistance/${encodeURIComponent(id)}/${name}`, { method: 'POST', body });

export const assistanceSteps = {
  create: (body: CreateAssistanceRequest) => api<AssistanceRequest>('/api/assistance', { method: 'POST', body }),
  approve: (id: string, body: ApproveAssistanceRequest) => step(id, 'approve', body),
  reject: (id: string, reason: string) => step(id, 'reject', { reason }),
  deployed: (id: string) => step(id, 'deployed'),
  complete: (id: string) => step(id, 'complete'),
  cancel: (id: string) => step(id, 'cancel'),
};

export function useRefreshAssistance() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ASSISTANCE_KEY });
}

/** Each status's name on screen; translate at render (`t(ASSISTANCE_STATUS_LABELS[status])`). */
export const ASSISTANCE_STATUS_LABELS: Record<AssistanceStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  deployed: msg`Backup deployed`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

/** Badge colours per status (class names: `as const`, not prose). */
export const ASSISTANCE_STATUS_BADGES = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200' as const,
  approved: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-200' as const,
  deployed: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-200' as const,
  completed: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200' as const,
  rejected: 'bg-slate-200 text-slate-800 dark:bg-slate-700/60 dark:text-slate-200' as const,
  cancelled: 'bg-slate-200 text-slate-800 dark:bg-slate-700/60 dark:text-slate-200' as const,
} satisfies Record<AssistanceStatus, string>;

/** An outside agency as the screen names it; the value sent to the API stays the English one. */
export const AGENCY_LABELS: Record<AssistanceAgency, MessageDescriptor> = {
  PNP: msg`PNP`,
  BFP: msg`BFP`,
  Ambulance: msg`Ambulance`,
  Other: msg`Other`,
};

/** What the requester reads about a decision: who comes, which agency, or why not. Called while rendering. */
export function decisionText(request: AssistanceRequest): string | null {
  if (request.status === 'rejected') {
    const reason = request.rejectionReason;
    return reason ? t`Reason: ${reason}` : null;
  }
  const parts: string[] = [];
  if (request.dispatchedTanods.length > 0) {
    const names = request.dispatchedTanods.map((person) => fullName(person)).join(', ');
    parts.push(t`Coming: ${names}`);
  }
  if (request.agency) {
    const agency = t(AGENCY_LABELS[request.agency.name]);
    const reference = request.agency.reference;
    parts.push(reference ? t`${agency} contacted (ref. ${reference})` : t`${agency} contacted`);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}
