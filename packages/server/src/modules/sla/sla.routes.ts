import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SLA_PATHS,
  slaCalendarInputSchema,
  slaCalendarSchema,
  slaCalendarUpdateSchema,
  slaListSchema,
  slaPolicyInputSchema,
  slaPolicySchema,
  slaPolicyUpdateSchema,
  slaReportQuerySchema,
  slaReportSchema,
  slaActiveAnswerSchema,
  slaActiveQuerySchema,
  slaStateAnswerSchema,
  slaStateQuerySchema,
} from '@talkbase/domain/contracts/sla';
import { idSchema } from '@talkbase/domain/contracts/ids';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { SlaService } from './sla.service.ts';

/** Service levels (issue 37 item 3; docs/api.md "Service levels"). */
export function registerSlaRoutes(app: FastifyInstance, authenticate: Authenticator, sla: SlaService): void {
  const params = z.object({ id: idSchema });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: SLA_PATHS.calendar,
    permission: 'admin',
    response: slaListSchema(slaCalendarSchema),
    summary: 'Calendários de atendimento',
    handler: ({ auth }) => sla.calendars(auth),
  });
  defineRoute(app, authenticate, {
    method: 'POST',
    url: SLA_PATHS.calendar,
    permission: 'admin',
    body: slaCalendarInputSchema,
    response: slaCalendarSchema,
    status: 201,
    summary: 'Cria um calendário de atendimento',
    handler: async ({ auth, body, reply }) => {
      const created = await sla.createCalendar(auth, body);
      reply.code(201);
      return created;
    },
  });
  defineRoute(app, authenticate, {
    method: 'PUT',
    url: `${SLA_PATHS.calendar}/:id`,
    permission: 'admin',
    params,
    body: slaCalendarUpdateSchema,
    response: slaCalendarSchema,
    summary: 'Altera um calendário (com a versão vista; 409 se mudou)',
    handler: ({ auth, params: p, body }) => sla.updateCalendar(auth, p.id, body),
  });
  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: `${SLA_PATHS.calendar}/:id`,
    permission: 'admin',
    params,
    status: 204,
    summary: 'Exclui um calendário sem políticas',
    handler: async ({ auth, params: p }) => {
      await sla.deleteCalendar(auth, p.id);
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: SLA_PATHS.policy,
    permission: 'admin',
    response: slaListSchema(slaPolicySchema),
    summary: 'Políticas de SLA, na ordem de avaliação',
    handler: ({ auth }) => sla.policies(auth),
  });
  defineRoute(app, authenticate, {
    method: 'POST',
    url: SLA_PATHS.policy,
    permission: 'admin',
    body: slaPolicyInputSchema,
    response: slaPolicySchema,
    status: 201,
    summary: 'Cria uma política de SLA',
    handler: async ({ auth, body, reply }) => {
      const created = await sla.createPolicy(auth, body);
      reply.code(201);
      return created;
    },
  });
  defineRoute(app, authenticate, {
    method: 'PUT',
    url: `${SLA_PATHS.policy}/:id`,
    permission: 'admin',
    params,
    body: slaPolicyUpdateSchema,
    response: slaPolicySchema,
    summary: 'Altera uma política (com a versão vista; 409 se mudou)',
    handler: ({ auth, params: p, body }) => sla.updatePolicy(auth, p.id, body),
  });
  defineRoute(app, authenticate, {
    method: 'DELETE',
    url: `${SLA_PATHS.policy}/:id`,
    permission: 'admin',
    params,
    status: 204,
    summary: 'Exclui uma política e os prazos que ela deu',
    handler: async ({ auth, params: p }) => {
      await sla.deletePolicy(auth, p.id);
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: SLA_PATHS.state,
    permission: 'session',
    query: slaStateQuerySchema,
    response: slaStateAnswerSchema,
    summary: 'Prazos de SLA dos chamados de uma página do grid',
    handler: ({ auth, query }) => sla.states(auth, query.subject, query.ids),
  });
  defineRoute(app, authenticate, {
    method: 'GET',
    url: SLA_PATHS.active,
    permission: 'session',
    query: slaActiveQuerySchema,
    response: slaActiveAnswerSchema,
    summary: 'Se o grid do assunto mostra a coluna de SLA (há política ativa)',
    handler: ({ auth, query }) => sla.active(auth, query.subject),
  });
  defineRoute(app, authenticate, {
    method: 'GET',
    url: SLA_PATHS.report,
    permission: 'admin',
    query: slaReportQuerySchema,
    response: slaReportSchema,
    summary: 'Cumprimento de SLA por mês e por política',
    handler: ({ auth, query }) => sla.report(auth, query.months),
  });
}
