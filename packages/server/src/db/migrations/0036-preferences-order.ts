import type { Kysely } from 'kysely';

/**
 * The account's preferences remember which browser saved them last and that browser's number for
 * the save (`PUT /api/account/preferences` with `browser` and `sequence`): a save of the same
 * browser with a lower or equal number arriving later — one that was in flight when the page sent
 * its last choice as it closed — no longer overwrites the newer choice.
 */
export function preferencesOrder() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('account_preferences').addColumn('saved_by', 'text').execute();
      await db.schema.alterTable('account_preferences').addColumn('saved_sequence', 'integer').execute();
    },
  };
}
