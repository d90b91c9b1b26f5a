import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import {
  emailChannelIdParamsSchema,
  emailChannelListQuerySchema,
  emailChannelPageSchema,
  emailChannelPaths,
  emailChannelSchema,
  emailChannelWriteSchema,
  emailTalkStateSchema,
} from '@talkbase/domain/contracts/email-channels';
import { messagePostSchema, postedMessageSchema } from '@talkbase/domain/contracts/messages';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { EmailChannelsService } from './email-channels.service.ts';

const talkParams = z.object({ subject: z.string().trim().min(1).max(60), talkId: idSchema });

/**
 * E-mail channels (docs/api.md "E-mail channels"): administrators of room 1 (the service checks the
 * room); a record's e-mail state and the answer by e-mail for whoever reads the record.
 */
export function registerEmailChannelRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  channels: EmailChannelsService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: emailChannelPaths.list,
    permission: 'admin',
    query: emailChannelListQuerySchema,
    response: emailChannelPageSchema,
    handler: ({ auth, query }) => channels.list(auth, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: emailChannelPaths.one,
    permission: 'admin',
    params: emailChannelIdParamsSchema,
    response: emailChannelSchema,
    handler: ({ auth, params }) => channels.get(auth, params.channelId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: emailChannelPaths.list,
    permission: 'admin',
    body: emailChannelWriteSchema,
    response: emailChannelSchema,
    status: 201,
    handler: async ({ auth, body, reply }) => {
      const created = await channels.create(auth, body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: emailChannelPaths.one,
    permission: 'admin',
    params: emailChannelIdParamsSchema,
    body: emailChannelWriteSchema,
    response: emailChannelSchema,
    handler: ({ auth, params, body }) => channels.update(auth, params.channelId, body),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: emailChannelPaths.one,
    permission: 'admin',
    params: emailChannelIdParamsSchema,
    status: 204,
    handler: async ({ auth, params }) => {
      await channels.remove(auth, params.channelId);
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: emailChannelPaths.talk,
    permission: 'session',
    params: talkParams,
    response: emailTalkStateSchema,
    handler: ({ auth, params }) => channels.talkState(auth, params.subject, params.talkId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: emailChannelPaths.reply,
    permission: 'session',
    params: talkParams,
    body: messagePostSchema.pick({ text: true }),
    response: postedMessageSchema,
    status: 201,
    handler: async ({ auth, params, body, reply }) => {
      const posted = await channels.reply(auth, params.subject, params.talkId, body);
      reply.code(201);
      return posted;
    },
  });
}
