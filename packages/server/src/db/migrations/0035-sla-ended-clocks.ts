import type { Kysely } from 'kysely';

/**
 * Service levels: a clock that stopped keeps what it was counted with (issue 37). `ended` holds,
 * as JSON, each stopped clock of the ticket as it stood when it stopped — its policy, target in
 * minutes, due time and elapsed business time — so that a later change of the policy's targets, its
 * condition or its calendar re-judges neither the countdown nor the compliance report. Clocks that
 * stopped before this migration have none: they are read from their policy as before.
 */
export function slaEndedClocks() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('sla_states')
        .addColumn('ended', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  };
}
