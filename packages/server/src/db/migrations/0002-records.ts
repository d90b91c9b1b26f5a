import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Records metadata: subjects (record types) and their attributes, the change history of talks
 * and their files. Each subject's records live in a table of their own (`subject_{id}`), created
 * by the subjects module when the subject is created (see modules/subjects/subject-ddl.ts).
 */
export function records(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('subjects')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('is_builtin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subjects_identifier')
        .unique()
        .on('subjects')
        .columns(['company_id', 'identifier'])
        .execute();

      await db.schema
        .createTable('attributes')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('component_id', 'integer', (c) => c.notNull())
        .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_editable', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_natural_key', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_multiple_values', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_orderable', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_internal', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('length', 'integer')
        .addColumn('default_value', 'text')
        .addColumn('component_configs', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('related_subject_id', 'integer', (c) => c.references('subjects.id'))
        .addColumn('tooltip', 'text')
        .addColumn('description', 'text')
        .addColumn('icon', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attributes_identifier')
        .unique()
        .on('attributes')
        .columns(['subject_id', 'identifier'])
        .execute();
      await db.schema
        .createIndex('attributes_related')
        .on('attributes')
        .column('related_subject_id')
        .execute();

      // What each room may do with each subject (read, create, update, delete, deactivate).
      await db.schema
        .createTable('room_subject_actions')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_subject_actions_pk', ['room_id', 'subject_id', 'action'])
        .execute();
      await db.schema
        .createIndex('room_subject_actions_subject')
        .on('room_subject_actions')
        .column('subject_id')
        .execute();

      // One row per changed attribute per save: the timeline scenario reads it newest first.
      await db.schema
        .createTable('talk_changes')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('attribute_id', 'integer')
        .addColumn('old_value', 'text')
        .addColumn('new_value', 'text')
        .execute();
      await db.schema
        .createIndex('talk_changes_talk')
        .on('talk_changes')
        .columns(['subject_id', 'talk_id', 'id'])
        .execute();
    },
  };
}
