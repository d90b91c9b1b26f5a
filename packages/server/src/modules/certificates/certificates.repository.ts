import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface TicketRow {
  company_id: number;
  account_id: number;
  session_id: string;
  origin: string | null;
}

export async function insertTicket(
  db: Kysely<Database>,
  row: {
    id: string;
    companyId: number;
    accountId: number;
    sessionId: string;
    origin: string | null;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db
    .insertInto('certificate_tickets')
    .values({
      id: row.id,
      company_id: row.companyId,
      account_id: row.accountId,
      session_id: row.sessionId,
      origin: row.origin,
      created_at: row.now,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
  // Spent and stale tickets are of no further use; keep the table small.
  await db
    .deleteFrom('certificate_tickets')
    .where('expires_at', '<', row.now - 60 * 60 * 1000)
    .execute();
}

/**
 * Marks a ticket used and answers its row, or undefined when it is unknown, expired or already
 * used; the conditional update makes it single-use even across instances.
 */
export async function consumeTicket(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<TicketRow | undefined> {
  const result = await db
    .updateTable('certificate_tickets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('certificate_tickets')
    .select(['company_id', 'account_id', 'session_id', 'origin'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function sessionIsLive(db: Kysely<Database>, sessionId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCheck(
  db: Kysely<Database>,
  row: {
    companyId: number;
    accountId: number;
    valid: boolean;
    accountLogTypeId: number;
    holderName: string | null;
    cpf: string | null;
    checkedAt: number;
    expiresAt: number | null;
  },
): Promise<void> {
  await db
    .insertInto('certificate_checks')
    .values({
      company_id: row.companyId,
      account_id: row.accountId,
      valid: row.valid ? 1 : 0,
      account_log_type_id: row.accountLogTypeId,
      holder_name: row.holderName,
      cpf: row.cpf,
      checked_at: row.checkedAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** The account's latest valid check still in force. */
export async function checkInForce(
  db: Kysely<Database>,
  companyId: number,
  accountId: number,
  now: number,
): Promise<
  { holder_name: string | null; cpf: string | null; checked_at: number; expires_at: number } | undefined
> {
  const row = await db
    .selectFrom('certificate_checks')
    .select(['holder_name', 'cpf', 'checked_at', 'expires_at'])
    .where('account_id', '=', accountId)
    .where('company_id', '=', companyId)
    .where('valid', '=', 1)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.expires_at === null) return undefined;
  return { ...row, expires_at: row.expires_at };
}

export async function subjectIdentifiers(
  db: Kysely<Database>,
  companyId: number,
  ids: number[],
): Promise<{ id: number; identifier: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('subjects')
    .select(['id', 'identifier'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}
