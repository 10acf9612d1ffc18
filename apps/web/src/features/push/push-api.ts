import { useQuery } from '@tanstack/react-query';
import type { AlertPreferences, PushKey, PushSubscriptionInput, PushSubscriptionSummary } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

export const PUSH_SUBSCRIPTIONS_KEY = ['push', 'subscriptions'] as const;
export const PUSH_PREFERENCES_KEY = ['push', 'preferences'] as const;

/** GET /api/push/key: the server's VAPID public key, which every subscription is made with. */
export const fetchPushKey = () => api<PushKey>('/api/push/key');

/** GET /api/push/subscriptions: my subscribed browsers, this one among them when alerts are on here. */
export function usePushSubscriptions() {
  return useQuery({
    queryKey: PUSH_SUBSCRIPTIONS_KEY,
    queryFn: () => api<PushSubscriptionSummary[]>('/api/push/subscriptions'),
  });
}

/** POST /api/push/subscriptions with the browser's `PushSubscription.toJSON()`. */
export const saveSubscription = (subscription: PushSubscriptionInput) =>
  api<{ id: string }>('/api/push/subscriptions', { method: 'POST', body: subscription });

/** DELETE /api/push/subscriptions/{id}: that browser gets no more alerts. */
export const removeSubscription = (id: string) => api<unknown>(`/api/push/subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** GET /api/push/preferences: the kinds I muted and my quiet hours, for every browser of mine. */
export function useAlertPreferences() {
  return useQuery({
    queryKey: PUSH_PREFERENCES_KEY,
    queryFn: () => api<AlertPreferences>('/api/push/preferences'),
  });
}

/** PUT /api/push/preferences. */
export const saveAlertPreferences = (preferences: AlertPreferences) =>
  api<AlertPreferences>('/api/push/preferences', { method: 'PUT', body: preferences });
