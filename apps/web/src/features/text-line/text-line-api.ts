import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SmsGatewayStatus,
  SmsInbox,
  SmsInboxQuery,
  SmsReplyRequest,
  SmsThread,
  SmsThreadToIncidentRequest,
  SmsThreadToIncidentResponse,
} from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useRealtime, useSocketEvent } from '@/lib/realtime.tsx';

/**
 * The text line's staff calls (server module `text-line`, docs/decisions/032-the-text-line.md): the
 * admins' triage inbox and the barangay phone's health.
 */
const INBOX_KEY = ['sms-inbox'] as const;
const GATEWAY_KEY = ['sms-gateway'] as const;

/**
 * `sms:thread` says when a text or missed call arrives or another admin acts on a thread; while the
 * socket is down the inbox asks every 15 seconds instead, as every other list does
 * (features/incidents/incidents-api.ts).
 */
const FALLBACK_POLL_MS = 15_000;

/** One status, or every thread. */
export type InboxFilter = NonNullable<SmsInboxQuery['status']>;

/** One page of threads at a time, with "Load more" (the API's cursor). */
export function useInbox(status: InboxFilter) {
  const { connected } = useRealtime();
  const queryClient = useQueryClient();
  useSocketEvent('sms:thread', () => {
    void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  });
  return useInfiniteQuery({
    queryKey: [...INBOX_KEY, status],
    queryFn: ({ pageParam, signal }) =>
      api<SmsInbox>(`/api/sms/inbox?status=${status}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: connected ? false : FALLBACK_POLL_MS,
  });
}

/** The open threads' count for the tab's badge: the same request as the inbox's default view. */
export function useOpenInboxCount(): number | undefined {
  return useInbox('open').data?.pages[0]?.openCount;
}

/** The gateway phone's last contact; refreshed each minute, like the silence watch that reads it. */
export function useGatewayStatus() {
  return useQuery({
    queryKey: GATEWAY_KEY,
    queryFn: ({ signal }) => api<SmsGatewayStatus>('/api/sms/gateway', { signal }),
    refetchInterval: 60_000,
  });
}

const path = (id: string, step: string) => `/api/sms/inbox/${encodeURIComponent(id)}/${step}`;

export const inboxSteps = {
  toIncident: (id: string, body: SmsThreadToIncidentRequest) =>
    api<SmsThreadToIncidentResponse>(path(id, 'incident'), { method: 'POST', body }),
  reply: (id: string, body: SmsReplyRequest) => api<SmsThread>(path(id, 'reply'), { method: 'POST', body }),
  dismiss: (id: string) => api<SmsThread>(path(id, 'dismiss'), { method: 'POST' }),
  block: (id: string) => api<SmsThread>(path(id, 'block'), { method: 'POST' }),
  unblock: (id: string) => api<SmsThread>(path(id, 'unblock'), { method: 'POST' }),
};

/** After a step: every inbox view (and the incident lists, when a ticket was made) asks again. */
export function useRefreshInbox() {
  const queryClient = useQueryClient();
  return (alsoIncidents = false) => {
    void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
    if (alsoIncidents) void queryClient.invalidateQueries({ queryKey: ['incidents'] });
  };
}
