import type { Kysely } from 'kysely';

/**
 * Accounts in full (spec 001 §2.2–2.5, §3): the records shared with one account (`sharedTalks`,
 * JSON in the delimitation editor's shape), its attribute values ('Configuração de campos', one row
 * each), its profile image, and removal. A removed account keeps its row (timelines and files name
 * who did what) but loses its e-mail key, its integration hash and every session.
 */
export function accountProfile() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('accounts')
        .addColumn('shared_talks', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('accounts').addColumn('deleted_at', 'bigint').execute();

      await db.schema
        .createTable('account_attributes')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('attribute_id', 'integer', (c) =>
          c.notNull().references('attributes.id').onDelete('cascade'),
        )
        // JSON value, canonical as the records API takes it.
        .addColumn('value', 'text')
        .addPrimaryKeyConstraint('account_attributes_pk', ['account_id', 'position'])
        .execute();

      await db.schema
        .createTable('account_images')
        .addColumn('account_id', 'integer', (c) =>
          c.primaryKey().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        // Base64: at most 1 MB decoded, always read whole.
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
