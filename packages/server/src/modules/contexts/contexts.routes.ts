import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONTEXT_SCENARIOS,
  contextQuerySchema,
  contextResponseSchema,
  contextTemplateQuerySchema,
  contextTemplateResponseSchema,
  readableSubjectSchema,
} from '@talkbase/domain/contracts/contexts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { ContextsService } from './contexts.service.ts';

const openParams = z.object({
  scenario: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(CONTEXT_SCENARIOS, { message: 'Cenário desconhecido.' })),
  subject: z.string().trim().min(1).max(60),
});
const contextParams = z.object({ contextId: z.string().min(1).max(300) });

/** The two context calls of 002 §7; the service checks the account's room on each. */
export function registerContextRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  contexts: ContextsService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/context/subjects',
    permission: 'session',
    response: z.array(readableSubjectSchema),
    handler: ({ auth }) => contexts.readableSubjects(auth),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/context/web/:scenario/:subject',
    permission: 'session',
    params: openParams,
    query: contextQuerySchema,
    response: contextResponseSchema,
    handler: ({ params, query, auth }) =>
      contexts.open(auth, params.scenario, params.subject, query.templateid),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/context/:contextId/template',
    permission: 'session',
    params: contextParams,
    query: contextTemplateQuerySchema,
    response: contextTemplateResponseSchema,
    handler: ({ params, query, auth }) =>
      contexts.template(auth, params.contextId, { templateId: query.templateid, isNewTalk: query.isnewtalk }),
  });
}
