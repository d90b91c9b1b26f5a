import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import {
  SCENARIOS,
  companyMenuSchema,
  menuNodeSchema,
  menuReaderRoomSchema,
  menuTreeInputSchema,
  scenarioListSchema,
} from '@talkbase/domain/contracts/menus';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { MenusService } from './menus.service.ts';

/** The company menu calls of spec 001 §7 "Menu". */
export function registerMenuRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  menus: MenusService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/presentation/menu/all',
    permission: 'session',
    query: z.object({ scope: z.enum(['company']).optional() }),
    response: companyMenuSchema,
    handler: ({ auth, query }) => menus.visibleMenu(auth, query.scope),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/presentation/menu/readers',
    permission: 'admin',
    response: z.array(menuReaderRoomSchema),
    handler: ({ auth }) => menus.readers(auth),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/presentation/menu/:menuId',
    permission: 'session',
    params: z.object({ menuId: idSchema }),
    response: menuNodeSchema,
    handler: ({ auth, params }) => menus.visibleNode(auth, params.menuId),
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: '/api/presentation/menu/:companyId',
    permission: 'admin',
    params: z.object({ companyId: idSchema }),
    body: menuTreeInputSchema,
    response: companyMenuSchema,
    handler: ({ auth, params, body }) => menus.save(auth, params.companyId, body),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/scenario/all',
    permission: 'session',
    response: scenarioListSchema,
    handler: () => Promise.resolve(SCENARIOS.map((s) => ({ ...s }))),
  });
}
