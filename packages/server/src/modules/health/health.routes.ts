import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';

export const VERSION = '0.1.0';

/** GET /api/health — 200 when this instance can reach its database (for load balancers). */
export function registerHealthRoutes(app: FastifyInstance, authenticate: Authenticator, db: Db): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/health',
    permission: 'public',
    handler: async () => {
      try {
        await sql`select 1`.execute(db.kysely);
      } catch {
        throw new HttpError(503, 'Banco de dados indisponível.');
      }
      return { status: 'ok', version: VERSION, database: db.dialect };
    },
  });
}
