import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  certificateStatusPath,
  certificateStatusSchema,
  certificateTicketPath,
  certificateTicketSchema,
} from '@talkbase/domain/contracts/certificates';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import type { CertificatesService } from './certificates.service.ts';

/** The web app's origin as the browser states it (same-origin POSTs carry Origin). */
function originOf(req: FastifyRequest): string | null {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  return `${req.protocol}://${req.host}`;
}

/** The main API's side of the certificate check (002 §4): the account's status and a ticket. */
export function registerCertificateRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  certificates: CertificatesService,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: certificateStatusPath,
    permission: 'session',
    response: certificateStatusSchema,
    handler: ({ req, auth }) => certificates.status(auth, req.hostname),
  });

  defineRoute(app, authenticate, {
    method: 'POST',
    url: certificateTicketPath,
    permission: 'session',
    response: certificateTicketSchema,
    status: 201,
    handler: async ({ req, reply, auth }) => {
      const ticket = await certificates.ticket(auth, originOf(req), req.hostname);
      void reply.code(201).header('cache-control', 'no-store');
      return ticket;
    },
  });
}
