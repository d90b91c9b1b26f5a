import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountLifePaths } from '@talkbase/domain/contracts/account-life-paths';
import {
  forgotPasswordBodySchema,
  integrationCredentialsSchema,
  resetPasswordBodySchema,
  setActiveBodySchema,
} from '@talkbase/domain/contracts/account-life';
import { accountDetailSchema } from '@talkbase/domain/contracts/account';
import { idSchema } from '@talkbase/domain/contracts/ids';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { AccountLifeService } from './account-life.service.ts';
import type { AccountsService } from './accounts.service.ts';

const accountIdParams = z.object({ accountId: idSchema });

/** An account's life cycle (issue 34 item 5): suspend/restore, password reset, new credentials. */
export function registerAccountLifeRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  accounts: AccountsService,
  life: AccountLifeService,
): void {
  defineRoute(app, authenticate, {
    method: 'PUT',
    url: accountLifePaths.active,
    permission: 'admin',
    params: accountIdParams,
    body: setActiveBodySchema,
    response: accountDetailSchema,
    handler: async ({ params, body, auth: who }) => {
      await life.setActive(who, params.accountId, body.isActive);
      return accounts.get(who, params.accountId);
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountLifePaths.forgot,
    permission: 'public',
    body: forgotPasswordBodySchema,
    status: 204,
    handler: async ({ body, req }) => {
      await life.forgot(body.email, { ip: req.ip, route: (req.routeOptions.url ?? req.url).toLowerCase() });
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountLifePaths.reset,
    permission: 'public',
    body: resetPasswordBodySchema,
    status: 204,
    handler: async ({ body }) => {
      await life.reset(body.token, body.newPassword);
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountLifePaths.sendReset,
    permission: 'admin',
    params: accountIdParams,
    body: z.unknown().optional(),
    status: 204,
    handler: async ({ params, auth: who }) => {
      await life.sendReset(who, params.accountId);
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountLifePaths.credentials,
    permission: 'admin',
    params: accountIdParams,
    body: z.unknown().optional(),
    response: integrationCredentialsSchema,
    handler: ({ params, auth: who }) => life.newCredentials(who, params.accountId),
  });
}
