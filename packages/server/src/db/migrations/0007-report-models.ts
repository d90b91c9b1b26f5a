import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Report models (spec 002 §3 "Report model template", §7 `/report/model`): a named list of report
 * columns over a main subject. The subjects, relations and columns are one JSON document: they are
 * always read and written whole, never queried apart. Removing the main subject removes its models.
 */
export function reportModels(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('report_models')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON: {subjects: [subjectId], relatedSubjects: [...], columns: [...]}.
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('report_models_company')
        .on('report_models')
        .columns(['company_id', 'name'])
        .execute();
      await db.schema.createIndex('report_models_subject').on('report_models').column('subject_id').execute();
    },
  };
}
