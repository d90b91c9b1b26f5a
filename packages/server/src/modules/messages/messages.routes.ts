import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import {
  messageAccountSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messagePaths,
  messagePostSchema,
  messageReadSchema,
  postedMessageSchema,
  unreadCountSchema,
  unreadOfPageAnswerSchema,
  unreadOfPageSchema,
} from '@talkbase/domain/contracts/messages';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { MessagesService } from './messages.service.ts';

const talkParams = z.object({ subject: z.string().trim().min(1).max(60), talkId: idSchema });

/**
 * A record's conversation (docs/api.md "Record conversations"). Every call first reads the record
 * as the talk calls do: a record the account may not read answers 404.
 */
export function registerMessageRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  messages: MessagesService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: messagePaths.list,
    permission: 'session',
    params: talkParams,
    query: messagePageQuerySchema,
    response: messagePageSchema,
    handler: ({ params, query, auth }) => messages.list(auth, params.subject, params.talkId, query),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: messagePaths.list,
    permission: 'session',
    params: talkParams,
    body: messagePostSchema,
    response: postedMessageSchema,
    status: 201,
    handler: async ({ params, body, auth, reply }) => {
      const posted = await messages.post(auth, params.subject, params.talkId, body);
      reply.code(201);
      return posted;
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: messagePaths.unread,
    permission: 'session',
    params: talkParams,
    response: unreadCountSchema,
    handler: ({ params, auth }) => messages.unread(auth, params.subject, params.talkId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: messagePaths.read,
    permission: 'session',
    params: talkParams,
    body: messageReadSchema,
    response: unreadCountSchema,
    handler: ({ params, body, auth }) =>
      messages.markRead(auth, params.subject, params.talkId, body.messageId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: messagePaths.unreadOfPage,
    permission: 'session',
    body: unreadOfPageSchema,
    response: unreadOfPageAnswerSchema,
    handler: ({ body, auth }) => messages.unreadOfPage(auth, body),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: messagePaths.participants,
    permission: 'session',
    params: talkParams,
    response: z.array(messageAccountSchema),
    handler: ({ params, auth }) => messages.participants(auth, params.subject, params.talkId),
  });
}
