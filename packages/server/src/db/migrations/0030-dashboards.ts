import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Dashboards (issue 38 item 4, modules/dashboards): a user's own (`owner_id` set, no rooms) and the
 * company's, which administrators publish to rooms (`owner_id` null, rows in `dashboard_rooms`).
 * `widgets` is the JSON list of the dashboard's widgets (contracts/dashboards.ts), each an
 * aggregate answered for whoever looks at it. `is_home`: the owner's home dashboard (one each).
 */
export function dashboards(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('dashboards')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('owner_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_home', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('widgets', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('dashboards_company_owner')
        .on('dashboards')
        .columns(['company_id', 'owner_id'])
        .execute();
      // One home per user, even between two writes at once.
      await db.schema
        .createIndex('dashboards_one_home')
        .unique()
        .on('dashboards')
        .column('owner_id')
        .where(sql.ref('is_home'), '=', 1)
        .execute();
      await db.schema
        .createTable('dashboard_rooms')
        .addColumn('dashboard_id', 'integer', (c) =>
          c.notNull().references('dashboards.id').onDelete('cascade'),
        )
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('dashboard_rooms_pk', ['dashboard_id', 'room_id'])
        .execute();
      await db.schema
        .createIndex('dashboard_rooms_room')
        .on('dashboard_rooms')
        .columns(['room_id'])
        .execute();
    },
  };
}
