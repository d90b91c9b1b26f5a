import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import {
  tagCreatedSchema,
  tagListQuerySchema,
  tagPageSchema,
  tagProgressSchema,
  tagSchema,
  tagWriteSchema,
} from '@talkbase/domain/contracts/tags';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { TagsService } from './tags.service.ts';

/**
 * The tag calls (issue 14; docs/api.md "Tags"): administrators of room 1 (the service checks the
 * room), except the picker's options, which every signed-in account reads.
 */
export function registerTagRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  tags: TagsService,
): void {
  const params = z.object({ tagId: idSchema });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/tag',
    permission: 'admin',
    query: tagListQuerySchema,
    response: tagPageSchema,
    handler: ({ auth, query }) => tags.list(auth, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/tag/options',
    permission: 'session',
    query: tagListQuerySchema,
    response: tagPageSchema,
    handler: ({ auth, query }) => tags.options(auth, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/tag/:tagId',
    permission: 'admin',
    params,
    response: tagSchema,
    handler: ({ auth, params: p }) => tags.get(auth, p.tagId),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/tag/:tagId/progress',
    permission: 'admin',
    params,
    response: tagProgressSchema,
    handler: ({ auth, params: p }) => tags.progress(auth, p.tagId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/tag',
    permission: 'admin',
    body: tagWriteSchema,
    response: tagCreatedSchema,
    status: 201,
    handler: async ({ auth, body, reply }) => {
      const created = await tags.create(auth, body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/tag/:tagId',
    permission: 'admin',
    params,
    body: tagWriteSchema,
    response: tagSchema,
    handler: ({ auth, params: p, body }) => tags.update(auth, p.tagId, body),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/tag/:tagId',
    permission: 'admin',
    params,
    status: 204,
    handler: async ({ auth, params: p }) => {
      await tags.remove(auth, p.tagId);
    },
  });
}
