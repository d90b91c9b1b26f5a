import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * The digital-certificate check (spec 002 §4, §8): every check an account ran, its outcome and, when
 * valid, the holder it names, in force for 24 hours; and the one-use tickets that tie a request to
 * the TLS endpoint (another port, no bearer header) to the signed-in account that asked for it.
 */
export function certificateChecks(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('certificate_checks')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('valid', 'integer', (c) => c.notNull())
        .addColumn('account_log_type_id', 'integer', (c) => c.notNull())
        .addColumn('holder_name', 'text')
        .addColumn('cpf', 'text')
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('certificate_checks_account')
        .on('certificate_checks')
        .columns(['account_id', 'valid', 'expires_at'])
        .execute();

      await db.schema
        .createTable('certificate_tickets')
        // SHA-256 of the ticket: a leaked table does not hand out usable tickets.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('origin', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('certificate_tickets_expiry')
        .on('certificate_tickets')
        .column('expires_at')
        .execute();
    },
  };
}
