import { useQuery } from '@tanstack/react-query';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

export const CALENDAR_FEED_KEY = ['account', 'calendar-feed'] as const;

/** `GET /api/account/calendar-feed` (tanod): whether a feed is on, and since when. */
export function useCalendarFeedStatus() {
  return useQuery({ queryKey: CALENDAR_FEED_KEY, queryFn: ({ signal }) => api<CalendarFeedStatus>('/api/account/calendar-feed', { signal }) });
}

/** `POST /api/account/calendar-feed`: a new address, shown once; the previous one stops. */
export const createCalendarFeed = () => api<CreatedCalendarFeed>('/api/account/calendar-feed', { method: 'POST' });

/** `DELETE /api/account/calendar-feed`: the address answers 404 from now on. */
export const stopCalendarFeed = () => api<void>('/api/account/calendar-feed', { method: 'DELETE' });
