import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  savedSubjectViewSchema,
  savedViewsPath,
  savedViewsSchema,
  saveSubjectViewBodySchema,
} from '@talkbase/domain/contracts/saved-views';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { SavedViewsService } from './saved-views.service.ts';

/** GET /api/account/preferences/views and PUT …/views/{subject}: each account's own, issue 38 item 5. */
export function registerSavedViewRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  views: SavedViewsService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: savedViewsPath,
    permission: 'session',
    response: savedViewsSchema,
    handler: ({ auth }) => views.list(auth),
  });
  defineRoute(app, authenticate, {
    method: 'PUT',
    url: `${savedViewsPath}/:subject`,
    permission: 'session',
    params: z.object({ subject: z.string().trim().min(1).max(60) }),
    body: saveSubjectViewBodySchema,
    bodyLimit: 2 * 1024,
    response: savedSubjectViewSchema,
    handler: ({ auth, params, body }) => views.save(auth, params.subject, body),
  });
}
