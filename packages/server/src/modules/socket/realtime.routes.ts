import type { FastifyInstance } from 'fastify';
import { REALTIME_PATH } from '@talkbase/domain/contracts/realtime';
import { unauthorized } from '../../http/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';

/**
 * GET /websocket?access_token=… — browsers cannot set headers on a WebSocket, so the token
 * comes in the query (or a bearer header from other clients). Refused before the upgrade.
 */
export function registerRealtimeRoutes(app: FastifyInstance, auth: AuthService, hub: RealtimeHub): void {
  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { permission: 'session' },
    preValidation: async (req) => {
      const query = req.query as Record<string, unknown>;
      const token = typeof query.access_token === 'string' ? query.access_token : undefined;
      req.auth = token
        ? await auth.authenticateToken(token)
        : await auth.authenticate(req.headers.authorization);
      if (!req.auth) throw unauthorized();
    },
    handler: (_req, reply) => reply.code(426).send({ errors: [{ message: 'Use uma conexão WebSocket.' }] }),
    wsHandler: (socket, req) => {
      const who = req.auth;
      if (!who) {
        socket.close(4401, 'unauthorized');
        return;
      }
      hub.add({ socket, sessionId: who.sessionId, accountId: who.accountId, companyId: who.companyId });
      // Clients only listen; anything they send is ignored.
      socket.on('message', () => undefined);
    },
  });
}
