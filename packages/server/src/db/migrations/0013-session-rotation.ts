import type { Kysely } from 'kysely';

/**
 * Refresh-token rotation (security probe, issue 19): each access token carries its session's
 * generation; a refresh moves the generation on, so a token refreshes once, and presenting an
 * older one ends the session. `rotated_at` bounds the grace window for concurrent tabs.
 */
export function sessionRotation() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('sessions')
        .addColumn('token_gen', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('sessions').addColumn('rotated_at', 'bigint').execute();
    },
  };
}
