import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import {
  jobActionsSchema,
  jobCreatedSchema,
  jobListQuerySchema,
  jobPageSchema,
  jobSchema,
} from '@talkbase/domain/contracts/jobs';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { JobsService } from './automation-definitions.service.ts';

/**
 * The job calls (issue 16; docs/api.md "Automations"): administrators of room 1, as tags (the
 * service checks the room). The run calls (`/api/job/{jobId}/run`, `/runs`, `/api/job/run/...`)
 * are the engine's (modules/automations).
 */
export function registerJobRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  jobs: JobsService,
): void {
  const params = z.object({ jobId: idSchema });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/job',
    permission: 'admin',
    query: jobListQuerySchema,
    response: jobPageSchema,
    handler: ({ auth, query }) => jobs.list(auth, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/job/actions',
    permission: 'admin',
    response: jobActionsSchema,
    handler: ({ auth }) => Promise.resolve(jobs.actions(auth)),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/job/:jobId',
    permission: 'admin',
    params,
    response: jobSchema,
    handler: ({ auth, params: p }) => jobs.get(auth, p.jobId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/job',
    permission: 'admin',
    body: jobSchema,
    response: jobCreatedSchema,
    status: 201,
    handler: async ({ auth, body, reply }) => {
      const created = await jobs.create(auth, body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/job/:jobId',
    permission: 'admin',
    params,
    body: jobSchema,
    response: jobSchema,
    handler: ({ auth, params: p, body }) => jobs.update(auth, p.jobId, body),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/job/:jobId',
    permission: 'admin',
    params,
    status: 204,
    handler: async ({ auth, params: p }) => {
      await jobs.remove(auth, p.jobId);
    },
  });
}
