import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@talkbase/domain/contracts/ids';
import { JOB_DEFAULT_PAGE_SIZE, JOB_PAGE_SIZES } from '@talkbase/domain/contracts/jobs';
import {
  jobEngineStateSchema,
  jobRunDetailSchema,
  jobRunPageSchema,
  jobRunStartedSchema,
} from '@talkbase/domain/contracts/job-runs';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { AutomationEngine } from './engine.ts';
import { requirePlatformAdministrator } from '../../access/administration.ts';

const runsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  fetch: z.coerce
    .number()
    .int()
    .default(JOB_DEFAULT_PAGE_SIZE)
    .refine((n) => (JOB_PAGE_SIZES as readonly number[]).includes(n), {
      message: `Tamanho de página inválido: use ${JOB_PAGE_SIZES.join(', ')}.`,
    }),
});

/** Administrators of room 1, as the job calls. */
function manager(auth: AuthContext): AuthContext {
  requirePlatformAdministrator(auth);
  return auth;
}

/** The run calls of automations (issue 16; docs/api.md "Automations: runs"). */
export function registerAutomationRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  engine: AutomationEngine,
): void {
  const jobParams = z.object({ jobId: idSchema });
  const runParams = z.object({ runId: idSchema });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/job/:jobId/run',
    permission: 'admin',
    params: jobParams,
    summary:
      'Executa a automação sobre todos os registros existentes que atendem ao seu primeiro evento (em segundo plano).',
    response: jobRunStartedSchema,
    status: 202,
    handler: async ({ auth, params, reply }) => {
      const runId = await engine.runOnExisting(manager(auth), params.jobId);
      reply.code(202);
      return { runId };
    },
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/job/:jobId/runs',
    permission: 'admin',
    params: jobParams,
    query: runsQuery,
    response: jobRunPageSchema,
    handler: ({ auth, params, query }) =>
      engine.listRuns(manager(auth), params.jobId, query.page, query.fetch),
  });

  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/job/run/:runId',
    permission: 'admin',
    params: runParams,
    response: jobRunDetailSchema,
    handler: ({ auth, params }) => engine.getRun(manager(auth), params.runId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/job/run/:runId/retry',
    permission: 'admin',
    params: runParams,
    response: jobRunDetailSchema,
    handler: ({ auth, params }) => engine.retry(manager(auth), params.runId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/job/run/:runId/resume',
    permission: 'admin',
    params: runParams,
    response: jobRunDetailSchema,
    handler: ({ auth, params }) => engine.resume(manager(auth), params.runId),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/job/run/:runId/cancel',
    permission: 'admin',
    params: runParams,
    response: jobRunDetailSchema,
    handler: ({ auth, params }) => engine.cancel(manager(auth), params.runId),
  });

  // The company's engine (issue 33): paused, no run of the company starts or continues.
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/job/engine',
    permission: 'admin',
    summary: 'Se as automações da empresa estão pausadas, desde quando e por quem.',
    response: jobEngineStateSchema,
    handler: ({ auth }) => engine.engineState(manager(auth)),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/job/pause',
    permission: 'admin',
    summary:
      'Pausa as automações da empresa: nenhuma execução começa ou continua (as em andamento param no próximo passo ou lote); eventos e agendamentos seguem criando execuções pendentes.',
    response: jobEngineStateSchema,
    handler: ({ auth }) => engine.pauseEngine(manager(auth)),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: '/api/job/resume',
    permission: 'admin',
    summary: 'Retoma as automações da empresa: as execuções pendentes continuam de onde pararam.',
    response: jobEngineStateSchema,
    handler: ({ auth }) => engine.resumeEngine(manager(auth)),
  });
}
