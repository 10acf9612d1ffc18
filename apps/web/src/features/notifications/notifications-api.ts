import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { useRealtime, useSocketEvent } from '@/lib/realtime.tsx';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/**
 * The signed-in user's notifications. New ones are pushed by the socket (notificationUpdate);
 * only while the socket is down does the list poll, so an idle browser makes no requests.
 */
export function useNotifications(onArrival?: (notification: Notification) => void) {
  const queryClient = useQueryClient();
  const { connected } = useRealtime();
  const query = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => api<Notification[]>('/api/notifications'),
    refetchInterval: connected ? false : 30_000,
  });
  useSocketEvent('notificationUpdate', ({ notification }) => {
    queryClient.setQueryData<Notification[]>(NOTIFICATIONS_KEY, (current) =>
      current && !current.some((item) => item._id === notification._id) ? [notification, ...current] : current,
    );
    onArrival?.(notification);
  });
  return query;
}

export const markAllRead = () => api<{ ok: true }>('/api/notifications/mark-read', { method: 'POST' });
export const markOneRead = (id: string) => api<{ ok: true }>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
export const deleteNotification = (id: string) => api<{ ok: true }>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
