import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import { foundation } from './migrations/0001-foundation.ts';
import { records } from './migrations/0002-records.ts';

/** Versioned migrations, in order. A migration is never edited once released: add the next one. */
function migrations(db: Db): Record<string, Migration> {
  return {
    '0001-foundation': foundation(db.dialect),
    '0002-records': records(db.dialect),
  };
}

/** Applies every pending migration; on PostgreSQL Kysely holds a lock so parallel starts are safe. */
export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations(db)) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Falha ao aplicar a migração ${failed?.migrationName ?? ''}: ${reason}`);
  }
}
