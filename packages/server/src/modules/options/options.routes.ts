import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { OptionsService } from './options.service.ts';
import { idSchema } from '@talkbase/domain/contracts/ids';

const RESERVED = new Set(['page', 'term', 'attrid', 'fetch']);

export function registerOptionRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  options: OptionsService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/SubjectAttribute/related/:attributeId',
    permission: 'session',
    params: z.object({ attributeId: idSchema }),
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    handler: ({ params, query, auth }) => {
      const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
      const page = Math.max(1, Number(first(query.page)) || 1);
      const term = first(query.term)?.slice(0, 200);
      const extra = Object.fromEntries(
        Object.entries(query)
          .filter(([k]) => !RESERVED.has(k.toLowerCase()))
          .map(([k, v]) => [k, first(v) ?? '']),
      );
      return options.related(auth, params.attributeId, { page, term, extra });
    },
  });
}
