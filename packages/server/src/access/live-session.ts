import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * A session that still lets its account in (not ended, not expired, the account active), with
 * what an identity is built from: read per request (modules/auth) and per real-time delivery
 * (realtime-filter.ts).
 */
export interface SessionRow {
  sessionId: string;
  accountId: number;
  companyId: number;
  keepConnected: number;
  expiresAt: number;
  roomId: number;
  accountType: number;
  isAdmin: number;
  catalogVersion: number;
  authVersion: number;
  tokenGen: number;
  rotatedAt: number | null;
}

export function findLiveSession(db: Kysely<Database>, sessionId: string, at: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .innerJoin('companies', 'companies.id', 'sessions.company_id')
    .select([
      'companies.catalog_version as catalogVersion',
      'companies.auth_version as authVersion',
      'sessions.id as sessionId',
      'sessions.account_id as accountId',
      'sessions.company_id as companyId',
      'sessions.keep_connected as keepConnected',
      'sessions.expires_at as expiresAt',
      'accounts.room_id as roomId',
      'accounts.account_type as accountType',
      'accounts.is_admin as isAdmin',
      'sessions.token_gen as tokenGen',
      'sessions.rotated_at as rotatedAt',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', at)
    .where('accounts.is_active', '=', 1)
    .executeTakeFirst() as Promise<SessionRow | undefined>;
}
