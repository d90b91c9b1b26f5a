import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * The automation engine's state (issue 16, docs/decisions.md "Automation engine"):
 *
 * - `automation_runs`: one row per run of a job — on an event's record (its outbox event), over the
 *   records a filter selects (run on existing records, a schedule slot), or a retry. Steps, their
 *   status and attempts are JSON; `cursor`/`done`/`total` are a record-set run's progress, so a run
 *   resumes from its last batch after a restart. No foreign key to `jobs`: a deleted job's runs
 *   stay as history (pending ones are cancelled when the worker reaches them).
 * - `automation_marks`: idempotency keys (job × event × record version × step [× record]) of
 *   actions already in effect. Core actions write theirs in the transaction of their change.
 * - `automation_matches`: whether a record matched a `once` event the last time it was looked at.
 * - `automation_slots`: schedule slots already fired, one row per job × slot (unique), so two
 *   instances never both run one.
 */
export function automationRuns(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('automation_runs')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('job_id', 'integer', (c) => c.notNull())
        // 'event' | 'existing' | 'schedule' | 'parent' | 'retry'
        .addColumn('kind', 'text', (c) => c.notNull())
        // The outbox event (kind 'event') or the schedule slot that caused it; unique with the job.
        .addColumn('cause', 'text')
        .addColumn('event_index', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('subject_id', 'integer')
        .addColumn('talk_id', 'integer')
        .addColumn('talk_version', 'integer')
        .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('steps', 'text', (c) => c.notNull())
        // Key prefix of this run's idempotency keys (a retry of the whole run takes a new one).
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cursor', 'integer')
        .addColumn('done', 'integer')
        .addColumn('total', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('automation_runs_cause')
        .unique()
        .on('automation_runs')
        .columns(['job_id', 'cause'])
        .execute();
      await db.schema
        .createIndex('automation_runs_due')
        .on('automation_runs')
        .columns(['status', 'next_at'])
        .execute();
      await db.schema
        .createIndex('automation_runs_job')
        .on('automation_runs')
        .columns(['job_id', 'id'])
        .execute();

      await db.schema
        .createTable('automation_marks')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('automation_matches')
        .addColumn('job_id', 'integer', (c) => c.notNull())
        .addColumn('event_index', 'integer', (c) => c.notNull())
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('matched', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('automation_matches_pk', ['job_id', 'event_index', 'subject_id', 'talk_id'])
        .execute();

      await db.schema
        .createTable('automation_slots')
        .addColumn('job_id', 'integer', (c) => c.notNull())
        .addColumn('slot', 'bigint', (c) => c.notNull())
        .addColumn('fired_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('automation_slots_pk', ['job_id', 'slot'])
        .execute();
    },
  };
}
