import type { Kysely } from 'kysely';

/**
 * The account's interface preferences (issue 15 item 3): theme colour, dark mode and font size, so
 * another browser of the same user opens in the user's theme. One row per account, written on the
 * first save; until then the browser's own choice stands.
 */
export function accountPreferences() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('account_preferences')
        .addColumn('account_id', 'integer', (c) =>
          c.primaryKey().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('theme', 'text', (c) => c.notNull())
        .addColumn('dark_mode', 'integer', (c) => c.notNull())
        .addColumn('font_size', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
