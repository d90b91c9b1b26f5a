import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageOf } from '@talkbase/domain/contracts/pages';
import { MAX_PAGE_SIZE } from '../../http/paging.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import { sendStreamedList } from '../../http/streamed-list.ts';
import type { SavedFiltersService } from './saved-filters.service.ts';

export function registerSavedFilterRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  filters: SavedFiltersService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/Filter/:subject',
    permission: 'session',
    params: z.object({ subject: z.string().trim().min(1).max(60) }),
    query: z.object({
      origin: z.string().max(60).optional(),
      page: z.coerce.number().int().min(1).catch(1).default(1),
      fetch: z.coerce.number().int().min(1).catch(1000).default(1000),
    }),
    response: pageOf(z.object({ filterId: z.number().int(), filterName: z.string() })),
    handler: async ({ params, query, auth, reply }) =>
      query.fetch > MAX_PAGE_SIZE
        ? sendStreamedList(reply, await filters.listStreamed(auth, params.subject, query))
        : filters.list(auth, params.subject, query),
  });
}
