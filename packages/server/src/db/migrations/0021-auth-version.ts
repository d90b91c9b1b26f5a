import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * `companies.auth_version` moves whenever something a request's authentication reads from a
 * session or its account changes: a session revoked, rotated, extended or removed; an account's
 * room, kind, administrator flag or active state changed, or the account removed. The server keeps
 * the sessions it has checked in memory and, on every request, reads only its company's two
 * versions (one row by key) instead of the session joined with its account and company
 * (modules/auth; docs/decisions.md "Records engine performance", third pass). The triggers also
 * see changes made by another instance or by hand-run SQL, so a revocation still applies on the
 * very next request everywhere.
 *
 * A new session (sign-in) does not move it: nothing in memory can stand for a session not yet read.
 */
export function authVersion(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('companies')
        .addColumn('auth_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const bump = (ref: 'new' | 'old') =>
        `begin update companies set auth_version = auth_version + 1 where id = ${ref}.company_id; end`;
      const sessionColumns = 'revoked_at, expires_at, token_gen, rotated_at, account_id, company_id';
      const accountColumns = 'room_id, account_type, is_admin, is_active, deleted_at, company_id';
      if (dialect === 'sqlite') {
        const triggers: [string, string][] = [
          [
            'sessions_auth_update',
            `after update of ${sessionColumns} on sessions for each row ${bump('new')}`,
          ],
          ['sessions_auth_delete', `after delete on sessions for each row ${bump('old')}`],
          [
            'accounts_auth_update',
            `after update of ${accountColumns} on accounts for each row ${bump('new')}`,
          ],
          ['accounts_auth_delete', `after delete on accounts for each row ${bump('old')}`],
        ];
        for (const [name, body] of triggers) await sql.raw(`create trigger ${name} ${body}`).execute(db);
        return;
      }
      await sql
        .raw(
          `create function tb_bump_auth() returns trigger language plpgsql as $$
           begin
             update companies set auth_version = auth_version + 1
              where id = case when tg_op = 'DELETE' then old.company_id else new.company_id end;
             return null;
           end $$`,
        )
        .execute(db);
      for (const [table, columns] of [
        ['sessions', sessionColumns],
        ['accounts', accountColumns],
      ] as const) {
        await sql
          .raw(
            `create trigger ${table}_auth after update of ${columns} or delete on ${table} ` +
              `for each row execute function tb_bump_auth()`,
          )
          .execute(db);
      }
    },
  };
}
