import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  lowerCaseKeys,
  templateIdsSchema,
  templateInputSchema,
  templateListQuerySchema,
  templatePageSchema,
  templateSchema,
} from '@talkbase/domain/contracts/templates';
import { pageOf } from '@talkbase/domain/contracts/pages';
import { MAX_PAGE_SIZE } from '../../http/paging.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import { sendStreamedList } from '../../http/streamed-list.ts';
import type { TemplatesService } from './templates.service.ts';
import { idSchema } from '@talkbase/domain/contracts/ids';

const idParams = z.object({ id: idSchema });
const accountsQuery = z.preprocess(
  lowerCaseKeys,
  z.object({
    accountid: idSchema.optional(),
    term: z.string().trim().max(25).optional(),
    page: z.coerce.number().int().min(1).catch(1).default(1),
    fetch: z.coerce.number().int().min(1).catch(1000).default(1000),
  }),
);

/**
 * The template calls of 001 §7, for administrators (the settings console is theirs). Other
 * accounts read the template of a subject through its context (modules/contexts).
 */
export function registerTemplateRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  templates: TemplatesService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/template',
    permission: 'admin',
    query: templateListQuerySchema,
    response: templatePageSchema,
    handler: async ({ query, auth, reply }) =>
      query.fetch > MAX_PAGE_SIZE
        ? sendStreamedList(reply, await templates.listStreamed(auth.companyId, query))
        : templates.list(auth.companyId, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/template/accounts/:id',
    permission: 'admin',
    params: idParams,
    query: accountsQuery,
    response: pageOf(z.object({ accountId: z.number().int(), displayName: z.string() })),
    handler: ({ params, query, auth }) =>
      templates.accountsFor(auth.companyId, params.id, {
        accountId: query.accountid,
        term: query.term,
        page: query.page,
        fetch: query.fetch,
      }),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/template/:id',
    permission: 'admin',
    params: idParams,
    response: templateSchema,
    handler: ({ params, auth }) => templates.get(auth.companyId, params.id),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/template',
    permission: 'admin',
    body: templateInputSchema,
    response: templateSchema,
    status: 201,
    handler: async ({ body, auth, reply }) => {
      const created = await templates.create(auth.companyId, body);
      reply.code(201).header('location', `/api/template/${created.templateId}`);
      return created;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/template/:id',
    permission: 'admin',
    params: idParams,
    body: templateInputSchema,
    response: templateSchema,
    handler: ({ params, body, auth }) => templates.update(auth.companyId, params.id, body),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/template',
    permission: 'admin',
    body: templateIdsSchema,
    response: z.object({ deleted: z.number().int() }),
    handler: ({ body, auth }) => templates.remove(auth.companyId, body.templateIds),
  });
}
