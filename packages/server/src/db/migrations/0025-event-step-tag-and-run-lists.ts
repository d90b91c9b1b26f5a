import type { Kysely } from 'kysely';

/**
 * Events beyond the spec's five and a run history a person can read (issue 33 items 4 and 5):
 *
 * - `job_event_steps.tag_id`: a "tag gained" event step (type 10) waits for this tag only; null,
 *   any tag. No foreign key: deleting the tag leaves the job (the step then never fires), as a
 *   deleted subject does.
 * - `automation_runs_company` and `automation_runs_company_status`: the company's run list
 *   (GET /api/job/runs), newest first, whole or in one status, reads one index range per page and
 *   per count instead of every run of every company.
 */
export function eventStepTagAndRunLists() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('job_event_steps').addColumn('tag_id', 'integer').execute();
      await db.schema
        .createIndex('automation_runs_company')
        .on('automation_runs')
        .columns(['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('automation_runs_company_status')
        .on('automation_runs')
        .columns(['company_id', 'status', 'id'])
        .execute();
    },
  };
}
