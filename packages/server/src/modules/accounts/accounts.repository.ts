import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccountsTable, Database } from '../../db/schema.ts';
import { likePattern } from '../../http/paging.ts';

export type AccountRow = Selectable<AccountsTable>;

export function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('email_normalized', '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findAccountByIntegrationHash(db: Kysely<Database>, hash: string) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('integration_hash', '=', hash)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findAccount(db: Kysely<Database>, companyId: number, accountId: number) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', accountId)
    .where('deleted_at', 'is', null)
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

export async function appNameInUse(
  db: Kysely<Database>,
  companyId: number,
  appName: string,
  exceptAccountId?: number,
) {
  let q = db
    .selectFrom('accounts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('account_type', '=', 2)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`lower(app_name) = ${appName.trim().toLowerCase()}`);
  if (exceptAccountId !== undefined) q = q.where('id', '!=', exceptAccountId);
  return (await q.executeTakeFirst()) !== undefined;
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
  /** JSON; none shared when absent. */
  sharedTalks?: string;
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
      shared_talks: a.sharedTalks ?? '[]',
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

export interface AccountListRow extends AccountRow {
  room_name: string | null;
  image_name: string | null;
  image_type: string | null;
  image_at: number | null;
}

/** A page of the company's live accounts, by name, with each one's room and image. */
export async function pageAccounts(
  db: Kysely<Database>,
  companyId: number,
  opts: {
    offset: number;
    fetch: number;
    term?: string | undefined;
    exceptAccountId?: number | undefined;
    /** false: suspended accounts are left out. */
    includeInactive?: boolean | undefined;
    /** Keyset: the rows after this one in the list's order (a streamed page's next chunk). */
    after?: { sortKey: string; id: number } | undefined;
  },
): Promise<{ rows: (AccountListRow & { sort_key: string })[]; total: number }> {
  let q = db
    .selectFrom('accounts')
    .where('accounts.company_id', '=', companyId)
    .where('accounts.deleted_at', 'is', null);
  if (opts.exceptAccountId !== undefined) q = q.where('accounts.id', '!=', opts.exceptAccountId);
  if (opts.includeInactive === false) q = q.where('accounts.is_active', '=', 1);
  if (opts.term) {
    const pattern = likePattern(opts.term.toLowerCase());
    const like = (column: string) =>
      sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
    q = q.where((eb) =>
      eb.or([
        like('accounts.first_name'),
        like('accounts.last_name'),
        like('accounts.display_name'),
        like('accounts.email'),
        like('accounts.app_name'),
        sql<boolean>`lower(coalesce(accounts.first_name, '') || ' ' || coalesce(accounts.last_name, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const sortKey = sql<string>`lower(coalesce(accounts.app_name, accounts.first_name, accounts.display_name))`;
  const after = opts.after;
  const [rows, count] = await Promise.all([
    (after
      ? q.where((eb) =>
          eb.or([
            eb(sortKey, '>', after.sortKey),
            eb.and([eb(sortKey, '=', after.sortKey), eb('accounts.id', '>', after.id)]),
          ]),
        )
      : q
    )
      .leftJoin('rooms', 'rooms.id', 'accounts.room_id')
      .leftJoin('account_images', 'account_images.account_id', 'accounts.id')
      .selectAll('accounts')
      .select([
        'rooms.name as room_name',
        'account_images.name as image_name',
        'account_images.type as image_type',
        'account_images.updated_at as image_at',
        sortKey.as('sort_key'),
      ])
      .orderBy(sortKey)
      .orderBy('accounts.id')
      .limit(opts.fetch)
      .offset(opts.offset)
      .execute(),
    after ? { n: -1 } : q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

/** One live account of the company with its room and image, as the list row has it. */
export function findAccountRow(
  db: Kysely<Database>,
  companyId: number,
  accountId: number,
): Promise<AccountListRow | undefined> {
  return db
    .selectFrom('accounts')
    .leftJoin('rooms', 'rooms.id', 'accounts.room_id')
    .leftJoin('account_images', 'account_images.account_id', 'accounts.id')
    .selectAll('accounts')
    .select([
      'rooms.name as room_name',
      'account_images.name as image_name',
      'account_images.type as image_type',
      'account_images.updated_at as image_at',
    ])
    .where('accounts.company_id', '=', companyId)
    .where('accounts.id', '=', accountId)
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
}

export function accountAttributes(db: Kysely<Database>, accountId: number) {
  return db
    .selectFrom('account_attributes')
    .innerJoin('attributes', 'attributes.id', 'account_attributes.attribute_id')
    .innerJoin('subjects', 'subjects.id', 'attributes.subject_id')
    .select([
      'account_attributes.attribute_id',
      'account_attributes.value',
      'attributes.identifier',
      'attributes.name',
      'attributes.component_id',
      'subjects.identifier as subject_identifier',
    ])
    .where('account_attributes.account_id', '=', accountId)
    .orderBy('account_attributes.position')
    .execute();
}

export async function replaceAccountAttributes(
  db: Kysely<Database>,
  companyId: number,
  accountId: number,
  values: { attributeId: number; value: string | null }[],
): Promise<void> {
  await db.deleteFrom('account_attributes').where('account_id', '=', accountId).execute();
  if (values.length === 0) return;
  await db
    .insertInto('account_attributes')
    .values(
      values.map((v, position) => ({
        company_id: companyId,
        account_id: accountId,
        position,
        attribute_id: v.attributeId,
        value: v.value,
      })),
    )
    .execute();
}

export function findAccountImage(db: Kysely<Database>, companyId: number, accountId: number) {
  return db
    .selectFrom('account_images')
    .innerJoin('accounts', 'accounts.id', 'account_images.account_id')
    .select([
      'account_images.name',
      'account_images.type',
      'account_images.data',
      'account_images.updated_at',
    ])
    .where('account_images.company_id', '=', companyId)
    .where('account_images.account_id', '=', accountId)
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function saveAccountImage(
  db: Kysely<Database>,
  companyId: number,
  accountId: number,
  image: { name: string; type: string; data: string } | null,
  at: number,
): Promise<void> {
  await db.deleteFrom('account_images').where('account_id', '=', accountId).execute();
  // The session's user carries the image's address (sign-in answers `user.image`).
  await db
    .updateTable('accounts')
    .set({ image: image ? accountImageUrl(accountId, at) : null })
    .where('id', '=', accountId)
    .execute();
  if (!image) return;
  await db
    .insertInto('account_images')
    .values({ account_id: accountId, company_id: companyId, ...image, updated_at: at })
    .execute();
}

/** Where an account's image is served; the version makes a new image a new address for caches. */
export const accountImageUrl = (accountId: number, version: number) =>
  `/api/account/${accountId}/image?v=${version}`;

export interface AccountChanges {
  roomId?: number;
  firstName?: string;
  lastName?: string;
  displayName?: string;
  phoneNumber?: string;
  appName?: string;
  email?: string;
  isAdmin?: boolean;
  sharedTalks?: string;
}

export async function updateAccount(
  db: Kysely<Database>,
  accountId: number,
  c: AccountChanges,
  at: number,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      ...(c.roomId !== undefined ? { room_id: c.roomId } : {}),
      ...(c.firstName !== undefined ? { first_name: c.firstName } : {}),
      ...(c.lastName !== undefined ? { last_name: c.lastName } : {}),
      ...(c.displayName !== undefined ? { display_name: c.displayName } : {}),
      ...(c.phoneNumber !== undefined ? { phone_number: c.phoneNumber } : {}),
      ...(c.appName !== undefined ? { app_name: c.appName } : {}),
      ...(c.email !== undefined ? { email: c.email, email_normalized: c.email.trim().toLowerCase() } : {}),
      ...(c.isAdmin !== undefined ? { is_admin: c.isAdmin ? 1 : 0 } : {}),
      ...(c.sharedTalks !== undefined ? { shared_talks: c.sharedTalks } : {}),
      updated_at: at,
    })
    .where('id', '=', accountId)
    .execute();
}

/**
 * Removes an account: the row stays (history names it) but it can no longer sign in, its e-mail and
 * integration hash are free again, its image and attribute values go, and every session ends. It
 * leaves its room for the company's built-in administrators' room (which cannot be deleted), so an
 * access profile is never kept in use by accounts no one can see.
 */
export async function removeAccount(
  db: Kysely<Database>,
  companyId: number,
  accountId: number,
  at: number,
): Promise<void> {
  const parking = await db
    .selectFrom('rooms')
    .select('id')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'admin')
    .orderBy('id')
    .executeTakeFirst();
  await db
    .updateTable('accounts')
    .set({
      ...(parking ? { room_id: parking.id } : {}),
      deleted_at: at,
      is_active: 0,
      email_normalized: null,
      integration_hash: null,
      image: null,
      updated_at: at,
    })
    .where('id', '=', accountId)
    .execute();
  await db.deleteFrom('account_images').where('account_id', '=', accountId).execute();
  await db.deleteFrom('account_attributes').where('account_id', '=', accountId).execute();
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}
