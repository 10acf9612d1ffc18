import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookRequest, UpdateWebhookRequest, Webhook, WebhookDeliveryList, WebhookList, WebhookWithSecret } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

const WEBHOOKS_KEY = ['webhooks'] as const;
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** GET /api/webhooks (supadmin): every webhook, oldest first, never its secret. */
export function useWebhooks() {
  return useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => api<WebhookList>('/api/webhooks', { signal }) });
}

/** GET /api/webhooks/{id}/deliveries: the last 100, newest first; refetched while one is still waiting. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, id, 'deliveries'],
    queryFn: ({ signal }) => api<WebhookDeliveryList>(`${path(id)}/deliveries`, { signal }),
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.outcome === 'pending') ? 3000 : false),
  });
}

export function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
}

/** POST /api/webhooks: the answer holds the signing secret, the only time it is shown. */
export const createWebhook = (body: CreateWebhookRequest) => api<WebhookWithSecret>('/api/webhooks', { method: 'POST', body });

export const updateWebhook = (id: string, body: UpdateWebhookRequest) => api<Webhook>(path(id), { method: 'PATCH', body });

export const deleteWebhook = (id: string) => api<void>(path(id), { method: 'DELETE' });

/** POST /api/webhooks/{id}/secret: a new secret at once, shown in this answer only. */
export const rotateWebhookSecret = (id: string) => api<WebhookWithSecret>(`${path(id)}/secret`, { method: 'POST' });

/** POST /api/webhooks/{id}/test: a signed ping through the delivery queue (202). */
export const testWebhook = (id: string) => api<{ deliveryId: string }>(`${path(id)}/test`, { method: 'POST' });

/** POST /api/deliveries/{id}/retry: a failed delivery tried again, with the same delivery id. */
export const retryDelivery = (id: string) => api<void>(`/api/deliveries/${encodeURIComponent(id)}/retry`, { method: 'POST' });
