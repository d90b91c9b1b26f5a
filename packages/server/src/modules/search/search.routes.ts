import type { FastifyInstance } from 'fastify';
import { searchPageSchema, searchQuerySchema } from '@talkbase/domain/contracts/search';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { SearchService } from './search.service.ts';

/** The global search (000 §2 "search"); what the account may read is decided in the service. */
export function registerSearchRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  search: SearchService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/search',
    permission: 'session',
    query: searchQuerySchema,
    response: searchPageSchema,
    handler: ({ query, auth }) => search.search(auth, query),
  });
}
