import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountPaths,
  createAccountBodySchema,
  ownPasswordChangeSchema,
} from '@talkbase/domain/contracts/account';
import { forbidden } from '../../http/errors.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AccountsService } from './accounts.service.ts';
import { idSchema } from '@talkbase/domain/contracts/ids';

const accountIdParams = z.object({ accountId: idSchema });

export function registerAccountRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  accounts: AccountsService,
  auth: AuthService,
): void {
  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/account',
    permission: 'admin',
    body: createAccountBodySchema,
    handler: async ({ body, auth: who, reply }) => {
      const created = await accounts.create(who, body);
      reply.code(201).header('location', `/api/account/${created.accountId}`);
      return created;
    },
  });

  // Own account: for now the password change (spec 001 §2.5); the profile fields land with /usuario.
  defineRoute(app, authenticate, {
    method: 'PUT',
    url: accountPaths.one,
    permission: 'session',
    params: accountIdParams,
    body: ownPasswordChangeSchema,
    handler: async ({ params, body, auth: who }) => {
      if (params.accountId !== who.accountId) throw forbidden();
      await auth.changePassword(who, body.currentPassword, body.newPassword);
      return {};
    },
  });
}
