import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Templates (spec 001 §3): a template of a subject, its areas (columns or form areas, nested
 * through parent_area_id), each area's configs and extra attributes, and related templates.
 * Foreign keys cascade so that removing a subject, an attribute, an account or a template never
 * leaves an area or a relation pointing at nothing. Subjects that exist before this migration get
 * their company default grid template here, as new subjects get theirs at creation.
 */
export function templates(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('templates')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        // 2 user, 3 company default, 5 registration, 6 edition, 7 custom (domain contracts/templates.ts).
        .addColumn('template_type', 'integer', (c) => c.notNull())
        // 1 grid, 2 registration form; follows from the type.
        .addColumn('scenario_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
        .addColumn('parent_template_id', 'integer', (c) => c.references('templates.id').onDelete('set null'))
        .addColumn('show_talk_id_on_grid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('templates_list')
        .on('templates')
        .columns(['company_id', 'template_type', 'subject_id'])
        .execute();
      await db.schema.createIndex('templates_subject').on('templates').column('subject_id').execute();
      await db.schema.createIndex('templates_account').on('templates').column('account_id').execute();
      await db.schema.createIndex('templates_parent').on('templates').column('parent_template_id').execute();
      // One company default per subject, one user template per account and subject: the context's
      // resolution (asked-for, own, default) must find at most one of each.
      await sql`create unique index templates_company_default on templates (subject_id) where template_type = 3`.execute(
        db,
      );
      await sql`create unique index templates_user_own on templates (subject_id, account_id) where template_type = 2`.execute(
        db,
      );

      await db.schema
        .createTable('template_areas')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('template_id', 'integer', (c) =>
          c.notNull().references('templates.id').onDelete('cascade'),
        )
        .addColumn('parent_area_id', 'integer', (c) => c.references('template_areas.id').onDelete('cascade'))
        .addColumn('attribute_id', 'integer', (c) => c.references('attributes.id').onDelete('cascade'))
        .addColumn('name', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('widget_id', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('template_areas_template')
        .on('template_areas')
        .column('template_id')
        .execute();
      await db.schema
        .createIndex('template_areas_parent')
        .on('template_areas')
        .column('parent_area_id')
        .execute();
      await db.schema
        .createIndex('template_areas_attribute')
        .on('template_areas')
        .column('attribute_id')
        .execute();

      await db.schema
        .createTable('template_area_configs')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('area_id', 'integer', (c) =>
          c.notNull().references('template_areas.id').onDelete('cascade'),
        )
        .addColumn('identifier', 'text', (c) => c.notNull())
        // JSON: a number, a boolean, a string or null.
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('template_area_configs_area')
        .unique()
        .on('template_area_configs')
        .columns(['area_id', 'identifier'])
        .execute();

      await db.schema
        .createTable('template_area_attributes')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('area_id', 'integer', (c) =>
          c.notNull().references('template_areas.id').onDelete('cascade'),
        )
        .addColumn('attribute_id', 'integer', (c) =>
          c.notNull().references('attributes.id').onDelete('cascade'),
        )
        .addColumn('label', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('template_area_attributes_area')
        .on('template_area_attributes')
        .column('area_id')
        .execute();
      await db.schema
        .createIndex('template_area_attributes_attribute')
        .on('template_area_attributes')
        .column('attribute_id')
        .execute();

      await db.schema
        .createTable('template_relations')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('template_id', 'integer', (c) =>
          c.notNull().references('templates.id').onDelete('cascade'),
        )
        .addColumn('related_template_id', 'integer', (c) =>
          c.notNull().references('templates.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('template_relations_pk', ['template_id', 'related_template_id'])
        .execute();
      await db.schema
        .createIndex('template_relations_related')
        .on('template_relations')
        .column('related_template_id')
        .execute();

      const at = Date.now();
      await sql`insert into templates (company_id, subject_id, template_type, scenario_id, name, show_talk_id_on_grid, version, created_at, updated_at)
        select company_id, id, 3, 1, name, 1, 1, ${at}, ${at} from subjects`.execute(db);
      await sql`insert into template_areas (company_id, template_id, attribute_id, position, widget_id)
        select a.company_id, t.id, a.id, a.position, 1
        from attributes a join templates t on t.subject_id = a.subject_id and t.template_type = 3
        where a.is_internal = 0`.execute(db);
    },
  };
}
