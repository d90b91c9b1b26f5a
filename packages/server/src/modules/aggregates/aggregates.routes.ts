import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  aggregatePath,
  aggregateRequestSchema,
  aggregateResponseSchema,
} from '@talkbase/domain/contracts/aggregates';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { AggregatesService } from './aggregates.service.ts';

export function registerAggregateRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  aggregates: AggregatesService,
): void {
  defineRoute(app, authenticate, {
    method: 'POST',
    url: aggregatePath,
    permission: 'session',
    summary: 'Contagens, somas e médias dos registros de um assunto, agrupadas por até dois campos',
    params: z.object({ subject: z.string().trim().min(1).max(60) }),
    body: aggregateRequestSchema,
    response: aggregateResponseSchema,
    handler: ({ params, body, auth }) => aggregates.aggregate(auth, params.subject, body),
  });
}
