import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/** Limits of the notifications API, shared so the web client pages the same way. */
export const NOTIFICATION_LIMITS = {
  messageMaxLength: 500,
  pageDefault: 100,
  pageMax: 200,
  /** `GET /api/notifications/unread` returns at most this many (newest first). */
  unreadMax: 500,
} as const;

/**
 * What a notification points at, so a click can open it. Stored as text so a new
 * feature adds its type here without a migration.
 */
export const NOTIFICATION_ENTITY_TYPES = [
  'incident',
  'assistance',
  'schedule',
  'patrol',
  'loan',
  'inventory_item',
  'vehicle',
  'vehicle_request',
  'conversation',
  'evaluation',
  'user',
  'blotter_entry',
  'advisory',
] as const;
export type NotificationEntityType = (typeof NOTIFICATION_ENTITY_TYPES)[number];
export const notificationEntityTypeSchema = z.enum(NOTIFICATION_ENTITY_TYPES);

/**
 * What happened, as `<area>.<event>` (`incident.assigned`, `loan.overdue`), or `general`. Free
 * text within this shape: the category chips come from the message (docs/product.md §A4), not from the kind.
 */
export const notificationKindSchema = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/, zodMessage(msg`must look like area.event`));

/** A notification as the API shows it (docs/product.md §A3 plus docs/product.md §3's kind and entity reference). */
export const notificationSchema = z.object({
  _id: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  kind: z.string(),
  entityType: notificationEntityTypeSchema.nullable(),
  entityId: z.string().nullable(),
  /**
   * The app path of the subject for this recipient's role, e.g. `/Patrolmap?incident=…` for a
   * tanod and `/Patrol&incidenttracking?incident=…` for an admin; null when there is none.
   */
  link: z.string().nullable(),
  /**
   * A number to call back, E.164 (a missed-call SOS: docs/decisions/032-the-text-line.md): the
   * panel shows a tap-to-call button. Absent when there is none.
   */
  callbackPhone: z.string().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.pageMax).default(NOTIFICATION_LIMITS.pageDefault),
  /** The `X-Next-Cursor` header of the previous page: returns the notifications older than it. */
  before: z.string().max(200).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** Response header carrying the cursor of the next (older) page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const notificationListSchema = z.array(notificationSchema);

export const unreadNotificationsSchema = z.object({ unreadNotifications: z.array(notificationSchema) });

export const markAllReadResponseSchema = z.object({ ok: z.literal(true), updated: z.number().int() });

export const notificationIdParamsSchema = z.object({ id: z.string().max(100) });

/** The panel's category chips (docs/product.md §A2), derived from the message (docs/product.md §A4). */
export const NOTIFICATION_CATEGORIES = ['incidents', 'schedules', 'equipment', 'assistance', 'general'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

const CATEGORY_RULES: [RegExp, NotificationCategory][] = [
  [/assistance|help/i, 'assistance'],
  // Filipino notifications (decision 029) say "insidente", "iskedyul" or "ronda" (a schedule, a
  // patrol), "kagamitan" or "hiniram" (equipment).
  [/incident|emergency|insidente/i, 'incidents'],
  [/schedule|patrol|iskedyul|ronda/i, 'schedules'],
  [/equipment|borrow|kagamitan|hiniram/i, 'equipment'],
];

/** docs/product.md §A4: the first matching keyword group wins, case-insensitive; otherwise general. */
export function notificationCategory(message: string): NotificationCategory {
  for (const [pattern, category] of CATEGORY_RULES) if (pattern.test(message)) return category;
  return 'general';
}
