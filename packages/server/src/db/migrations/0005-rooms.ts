import type { Kysely } from 'kysely';

/**
 * Access profiles in full (spec 001 §3 Room): per-attribute actions, the rows a room may see of a
 * subject (a filter tree and/or listed records: delimitations), related rooms, and the room's
 * other settings (menus, room filters, notifications, digital signature) kept as documents until
 * their own modules exist.
 */
export function rooms() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('room_attribute_actions')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('attribute_id', 'integer', (c) =>
          c.notNull().references('attributes.id').onDelete('cascade'),
        )
        .addColumn('action', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_attribute_actions_pk', ['room_id', 'attribute_id', 'action'])
        .execute();

      await db.schema
        .createTable('room_subject_scopes')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        // A filter tree (JSON) the visible rows must match, and/or the ids of the only rows visible.
        .addColumn('filter', 'text')
        .addColumn('talk_ids', 'text')
        .addColumn('name', 'text')
        .addPrimaryKeyConstraint('room_subject_scopes_pk', ['room_id', 'subject_id'])
        .execute();

      await db.schema
        .createTable('room_connections')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('room_to_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('room_connections_pk', ['room_id', 'room_to_id'])
        .execute();

      await db.schema
        .alterTable('rooms')
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    },
  };
}
