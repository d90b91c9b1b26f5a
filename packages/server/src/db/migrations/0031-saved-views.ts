import type { Kysely } from 'kysely';

/**
 * A person's last view of each subject (issue 38 item 5, modules/preferences): list, board or
 * calendar, with the board's and the calendar's attribute (identifiers; an attribute that no longer
 * exists is simply not offered). One row per account and subject, written on the first change.
 */
export function savedViews() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('account_saved_views')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('view', 'text', (c) => c.notNull())
        .addColumn('board_by', 'text')
        .addColumn('calendar_by', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_saved_views_pk', ['account_id', 'subject_id'])
        .execute();
    },
  };
}
