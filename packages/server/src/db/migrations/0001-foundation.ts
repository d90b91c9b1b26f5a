import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/** Companies, rooms, accounts and what sign-in needs. Every row carries its company. */
export function foundation(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('companies')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('America/Sao_Paulo'))
        .addColumn('two_factor_required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rooms')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text')
        .addColumn('color', 'text')
        // admin: every permission on every subject, granted as subjects are created.
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('custom'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rooms_company').on('rooms').column('company_id').execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('account_type', 'integer', (c) => c.notNull())
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id'))
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('app_name', 'text')
        .addColumn('email', 'text')
        .addColumn('email_normalized', 'text')
        .addColumn('phone_number', 'text')
        .addColumn('image', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('integration_hash', 'text')
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('two_factor_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('accounts_email')
        .unique()
        .on('accounts')
        .column('email_normalized')
        .execute();
      await db.schema
        .createIndex('accounts_integration_hash')
        .unique()
        .on('accounts')
        .column('integration_hash')
        .execute();
      await db.schema.createIndex('accounts_company').on('accounts').columns(['company_id', 'id']).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('keep_connected', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('refreshed_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();

      await db.schema
        .createTable('passcodes')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('keep_connected', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('passcodes_account').on('passcodes').column('account_id').execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
