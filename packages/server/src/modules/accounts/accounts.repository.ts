import type { Kysely, Selectable } from 'kysely';
import type { AccountsTable, Database } from '../../db/schema.ts';

export type AccountRow = Selectable<AccountsTable>;

export function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('email_normalized', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findAccountByIntegrationHash(db: Kysely<Database>, hash: string) {
  return db.selectFrom('accounts').selectAll().where('integration_hash', '=', hash).executeTakeFirst();
}

export function findAccount(db: Kysely<Database>, companyId: number, accountId: number) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', accountId)
    .executeTakeFirst();
}

export function findCompany(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
}

export function findRoom(db: Kysely<Database>, companyId: number, roomId: number) {
  return db
    .selectFrom('rooms')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', roomId)
    .executeTakeFirst();
}

export async function emailInUse(db: Kysely<Database>, email: string, exceptAccountId?: number) {
  let q = db.selectFrom('accounts').select('id').where('email_normalized', '=', email.trim().toLowerCase());
  if (exceptAccountId !== undefined) q = q.where('id', '!=', exceptAccountId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function appNameInUse(db: Kysely<Database>, companyId: number, appName: string) {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('account_type', '=', 2)
    .where('app_name', '=', appName.trim())
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewAccount {
  companyId: number;
  accountType: number;
  roomId: number;
  firstName: string | null;
  lastName: string | null;
  displayName: string;
  appName: string | null;
  email: string | null;
  phoneNumber: string | null;
  passwordHash: string;
  integrationHash: string | null;
  isAdmin: boolean;
  at: number;
}

export async function insertAccount(db: Kysely<Database>, a: NewAccount): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values({
      company_id: a.companyId,
      account_type: a.accountType,
      room_id: a.roomId,
      first_name: a.firstName,
      last_name: a.lastName,
      display_name: a.displayName,
      app_name: a.appName,
      email: a.email,
      email_normalized: a.email ? a.email.trim().toLowerCase() : null,
      phone_number: a.phoneNumber,
      image: null,
      password_hash: a.passwordHash,
      integration_hash: a.integrationHash,
      is_admin: a.isAdmin ? 1 : 0,
      two_factor_enabled: 0,
      is_active: 1,
      created_at: a.at,
      updated_at: a.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePasswordHash(db: Kysely<Database>, accountId: number, hash: string, at: number) {
  await db
    .updateTable('accounts')
    .set({ password_hash: hash, updated_at: at })
    .where('id', '=', accountId)
    .execute();
}

export async function setTwoFactor(db: Kysely<Database>, accountId: number, enabled: boolean) {
  await db
    .updateTable('accounts')
    .set({ two_factor_enabled: enabled ? 1 : 0 })
    .where('id', '=', accountId)
    .execute();
}
