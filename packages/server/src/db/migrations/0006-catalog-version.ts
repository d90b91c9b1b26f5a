import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/** The tables whose rows make up a company's catalog: its subjects and what each room may do with them. */
export const CATALOG_TABLES = [
  'subjects',
  'attributes',
  'room_subject_actions',
  'room_attribute_actions',
  'room_subject_scopes',
] as const;

/**
 * `companies.catalog_version` moves with every change to a company's subjects, attributes and room
 * permissions (and to the company row itself), by triggers in the same transaction as the change.
 * Each server instance keeps the catalog in memory and checks this one number per request
 * (modules/catalog): a change made by any writer — a service, the schema import, another instance,
 * a hand-run SQL statement — is seen by every instance on its next request.
 */
export function catalogVersion(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('companies')
        .addColumn('catalog_version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'sqlite') {
        for (const table of CATALOG_TABLES) {
          for (const [event, row] of [
            ['insert', 'new'],
            ['update', 'new'],
            ['delete', 'old'],
          ] as const) {
            await sql
              .raw(
                `create trigger ${table}_catalog_${event} after ${event} on ${table} for each row begin ` +
                  `update companies set catalog_version = catalog_version + 1 where id = ${row}.company_id; end`,
              )
              .execute(db);
          }
        }
        await sql
          .raw(
            `create trigger companies_catalog_update after update of time_zone, name on companies for each row begin ` +
              `update companies set catalog_version = catalog_version + 1 where id = new.id; end`,
          )
          .execute(db);
        return;
      }
      await sql
        .raw(
          `create function tb_bump_catalog() returns trigger language plpgsql as $$
           begin
             update companies set catalog_version = catalog_version + 1
              where id = case when tg_op = 'DELETE' then old.company_id else new.company_id end;
             return null;
           end $$`,
        )
        .execute(db);
      for (const table of CATALOG_TABLES) {
        await sql
          .raw(
            `create trigger ${table}_catalog after insert or update or delete on ${table} ` +
              `for each row execute function tb_bump_catalog()`,
          )
          .execute(db);
      }
      await sql
        .raw(
          `create function tb_bump_company_catalog() returns trigger language plpgsql as $$
           begin
             new.catalog_version := old.catalog_version + 1;
             return new;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger companies_catalog before update of time_zone, name on companies ` +
            `for each row when (old.time_zone is distinct from new.time_zone or old.name is distinct from new.name) ` +
            `execute function tb_bump_company_catalog()`,
        )
        .execute(db);
    },
  };
}
