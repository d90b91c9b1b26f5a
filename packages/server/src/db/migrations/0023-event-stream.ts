import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * The event stream (events/, issue 33): `outbox_events` becomes every write's event log, read by
 * each durable consumer from its own cursor in `event_cursors` instead of one `processed_at` mark.
 *
 * On PostgreSQL each event carries its transaction's id (`tx`): ids are taken before commit, so an
 * event with a smaller id can become visible after a larger one; a consumer reads in (tx, id)
 * order and only below the oldest transaction still running, where nothing can appear any more.
 * On SQLite the one writer commits in id order and `tx` stays 0.
 *
 * The automations' cursor starts after the last event they had processed, so nothing runs twice.
 */
export function eventStream(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`alter table outbox_events add column tx bigint not null
          default (pg_current_xact_id()::text::bigint)`.execute(db);
        await db.schema
          .createIndex('outbox_events_stream')
          .on('outbox_events')
          .columns(['tx', 'id'])
          .execute();
      } else {
        await db.schema
          .alterTable('outbox_events')
          .addColumn('tx', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await db.schema.dropIndex('outbox_events_pending').execute();
      await db.schema
        .createTable('event_cursors')
        .addColumn('consumer', 'text', (c) => c.primaryKey())
        .addColumn('tx', 'bigint', (c) => c.notNull())
        .addColumn('event_id', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // Where the automations stopped: just before their first unprocessed event, else after the last.
      const { rows } = await sql<{ tx: number | string | null; id: number | string | null }>`
        select max(tx) as tx, coalesce(
          (select min(id) - 1 from outbox_events where processed_at is null),
          (select max(id) from outbox_events), 0) as id
        from outbox_events`.execute(db);
      const at = rows[0];
      await sql`insert into event_cursors (consumer, tx, event_id, updated_at)
        values ('automations', ${Number(at?.tx ?? 0)}, ${Number(at?.id ?? 0)}, ${Date.now()})`.execute(db);
    },
  };
}
