import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  attributeInputSchema,
  attributeUpdateSchema,
  subjectInputSchema,
  subjectUpdateSchema,
} from '@talkbase/domain/contracts/subjects';
import { pagingQuerySchema } from '../../http/paging.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { SubjectsService } from './subjects.service.ts';

const subjectParams = z.object({ subject: z.string().trim().min(1).max(60) });
const attributeParams = subjectParams.extend({ attribute: z.string().trim().min(1).max(60) });

/**
 * Schema management (administrators) and the subject lists of the spec:
 * GET /api/subject (page, fetch, term), GET /api/subject/related/other/{subject}.
 */
export function registerSubjectRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  subjects: SubjectsService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/subject',
    permission: 'session',
    query: pagingQuerySchema,
    handler: ({ query, auth }) => subjects.page(auth.companyId, query),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/subject/related/other/:subject',
    permission: 'session',
    params: subjectParams,
    handler: ({ params, auth }) => subjects.referring(auth.companyId, params.subject),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/subject/:subject',
    permission: 'session',
    params: subjectParams,
    handler: async ({ params, auth }) => {
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.load(auth.companyId, params.subject),
      ]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/subject',
    permission: 'admin',
    body: subjectInputSchema,
    handler: async ({ body, auth, reply }) => {
      const created = await subjects.create(auth.companyId, body);
      reply.code(201).header('location', `/api/subject/${created.identifier}`);
      const [one] = await subjects.toApi(auth.companyId, [created]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/subject/:subject',
    permission: 'admin',
    params: subjectParams,
    body: subjectUpdateSchema,
    handler: async ({ params, body, auth }) => {
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.update(auth.companyId, params.subject, body),
      ]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/subject/:subject',
    permission: 'admin',
    params: subjectParams,
    handler: async ({ params, auth }) => {
      await subjects.remove(auth.companyId, params.subject);
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/subject/:subject/attribute',
    permission: 'admin',
    params: subjectParams,
    body: attributeInputSchema,
    handler: async ({ params, body, auth, reply }) => {
      reply.code(201);
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.addAttribute(auth.companyId, params.subject, body),
      ]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/subject/:subject/attribute/:attribute',
    permission: 'admin',
    params: attributeParams,
    body: attributeUpdateSchema,
    handler: async ({ params, body, auth }) => {
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.updateAttribute(auth.companyId, params.subject, params.attribute, body),
      ]);
      return one;
    },
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: '/api/subject/:subject/attribute/:attribute',
    permission: 'admin',
    params: attributeParams,
    handler: async ({ params, auth }) => {
      const [one] = await subjects.toApi(auth.companyId, [
        await subjects.removeAttribute(auth.companyId, params.subject, params.attribute),
      ]);
      return one;
    },
  });
}
