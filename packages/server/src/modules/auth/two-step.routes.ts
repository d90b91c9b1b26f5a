import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import {
  companySecuritySchema,
  twoStepConfirmBodySchema,
  twoStepDisableBodySchema,
  twoStepPaths,
  twoStepSetBodySchema,
  twoStepStateSchema,
} from '@talkbase/domain/contracts/two-step';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { TwoStepService } from './two-step.service.ts';

const accountIdParams = z.object({ accountId: idSchema });

/** Two-step sign-in switched on and off, and the company rule (issue 34 item 4). */
export function registerTwoStepRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  twoStep: TwoStepService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: twoStepPaths.own,
    permission: 'session',
    response: twoStepStateSchema,
    handler: ({ auth }) => twoStep.ownState(auth),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: twoStepPaths.start,
    permission: 'session',
    body: z.unknown().optional(),
    status: 204,
    handler: async ({ auth }) => {
      await twoStep.start(auth);
    },
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: twoStepPaths.confirm,
    permission: 'session',
    body: twoStepConfirmBodySchema,
    response: twoStepStateSchema,
    handler: ({ auth, body }) => twoStep.confirm(auth, body.passcode),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: twoStepPaths.disable,
    permission: 'session',
    body: twoStepDisableBodySchema,
    response: twoStepStateSchema,
    handler: ({ auth, body }) => twoStep.disable(auth, body.currentPassword),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: twoStepPaths.account,
    permission: 'admin',
    params: accountIdParams,
    response: twoStepStateSchema,
    handler: ({ auth, params }) => twoStep.accountState(auth, params.accountId),
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: twoStepPaths.account,
    permission: 'admin',
    params: accountIdParams,
    body: twoStepSetBodySchema,
    response: twoStepStateSchema,
    handler: ({ auth, params, body }) => twoStep.setForAccount(auth, params.accountId, body.enabled),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: twoStepPaths.companySecurity,
    permission: 'admin',
    response: companySecuritySchema,
    handler: ({ auth }) => twoStep.companySecurity(auth),
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: twoStepPaths.companySecurity,
    permission: 'admin',
    body: companySecuritySchema,
    response: companySecuritySchema,
    handler: ({ auth, body }) => twoStep.setCompanySecurity(auth, body),
  });
}
