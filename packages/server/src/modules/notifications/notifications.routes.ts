import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import {
  companyChannelSchema,
  inboxListSchema,
  inboxPageSchema,
  inboxReadSchema,
  inboxUnreadSchema,
  notificationDeleteSchema,
  notificationDetailSchema,
  notificationInputSchema,
  notificationLinksSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSendResultSchema,
  notificationSendSchema,
  notificationVariableSchema,
  pushSubscribedSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  vapidPublicKeySchema,
} from '@talkbase/domain/contracts/notifications';
import { forbidden } from '../../http/errors.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { InboxService } from './inbox.service.ts';
import type { NotificationSender } from './notification-sender.ts';
import type { NotificationsService } from './notifications.service.ts';
import type { PushChannel } from './web-push.ts';

const INTEGRATION = 2;

/** Notifications, channels and the inbox (issue 15; docs/api.md "Notifications"). */
export function registerNotificationRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: {
    notifications: NotificationsService;
    sender: NotificationSender;
    inbox: InboxService;
    push: PushChannel;
    /** PUBLIC_URL when set (links to records in e-mails). */
    publicUrl: string | undefined;
  },
): void {
  const { notifications, sender, inbox, push, publicUrl } = deps;
  const params = z.object({ notificationId: idSchema });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/notification',
    permission: 'admin',
    query: notificationListQuerySchema,
    response: notificationPageSchema,
    handler: ({ auth, query }) => notifications.list(auth, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/notification/variables',
    permission: 'admin',
    query: z.object({ subjectId: idSchema.optional() }),
    response: z.array(notificationVariableSchema),
    handler: ({ auth, query }) => notifications.variables(auth.companyId, query.subjectId),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/notification/links',
    permission: 'admin',
    response: notificationLinksSchema,
    handler: () => Promise.resolve({ publicUrl: publicUrl ?? null }),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/notification/:notificationId',
    permission: 'admin',
    params,
    response: notificationDetailSchema,
    handler: ({ auth, params: p }) => notifications.get(auth.companyId, p.notificationId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/notification',
    permission: 'admin',
    body: notificationInputSchema,
    response: notificationDetailSchema,
    status: 201,
    handler: async ({ auth, body, reply }) => {
      const created = await notifications.create(auth, body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/notification/:notificationId',
    permission: 'admin',
    params,
    body: notificationInputSchema,
    response: notificationDetailSchema,
    handler: ({ auth, params: p, body }) => notifications.update(auth, p.notificationId, body),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/notification',
    permission: 'admin',
    body: notificationDeleteSchema,
    response: z.object({ deleted: z.number().int() }),
    handler: ({ auth, body }) => notifications.remove(auth, body.ids),
  });

  // Administrators and integration accounts; automations call NotificationSender.send directly.
  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/notification/:notificationId/send',
    permission: 'session',
    params,
    body: notificationSendSchema,
    response: notificationSendResultSchema,
    handler: ({ auth, params: p, body }) => {
      if (!auth.isAdmin && auth.accountType !== INTEGRATION) throw forbidden();
      return sender.send({
        companyId: auth.companyId,
        notificationId: p.notificationId,
        accountIds: body.accountIds,
        talkId: body.talkId,
        sender: auth,
      });
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/company/channels',
    permission: 'admin',
    response: z.array(companyChannelSchema),
    handler: ({ auth }) => notifications.channels(auth.companyId),
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/company/channel/:channelId',
    permission: 'admin',
    params: z.object({ channelId: idSchema }),
    // The spec sends an empty body (a toggle); `{isEnable}` sets the state instead.
    body: z.object({ isEnable: z.boolean().optional() }).nullish(),
    response: companyChannelSchema,
    handler: ({ auth, params: p, body }) =>
      notifications.toggleChannel(auth.companyId, p.channelId, body?.isEnable ?? undefined),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/notifications/list/',
    permission: 'session',
    body: inboxListSchema,
    response: inboxPageSchema,
    handler: ({ auth, body }) => inbox.list(auth, body),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/notifications/read/',
    permission: 'session',
    body: inboxReadSchema,
    response: inboxUnreadSchema,
    handler: ({ auth, body }) => inbox.read(auth, body),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/notifications/unread',
    permission: 'session',
    response: inboxUnreadSchema,
    handler: async ({ auth }) => ({ unread: await inbox.unread(auth.accountId) }),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/notifications/vapid',
    permission: 'session',
    response: vapidPublicKeySchema,
    handler: () => Promise.resolve({ publicKey: push.publicKey }),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/notifications/subscription',
    permission: 'session',
    body: pushSubscriptionSchema,
    response: pushSubscribedSchema,
    handler: async ({ auth, body }) => {
      await push.subscribe(auth, body);
      return { subscribed: true };
    },
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/notifications/subscription',
    permission: 'session',
    body: pushUnsubscribeSchema,
    response: pushSubscribedSchema,
    handler: async ({ auth, body }) => {
      await push.unsubscribe(auth.accountId, body.endpoint);
      return { subscribed: false };
    },
  });
}
