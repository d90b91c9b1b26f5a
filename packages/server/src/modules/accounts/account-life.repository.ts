import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, ADMIN_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { Database } from '../../db/schema.ts';

/** SQL of an account's life cycle: suspension, reset links, new credentials. */

/**
 * Takes the company row's lock for the rest of the transaction (PostgreSQL; SQLite has one writer
 * anyway): two administrators suspending each other at once then run one after the other, and the
 * second sees the first's change. Moving `auth_version` is what suspending does anyway (0021).
 */
export async function lockCompany(db: Kysely<Database>, companyId: number): Promise<void> {
  await db
    .updateTable('companies')
    .set((eb) => ({ auth_version: eb('auth_version', '+', 1) }))
    .where('id', '=', companyId)
    .execute();
}

/** Active administrators of room 1 in the company (persons; the flag never counts on an integration). */
export async function countActiveRoomOneAdmins(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('room_id', '=', ADMIN_ROOM_ID)
    .where('account_type', '=', ACCOUNT_TYPE.person)
    .where('is_admin', '=', 1)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function setAccountActive(
  db: Kysely<Database>,
  accountId: number,
  isActive: boolean,
  at: number,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ is_active: isActive ? 1 : 0, updated_at: at })
    .where('id', '=', accountId)
    .execute();
}

/** Ends every session of the account now (sockets of those sessions close on the next sweep). */
export async function revokeAllSessions(db: Kysely<Database>, accountId: number, at: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Burns the account's reset links and sign-in codes still pending. */
export async function burnPendingCodes(db: Kysely<Database>, accountId: number, at: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .updateTable('passcodes')
    .set({ used_at: at })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertPasswordReset(
  db: Kysely<Database>,
  row: { companyId: number; accountId: number; tokenHash: string; at: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      company_id: row.companyId,
      account_id: row.accountId,
      token_hash: row.tokenHash,
      created_at: row.at,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

/** The pending, unexpired link with this token hash, with its account if that is still usable. */
export function findPendingReset(db: Kysely<Database>, tokenHash: string, at: number) {
  return db
    .selectFrom('password_resets')
    .innerJoin('accounts', 'accounts.id', 'password_resets.account_id')
    .selectAll('accounts')
    .select(['password_resets.id as reset_id'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', at)
    .where('accounts.is_active', '=', 1)
    .where('accounts.deleted_at', 'is', null)
    .where('accounts.account_type', '=', ACCOUNT_TYPE.person)
    .executeTakeFirst();
}

/** Marks a link used; false when another request used it first (single use under races). */
export async function consumeReset(db: Kysely<Database>, resetId: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('id', '=', resetId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
