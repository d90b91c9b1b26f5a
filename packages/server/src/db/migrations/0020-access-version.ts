import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * `companies.catalog_version` (0006) also moves with what limits an account beyond its room's
 * grants — its attribute values and the records shared with it — and with a room's settings
 * (the subjects that require a digital-certificate check). These are read on every records
 * request; with the version they are kept in memory and checked by the one number the session
 * read brings (modules/catalog, modules/permissions), like the rest of the catalog.
 *
 * They change on an administrator's edit only, so reloading the catalog after one costs nothing
 * that matters.
 */
export function accessVersion(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const sqlite: [string, string][] = [
        [
          'account_attributes_catalog_insert',
          'after insert on account_attributes for each row begin update companies set catalog_version = catalog_version + 1 where id = new.company_id; end',
        ],
        [
          'account_attributes_catalog_update',
          'after update on account_attributes for each row begin update companies set catalog_version = catalog_version + 1 where id = new.company_id; end',
        ],
        [
          'account_attributes_catalog_delete',
          'after delete on account_attributes for each row begin update companies set catalog_version = catalog_version + 1 where id = old.company_id; end',
        ],
        [
          'accounts_catalog_shared',
          'after update of shared_talks on accounts for each row when old.shared_talks is not new.shared_talks begin update companies set catalog_version = catalog_version + 1 where id = new.company_id; end',
        ],
        [
          'rooms_catalog_settings',
          'after update of settings on rooms for each row when old.settings is not new.settings begin update companies set catalog_version = catalog_version + 1 where id = new.company_id; end',
        ],
      ];
      if (dialect === 'sqlite') {
        for (const [name, body] of sqlite) await sql.raw(`create trigger ${name} ${body}`).execute(db);
        return;
      }
      // tb_bump_catalog() is 0006's: it moves the version of the row's company.
      await sql
        .raw(
          `create trigger account_attributes_catalog after insert or update or delete on account_attributes ` +
            `for each row execute function tb_bump_catalog()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger accounts_catalog_shared after update of shared_talks on accounts for each row ` +
            `when (old.shared_talks is distinct from new.shared_talks) execute function tb_bump_catalog()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger rooms_catalog_settings after update of settings on rooms for each row ` +
            `when (old.settings is distinct from new.settings) execute function tb_bump_catalog()`,
        )
        .execute(db);
    },
  };
}
