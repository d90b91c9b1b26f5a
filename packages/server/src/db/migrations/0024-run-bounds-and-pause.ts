import type { Kysely } from 'kysely';

/**
 * Runs that end and an engine that can be paused (issue 33, modules/automations):
 *
 * - `automation_runs.upper_id`: a run over a filter's records (run on existing records, a schedule
 *   slot) fixes its set when it first starts — the highest record id of its subject then — and
 *   never visits a record above it, so records its own actions create are never walked into.
 *   Null until the run starts (and for runs on one record).
 * - `automation_pauses`: one row per company whose automation engine is paused
 *   (`POST /api/job/pause`; `POST /api/job/resume` deletes it). While it is there no run of the
 *   company starts or continues; events still become pending runs and schedules take their slots.
 */
export function runBoundsAndPause() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('automation_runs').addColumn('upper_id', 'bigint').execute();
      await db.schema
        .createTable('automation_pauses')
        .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id'))
        .addColumn('paused_at', 'bigint', (c) => c.notNull())
        .addColumn('paused_by', 'integer')
        .execute();
    },
  };
}
