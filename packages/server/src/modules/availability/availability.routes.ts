import type { FastifyInstance } from 'fastify';
import {
  availabilityAnswerSchema,
  availabilityParamsSchema,
  availabilityQuerySchema,
} from '@talkbase/domain/contracts/availability';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { AvailabilityService } from './availability.service.ts';

/** The time window's availability (spec 002 §3; the call is ours, §7 does not show it). */
export function registerAvailabilityRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  availability: AvailabilityService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/availability/:subject/:attributeId',
    permission: 'session',
    params: availabilityParamsSchema,
    query: availabilityQuerySchema,
    response: availabilityAnswerSchema,
    handler: ({ params, query, auth }) => availability.days(auth, params.subject, params.attributeId, query),
  });
}
