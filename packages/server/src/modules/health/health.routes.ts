import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';

export const VERSION = '0.1.0';

const healthAnswer = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
});

/** GET /api/health — 200 when this instance can reach its database (for load balancers). */
export function registerHealthRoutes(app: FastifyInstance, authenticate: Authenticator, db: Db): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/health',
    permission: 'public',
    summary:
      'Estado desta instância e do seu banco de dados (para balanceadores); 503 quando o banco não responde.',
    response: healthAnswer,
    handler: async (): Promise<z.infer<typeof healthAnswer>> => {
      try {
        await sql`select 1`.execute(db.kysely);
      } catch {
        throw new HttpError(503, 'Banco de dados indisponível.');
      }
      return { status: 'ok', version: VERSION, database: db.dialect };
    },
  });
}
