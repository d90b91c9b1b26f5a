import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Files of records (components 22 and 34). The bytes live in the file store (DATA_DIR/files by
 * default) under `storage_key`; this table says whose they are. Removing a file only marks it
 * deleted (spec 002 §4); deleting the talk removes the rows and then the bytes.
 */
export function files(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('talk_files')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        // Removing a subject or an attribute takes its file rows with it; the bytes left behind
        // are found by the store sweep (FilesService.sweep).
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('attribute_id', 'integer', (c) =>
          c.notNull().references('attributes.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('deleted_at', 'bigint')
        .addColumn('deleted_by', 'integer')
        .execute();
      await db.schema
        .createIndex('talk_files_talk')
        .on('talk_files')
        .columns(['subject_id', 'talk_id', 'attribute_id', 'id'])
        .execute();
      // One live file per name on an attribute (002 §5: a name already listed is ignored). Two
      // uploads racing on PostgreSQL meet here instead of both succeeding.
      await db.schema
        .createIndex('talk_files_live_name')
        .unique()
        .on('talk_files')
        .columns(['subject_id', 'talk_id', 'attribute_id', 'name'])
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema.createIndex('talk_files_storage_key').on('talk_files').column('storage_key').execute();
    },
  };
}
