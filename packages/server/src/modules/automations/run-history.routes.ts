import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { jobRunListQuerySchema, jobRunPageSchema } from '@talkbase/domain/contracts/job-runs';
import type { Database } from '../../db/schema.ts';
import { defineRoute, type Authenticator } from '../../http/route.ts';
import { requirePlatformAdministrator } from '../../access/administration.ts';
import { listCompanyRuns } from './run-history.ts';

/**
 * The company's run history (issue 33 item 5; docs/api.md "Automations: runs"): every job's runs,
 * newest first, filtered by job and by status. Administrators of room 1, as the other job calls.
 */
export function registerRunHistoryRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  db: Kysely<Database>,
): void {
  defineRoute(app, authenticate, {
    method: 'GET',
    url: '/api/job/runs',
    permission: 'admin',
    query: jobRunListQuerySchema,
    summary:
      'As execuções de automações da empresa, das mais novas às mais antigas; `jobId` e `status` as filtram.',
    response: jobRunPageSchema,
    handler: ({ auth, query }) => {
      requirePlatformAdministrator(auth);
      return listCompanyRuns(db, auth, query);
    },
  });
}
