import type { Kysely } from 'kysely';

/**
 * Service levels' recomputation (issue 37, modules/sla): when a policy or a calendar is saved or a
 * policy deleted, the open tickets' clocks follow. One row per company with such a pass pending:
 * `generation` grows with every request (a save during a pass starts it again from the first
 * ticket), `after_talk_id` is how far the pass has come. Instances take a batch by moving
 * `after_talk_id` on the condition that nobody moved it first.
 */
export function slaRecompute() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sla_recompute')
        .addColumn('company_id', 'integer', (c) =>
          c.primaryKey().references('companies.id').onDelete('cascade'),
        )
        .addColumn('generation', 'integer', (c) => c.notNull())
        .addColumn('after_talk_id', 'integer', (c) => c.notNull())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
