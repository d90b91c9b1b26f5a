import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Automations ("jobs", issue 16; docs/decisions.md "Automation jobs: storage"):
 *
 * - `jobs`: one row per job; `document` is the whole job as the API answers it (000 §3 Job, every
 *   id filled in), validated by `validateJob` before it is written. `version` moves on every save.
 * - `job_events`, `job_event_steps`, `job_works`, `job_work_steps`: one row per event, event step,
 *   work and work step. They hand out the ids (eventId, eventStepId, workId, workStepId), kept
 *   across saves when the client sends them back, and carry what the engine searches by: an event
 *   step's type, subject and cron ("the jobs whose event type is X on subject S").
 * - `job_refs`: what a job's actions point at (tags, notifications, parent jobs), so deleting a
 *   notification can tell which automations use it.
 * - `job_generations`: one counter per company, moved in every job write's transaction, so an
 *   engine keeping jobs in memory knows with one key lookup when to read them again.
 */
export function jobs(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('jobs')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_normalized', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        // Event types of its steps, comma-wrapped (',1,5,') for the list.
        .addColumn('event_types', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('jobs_company_name')
        .on('jobs')
        .columns(['company_id', 'name_normalized'])
        .execute();

      await db.schema
        .createTable('job_events')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_events_job').on('job_events').columns(['job_id']).execute();

      await db.schema
        .createTable('job_event_steps')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('event_id', 'integer', (c) => c.notNull().references('job_events.id').onDelete('cascade'))
        .addColumn('event_index', 'integer', (c) => c.notNull())
        .addColumn('step_index', 'integer', (c) => c.notNull())
        .addColumn('event_type', 'integer', (c) => c.notNull())
        // No foreign key: the subject's deletion leaves the job (it simply never fires).
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('cron', 'text')
        .execute();
      await db.schema
        .createIndex('job_event_steps_lookup')
        .on('job_event_steps')
        .columns(['company_id', 'subject_id', 'event_type'])
        .execute();
      await db.schema
        .createIndex('job_event_steps_type')
        .on('job_event_steps')
        .columns(['event_type'])
        .execute();
      await db.schema.createIndex('job_event_steps_job').on('job_event_steps').columns(['job_id']).execute();

      await db.schema
        .createTable('job_works')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_works_job').on('job_works').columns(['job_id']).execute();

      await db.schema
        .createTable('job_work_steps')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('work_id', 'integer', (c) => c.notNull().references('job_works.id').onDelete('cascade'))
        .addColumn('work_index', 'integer', (c) => c.notNull())
        .addColumn('step_index', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_work_steps_job').on('job_work_steps').columns(['job_id']).execute();

      await db.schema
        .createTable('job_refs')
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        // 'tag' | 'notification' | 'job'
        .addColumn('ref_kind', 'text', (c) => c.notNull())
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('job_refs_pk', ['job_id', 'ref_kind', 'ref_id'])
        .execute();
      await db.schema
        .createIndex('job_refs_target')
        .on('job_refs')
        .columns(['company_id', 'ref_kind', 'ref_id'])
        .execute();

      await db.schema
        .createTable('job_generations')
        .addColumn('company_id', 'integer', (c) => c.primaryKey())
        .addColumn('generation', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
