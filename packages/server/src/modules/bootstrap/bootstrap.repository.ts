import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export async function hasAnyCompany(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function insertCompany(db: Kysely<Database>, id: number, name: string, at: number) {
  await db
    .insertInto('companies')
    .values({ id, name, time_zone: 'America/Sao_Paulo', two_factor_required: 0, created_at: at })
    .execute();
}

export async function insertRoom(
  db: Kysely<Database>,
  room: { id: number; companyId: number; name: string; color: string; kind: 'admin' | 'customer' | 'custom' },
  at: number,
) {
  await db
    .insertInto('rooms')
    .values({
      id: room.id,
      company_id: room.companyId,
      name: room.name,
      display_name: room.name,
      color: room.color,
      kind: room.kind,
      created_at: at,
    })
    .execute();
}

/** After rows with explicit ids, PostgreSQL's sequences must move past them. */
export async function syncSequences(db: Kysely<Database>, dialect: DialectName, tables: string[]) {
  if (dialect !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(
      db,
    );
  }
}

/** The secret that signs access tokens, shared by every instance through the database. */
export async function tokenSecret(db: Kysely<Database>): Promise<string> {
  const existing = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'token')
    .executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('server_secrets')
    .values({ name: 'token', value: crypto.randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'token')
    .executeTakeFirstOrThrow();
  return row.value;
}
