import { t } from '@lingui/core/macro';
import { notificationCategory, type Notification, type NotificationCategory } from '@bantay/shared';
import { currentIntlTag } from '@/lib/i18n.ts';

export type CategoryFilter = 'all' | Exclude<NotificationCategory, 'general'>;
export const CATEGORY_CHIPS: CategoryFilter[] = ['all', 'incidents', 'schedules', 'equipment', 'assistance'];
export type SortOrder = 'newest' | 'oldest';

/**
 * docs/product.md §A4: 'Just now' under 60 s, then 'Nm ago', 'Nh ago', 'Nd ago' up to 6 days, then a
 * date; in the language on screen (called while rendering).
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return t`Just now`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t`${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t`${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days <= 6) return t`${days}d ago`;
  return date.toLocaleDateString(currentIntlTag());
}

/**
 * The app path a notification opens, or null when it has none. Only a path inside the
 * app is followed (one slash, then not another): whatever the text says, a click never leaves
 * Bantay.
 */
export function notificationLink(item: Notification): string | null {
  const { link } = item;
  return typeof link === 'string' && /^\/(?![/\\])/.test(link) ? link : null;
}

/** docs/product.md §A5: a case-insensitive match on the message, combined with the category filter, then sorted. */
export function visibleNotifications(
  items: Notification[],
  { search, category, sort }: { search: string; category: CategoryFilter; sort: SortOrder },
): Notification[] {
  const needle = search.trim().toLowerCase();
  const filtered = items.filter(
    (item) =>
      (category === 'all' || notificationCategory(item.message) === category) &&
      (needle === '' || item.message.toLowerCase().includes(needle)),
  );
  const direction = sort === 'newest' ? -1 : 1;
  return filtered.sort((a, b) => direction * (Date.parse(a.createdAt) - Date.parse(b.createdAt)));
}

/** docs/product.md §A4 unread count: recomputed on load, 0 on mark all, minus one (not below 0) on a single read. */
export type UnreadAction = { type: 'loaded'; items: Notification[] } | { type: 'markedAll' } | { type: 'markedOne' } | { type: 'arrived' };

export function unreadCount(count: number, action: UnreadAction): number {
  switch (action.type) {
    case 'loaded':
      return action.items.filter((item) => !item.read).length;
    case 'markedAll':
      return 0;
    case 'markedOne':
      return Math.max(0, count - 1);
    case 'arrived':
      return count + 1;
  }
}
