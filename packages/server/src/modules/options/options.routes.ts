import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { OptionsService } from './options.service.ts';
import { idSchema } from '@talkbase/domain/contracts/ids';
import { pageOf } from '@talkbase/domain/contracts/pages';

const RESERVED = new Set(['page', 'term', 'attrid', 'fetch']);

/** A page of `{id, name}` records to choose from (50 a page); `error` is always null (the spec's field). */
const optionsPage = pageOf(z.object({ id: z.number().int(), name: z.string() })).extend({ error: z.null() });

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
    response: optionsPage,
    handler: ({ params, query, auth }) => options.related(auth, params.attributeId, optionQuery(query)),
  });

  // The delimitation editor's options (002 §7): records of a subject as `{id, name}`, 50 a page.
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/talk/:subject',
    permission: 'session',
    params: z.object({ subject: z.string().trim().min(1).max(60) }),
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    response: optionsPage,
    handler: ({ params, query, auth }) => options.subjectRecords(auth, params.subject, optionQuery(query)),
  });
}

/** `page`, `term` and the narrowing `identifier=value` pairs of an options call's query string. */
function optionQuery(query: Record<string, string | string[]>) {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const page = Math.max(1, Number(first(query.page)) || 1);
  const term = first(query.term)?.slice(0, 200);
  const extra = Object.fromEntries(
    Object.entries(query)
      .filter(([k]) => !RESERVED.has(k.toLowerCase()))
      .map(([k, v]) => [k, first(v) ?? '']),
  );
  return { page, term, extra };
}
