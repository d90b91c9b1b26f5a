import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Service levels (issue 37 item 3, modules/sla):
 * - `sla_calendars`: business calendars (zone, weekly hours as JSON, holidays);
 * - `sla_policies`: targets by condition (a filter tree over the tickets), in order;
 * - `sla_states`: each ticket's clocks — the policy that applies, when they started, the waits
 *   observed (JSON [from, to] pairs), when they stopped, the due times and `next_check_at`, the
 *   earliest moment the checker has something to report; `sent` holds which "em risco"/"violado"
 *   events went out (bits), so each goes once whatever the number of instances;
 * - the clocks' cursor `sla` in `event_cursors`.
 */
export function sla(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sla_calendars')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('national_holidays', 'integer', (c) => c.notNull())
        .addColumn('holidays', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sla_calendars_company')
        .on('sla_calendars')
        .columns(['company_id'])
        .execute();

      await db.schema
        .createTable('sla_policies')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('calendar_id', 'integer', (c) => c.notNull().references('sla_calendars.id'))
        .addColumn('filter', 'text')
        .addColumn('first_response_minutes', 'integer')
        .addColumn('resolution_minutes', 'integer')
        .addColumn('pause_statuses', 'text', (c) => c.notNull())
        .addColumn('done_statuses', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sla_policies_company')
        .on('sla_policies')
        .columns(['company_id', 'position'])
        .execute();

      await db.schema
        .createTable('sla_states')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('policy_id', 'integer', (c) =>
          c.notNull().references('sla_policies.id').onDelete('cascade'),
        )
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('pauses', 'text', (c) => c.notNull())
        .addColumn('paused_since', 'bigint')
        .addColumn('first_response_at', 'bigint')
        .addColumn('resolved_at', 'bigint')
        .addColumn('first_due_at', 'bigint')
        .addColumn('resolution_due_at', 'bigint')
        .addColumn('next_check_at', 'bigint')
        .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sla_states_pk', ['subject_id', 'talk_id'])
        .execute();
      await db.schema.createIndex('sla_states_check').on('sla_states').columns(['next_check_at']).execute();
      await db.schema
        .createIndex('sla_states_policy')
        .on('sla_states')
        .columns(['company_id', 'policy_id'])
        .execute();

      // The clocks' cursor in the event stream starts at its end: tickets get clocks from their next change.
      const end = await sql<{ tx: number | string | null; id: number | string | null }>`
        select max(tx) as tx, max(id) as id from outbox_events`.execute(db);
      await sql`insert into event_cursors (consumer, tx, event_id, updated_at)
        values ('sla', ${Number(end.rows[0]?.tx ?? 0)}, ${Number(end.rows[0]?.id ?? 0)}, ${Date.now()})`.execute(
        db,
      );
    },
  };
}
