import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountPaths,
  loginBodySchema,
  refreshBodySchema,
  verifyPasscodeBodySchema,
} from '@talkbase/domain/contracts/account';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';

const meta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
  route: (req.routeOptions.url ?? req.url).toLowerCase(),
});

export function registerAuthRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  auth: AuthService,
): void {
  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountPaths.login,
    permission: 'public',
    body: loginBodySchema,
    handler: ({ body, req }) => auth.login(body, meta(req)),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountPaths.verifyPasscode,
    permission: 'public',
    body: verifyPasscodeBodySchema,
    handler: ({ body, req }) => auth.verifyPasscode(body, meta(req)),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountPaths.refresh,
    permission: 'public',
    body: refreshBodySchema,
    handler: ({ body }) => auth.refresh(body.token),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountPaths.logout,
    permission: 'session',
    body: z.unknown().optional(),
    handler: async ({ auth: who }) => {
      await auth.logout(who);
    },
  });
}
