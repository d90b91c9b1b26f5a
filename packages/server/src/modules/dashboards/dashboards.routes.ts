import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  dashboardListSchema,
  dashboardPaths,
  dashboardSchema,
  dashboardWriteSchema,
} from '@talkbase/domain/contracts/dashboards';
import { idSchema } from '@talkbase/domain/contracts/ids';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { DashboardsService } from './dashboards.service.ts';

const params = z.object({ dashboardId: idSchema });

export function registerDashboardRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  dashboards: DashboardsService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: dashboardPaths.list,
    permission: 'session',
    summary:
      'Lista cada painel que a conta vê: os seus e os da empresa publicados para o seu perfil de acesso',
    response: dashboardListSchema,
    handler: ({ auth }) => dashboards.list(auth),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: dashboardPaths.list,
    permission: 'session',
    summary: 'Cria um painel pessoal, ou (administradores) um painel da empresa publicado para perfis',
    body: dashboardWriteSchema,
    response: dashboardSchema,
    status: 201,
    handler: async ({ auth, body, reply }) => {
      const created = await dashboards.create(auth, body);
      reply.code(201).header('location', `/api/dashboard/${String(created.dashboardId)}`);
      return created;
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: dashboardPaths.one,
    permission: 'session',
    summary: 'Um painel e seus indicadores (cada indicador é respondido por /api/talk/aggregate)',
    params,
    response: dashboardSchema,
    handler: ({ auth, params: p }) => dashboards.get(auth, p.dashboardId),
  });

  defineRoute(app, authenticate, {
    method: 'PUT',
    url: dashboardPaths.one,
    permission: 'session',
    summary: 'Altera um painel (o dono, ou administradores nos da empresa)',
    params,
    body: dashboardWriteSchema,
    response: dashboardSchema,
    handler: ({ auth, params: p, body }) => dashboards.update(auth, p.dashboardId, body),
  });

  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: dashboardPaths.one,
    permission: 'session',
    summary: 'Exclui um painel (o dono, ou administradores nos da empresa)',
    params,
    status: 204,
    handler: async ({ auth, params: p }) => {
      await dashboards.remove(auth, p.dashboardId);
    },
  });
}
