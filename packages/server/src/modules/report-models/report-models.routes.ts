import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import { reportModelDeleteSchema, reportModelInputSchema } from '@talkbase/domain/contracts/report-models';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import { pagingQuerySchema } from '../../http/paging.ts';
import type { ReportModelsService } from './report-models.service.ts';

const idParams = z.object({ templateId: idSchema });

/** The report-model calls of spec 002 §7: reading for any session, writing for administrators. */
export function registerReportModelRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  models: ReportModelsService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/report/model/list',
    permission: 'session',
    query: pagingQuerySchema.extend({
      fetch: z.coerce.number().int().min(1).catch(1000).default(1000),
    }),
    handler: ({ query, auth }) => models.list(auth, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/report/model/:templateId',
    permission: 'session',
    params: idParams,
    handler: ({ params, auth }) => models.get(auth, params.templateId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/report/model',
    permission: 'admin',
    body: reportModelInputSchema,
    handler: async ({ body, auth, reply }) => {
      const model = await models.create(auth, body);
      reply.code(201).header('location', `/api/report/model/${model.templateId}`);
      return model;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/report/model/:templateId',
    permission: 'admin',
    params: idParams,
    body: reportModelInputSchema,
    handler: ({ params, body, auth }) => models.update(auth, params.templateId, body),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/report/model',
    permission: 'admin',
    body: reportModelDeleteSchema,
    handler: ({ body, auth }) => models.remove(auth, body.templateIds),
  });
}
