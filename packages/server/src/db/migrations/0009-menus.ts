import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * The company menu (spec 001 §2.13, §3 "Menu node") as a tree of rows, and which rooms may see
 * each menu (resource type 7). Rooms' attribute permissions gain a read action: rooms saved
 * before could not name it, so every attribute row they have is given read, keeping what they saw.
 */
export function menus(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('menus')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('parent_id', 'integer', (c) => c.references('menus.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scenario', 'text')
        .addColumn('subject_id', 'integer', (c) => c.references('subjects.id').onDelete('set null'))
        .addColumn('template_id', 'integer', (c) => c.references('templates.id').onDelete('set null'))
        .addColumn('icon', 'text')
        // JSON list of saved filter ids (records of `filtro`), applied in order.
        .addColumn('filters', 'text')
        .execute();
      await db.schema.createIndex('menus_company').on('menus').columns(['company_id', 'parent_id']).execute();
      await db.schema.createIndex('menus_parent').on('menus').column('parent_id').execute();

      await db.schema
        .createTable('room_menu_actions')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_menu_actions_pk', ['room_id', 'menu_id', 'action'])
        .execute();
      await db.schema
        .createIndex('room_menu_actions_menu')
        .on('room_menu_actions')
        .column('menu_id')
        .execute();

      await sql`
        insert into room_attribute_actions (company_id, room_id, attribute_id, action)
        select distinct a.company_id, a.room_id, a.attribute_id, 'read'
          from room_attribute_actions a
         where not exists (
           select 1 from room_attribute_actions r
            where r.room_id = a.room_id and r.attribute_id = a.attribute_id and r.action = 'read')
      `.execute(db);
    },
  };
}
