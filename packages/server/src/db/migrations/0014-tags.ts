import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Tags (issue 14 item 2; docs/decisions.md "Tags"):
 * - `tags` and their `tag_filters` (each filter targets one subject);
 * - `talk_tags`: which records carry which tag, `source` 'filter' (earned by a filter, kept in step
 *   with the record) or 'manual' (set by an automation, kept until removed);
 * - `tag_runs`: the background re-tagging of existing records after a tag changed, one row per tag
 *   and subject, with its id cursor so a restart resumes where it stopped.
 */
export function tags(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('tags')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_normalized', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        // Bumped on every change of the tag's filters; a run of an older generation stops.
        .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tags_company_name')
        .on('tags')
        .columns(['company_id', 'name_normalized'])
        .execute();

      await db.schema
        .createTable('tag_filters')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('subject_attribute_id', 'integer', (c) =>
          c.references('attributes.id').onDelete('set null'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('filter', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tag_filters_tag')
        .on('tag_filters')
        .columns(['tag_id', 'position'])
        .execute();
      await db.schema
        .createIndex('tag_filters_subject')
        .on('tag_filters')
        .columns(['subject_id', 'tag_id'])
        .execute();

      await db.schema
        .createTable('talk_tags')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('talk_tags_pk', ['tag_id', 'subject_id', 'talk_id'])
        .execute();
      // Tags of a page of records, and the grid's "carries one of these tags" condition.
      await db.schema
        .createIndex('talk_tags_talk')
        .on('talk_tags')
        .columns(['subject_id', 'talk_id', 'tag_id'])
        .execute();

      await db.schema
        .createTable('tag_runs')
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('generation', 'integer', (c) => c.notNull())
        // 'pending', 'running', 'done'.
        .addColumn('state', 'text', (c) => c.notNull())
        // Records of the subject up to this id are evaluated.
        .addColumn('last_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        // An instance working on the run holds it until then (PostgreSQL: several instances).
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addPrimaryKeyConstraint('tag_runs_pk', ['tag_id', 'subject_id'])
        .execute();
      await db.schema
        .createIndex('tag_runs_state')
        .on('tag_runs')
        .columns(['state', 'lease_until'])
        .execute();
    },
  };
}
