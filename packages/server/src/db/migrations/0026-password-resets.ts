import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Self-service password reset (issue 34 item 5): one row per link e-mailed. Only the SHA-256 of the
 * link's token is kept, so a copy of the database opens no account; `used_at` makes a link single
 * use (also set on the links still pending when one is used, or when the account is suspended).
 */
export function passwordResets(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('password_resets')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('password_resets_account')
        .on('password_resets')
        .column('account_id')
        .execute();
    },
  };
}
