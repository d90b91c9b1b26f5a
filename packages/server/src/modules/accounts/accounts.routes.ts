import type { AuthContext } from '../../access/identity.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountDetailSchema,
  accountListQuerySchema,
  accountPageSchema,
  accountPaths,
  createAccountBodySchema,
  createAccountResponseSchema,
  PROFILE_IMAGE_MAX_BYTES,
  updateAccountBodySchema,
} from '@talkbase/domain/contracts/account';
import { MAX_PAGE_SIZE } from '../../http/paging.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import { sendStreamedList } from '../../http/streamed-list.ts';
import type { AccountsService } from './accounts.service.ts';
import { registerAccountLifeRoutes } from './account-life.routes.ts';
import type { AccountLifeService } from './account-life.service.ts';
import { idSchema } from '@talkbase/domain/contracts/ids';

const accountIdParams = z.object({ accountId: idSchema });

/** Bodies may carry a profile image (1 MB, base64 adds a third) besides the other fields. */
const ACCOUNT_BODY_LIMIT = Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 512 * 1024;

/** The account calls of spec 001 §7: users, integration accounts and the own profile. */
export function registerAccountRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  accounts: AccountsService,
  /** The own password change (modules/auth: it checks the current password under the sign-in limit). */
  changePassword: (auth: AuthContext, currentPassword: string, newPassword: string) => Promise<void>,
  life: AccountLifeService,
): void {
  // Before /api/account/:accountId: the static /api/account/password/... paths are life-cycle calls.
  registerAccountLifeRoutes(app, authenticate, accounts, life);
  defineRoute(app, authenticate, {
    method: 'GET',
    url: accountPaths.list,
    permission: 'admin',
    query: accountListQuerySchema,
    response: accountPageSchema,
    handler: async ({ query, auth: who, reply }) =>
      query.ResultsPerPage > MAX_PAGE_SIZE
        ? sendStreamedList(reply, await accounts.pageStreamed(who, query))
        : accounts.page(who, query),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: accountPaths.list,
    permission: 'admin',
    body: createAccountBodySchema,
    bodyLimit: ACCOUNT_BODY_LIMIT,
    response: createAccountResponseSchema,
    status: 201,
    summary:
      'Cria uma pessoa ou uma conta de integração; as credenciais da integração vêm só nesta resposta.',
    handler: async ({ body, auth: who, reply }) => {
      const created = await accounts.create(who, body);
      reply.code(201).header('location', `/api/account/${created.accountId}`);
      return created;
    },
  });

  // Administrators read any account of the company; everyone reads their own (the /usuario page).
  defineRoute(app, authenticate, {
    method: 'GET',
    url: accountPaths.one,
    permission: 'session',
    params: accountIdParams,
    response: accountDetailSchema,
    handler: ({ params, auth: who }) => accounts.get(who, params.accountId),
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: accountPaths.one,
    permission: 'session',
    params: accountIdParams,
    body: updateAccountBodySchema,
    bodyLimit: ACCOUNT_BODY_LIMIT,
    response: accountDetailSchema,
    handler: ({ params, body, auth: who }) => accounts.update(who, params.accountId, body, changePassword),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: accountPaths.one,
    permission: 'admin',
    params: accountIdParams,
    status: 204,
    handler: async ({ params, auth: who }) => {
      await accounts.remove(who, params.accountId);
    },
  });

  // Profile pictures are shown to every signed-in user of the company (lists, the top bar).
  defineRoute(app, authenticate, {
    method: 'GET',
    url: accountPaths.image,
    permission: 'session',
    params: accountIdParams,
    answers: 'file',
    handler: async ({ params, auth: who, reply }) => {
      const image = await accounts.image(who, params.accountId);
      return reply
        .type(image.type)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(image.bytes);
    },
  });
}
