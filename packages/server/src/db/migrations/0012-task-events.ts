import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * The task timer (spec 002 §4): every start, pause and finish of a task is an event; `task_runs`
 * keeps each task's state and the time worked in closed runs, so reading a timer is one row.
 * `running_by` is set only while a task runs: its unique index lets an account run one task at a
 * time, even when two starts race on PostgreSQL (NULLs never clash in either engine).
 */
export function taskEvents(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('task_events')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
        // 'start' | 'pause' | 'finish'
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('task_events_talk')
        .on('task_events')
        .columns(['subject_id', 'talk_id', 'at'])
        .execute();

      await db.schema
        .createTable('task_runs')
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        // 'waiting' | 'running' | 'paused' | 'finished'
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('running_by', 'integer', (c) => c.references('accounts.id'))
        .addColumn('running_since', 'bigint')
        .addColumn('accumulated_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('task_runs_pk', ['subject_id', 'talk_id'])
        .execute();
      await db.schema
        .createIndex('task_runs_one_per_account')
        .unique()
        .on('task_runs')
        .columns(['company_id', 'running_by'])
        .execute();
    },
  };
}
