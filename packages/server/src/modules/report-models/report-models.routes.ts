import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import {
  reportModelDeleteSchema,
  reportModelInputSchema,
  reportModelPageSchema,
  reportModelSchema,
} from '@talkbase/domain/contracts/report-models';
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
    response: reportModelPageSchema,
    handler: ({ query, auth }) => models.list(auth, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/report/model/:templateId',
    permission: 'session',
    params: idParams,
    response: reportModelSchema,
    handler: ({ params, auth }) => models.get(auth, params.templateId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/report/model',
    permission: 'admin',
    body: reportModelInputSchema,
    response: reportModelSchema,
    status: 201,
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
    response: reportModelSchema,
    handler: ({ params, body, auth }) => models.update(auth, params.templateId, body),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/report/model',
    permission: 'admin',
    body: reportModelDeleteSchema,
    response: z.object({ deleted: z.number().int() }),
    handler: ({ body, auth }) => models.remove(auth, body.templateIds),
  });
}
