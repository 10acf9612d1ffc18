import { NOTIFICATION_ENTITY_TYPES, type Notification, type NotificationEntityType } from '@bantay/shared';
import type { NotificationRow } from '../../db/schema/index.ts';

const isEntityType = (value: string | null): value is NotificationEntityType =>
  value !== null && (NOTIFICATION_ENTITY_TYPES as readonly string[]).includes(value);

export function presentNotification(row: NotificationRow): Notification {
  const entityType = isEntityType(row.entityType) ? row.entityType : null;
  return {
    _id: row.id,
    message: row.message,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind,
    entityType,
    entityId: entityType ? row.entityId : null,
    link: row.link,
    ...(row.callbackPhone ? { callbackPhone: row.callbackPhone } : {}),
  };
}
