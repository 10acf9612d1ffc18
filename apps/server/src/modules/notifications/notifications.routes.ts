import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEXT_CURSOR_HEADER,
  markAllReadResponseSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  unreadNotificationsSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import {
  deleteMyNotification,
  listMyNotifications,
  listMyUnreadNotifications,
  markAllMyNotificationsRead,
  markMyNotificationRead,
} from './notifications.service.ts';
import { sendSerializedOnce } from '../../http/serialize-once.ts';

/** docs/product.md §A7's notification calls, under /api (docs/product.md §1). Staff only; each user sees their own. */
export async function notificationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = requireAuth(deps, STAFF);

  r.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first',
        description: `Pages of \`limit\` (default 100). When older ones exist, the \`${NEXT_CURSOR_HEADER}\` response header holds the cursor to pass as \`before\`.`,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const { notifications, nextCursor } = await listMyNotifications(deps, actorOf(request), request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return sendSerializedOnce(reply, notificationListSchema, notifications);
    },
  );

  r.get(
    '/api/notifications/unread',
    {
      schema: { tags: ['notifications'], summary: 'My unread notifications, newest first', response: { 200: unreadNotificationsSchema } },
      onRequest: staffOnly,
    },
    async (request) => ({ unreadNotifications: await listMyUnreadNotifications(deps, actorOf(request)) }),
  );

  r.post(
    '/api/notifications/mark-read',
    {
      schema: { tags: ['notifications'], summary: 'Mark all my notifications read', response: { 200: markAllReadResponseSchema } },
      onRequest: staffOnly,
    },
    async (request) => ({ ok: true as const, updated: await markAllMyNotificationsRead(deps, actorOf(request)) }),
  );

  r.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        params: notificationIdParamsSchema,
        response: { 200: notificationSchema },
      },
      onRequest: staffOnly,
    },
    (request) => markMyNotificationRead(deps, actorOf(request), request.params.id),
  );

  r.delete(
    '/api/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Delete one of my notifications',
        params: notificationIdParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      onRequest: staffOnly,
    },
    async (request) => {
      await deleteMyNotification(deps, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
