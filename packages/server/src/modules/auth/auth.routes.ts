import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountPaths,
  loginBodySchema,
  loginResponseSchema,
  loginSuccessSchema,
  refreshBodySchema,
  refreshResponseSchema,
  verifyPasscodeBodySchema,
} from '@talkbase/domain/contracts/account';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';
import { registerTwoStepRoutes } from './two-step.routes.ts';

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
    response: loginResponseSchema,
    summary:
      'Entrar: pessoa com e-mail e senha, integração com hash e senha; responde o token (ou pede o código enviado por e-mail).',
    handler: ({ body, req }) => auth.login(body, meta(req)),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountPaths.verifyPasscode,
    permission: 'public',
    body: verifyPasscodeBodySchema,
    response: loginSuccessSchema,
    handler: ({ body, req }) => auth.verifyPasscode(body, meta(req)),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountPaths.refresh,
    permission: 'public',
    body: refreshBodySchema,
    response: refreshResponseSchema,
    summary: 'Troca um token da sessão pelo próximo (cada token renova uma vez).',
    handler: ({ body }) => auth.refresh(body.token),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountPaths.logout,
    permission: 'session',
    body: z.unknown().optional(),
    status: 204,
    handler: async ({ auth: who }) => {
      await auth.logout(who);
    },
  });

  registerTwoStepRoutes(app, authenticate, auth.twoStep);
}
