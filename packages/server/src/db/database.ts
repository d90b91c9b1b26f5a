import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL pool, for LISTEN/NOTIFY; undefined on SQLite. */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres:// URL; when absent, SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate each app in its own schema). */
  pgSchema?: string;
  poolSize?: number;
}

// int8 (COUNT(*), bigint columns) comes back from pg as a string by default; our values
// (epoch milliseconds, ids) stay far below 2^53, so numbers are exact. Set once for the process.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export function openDatabase(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      pool,
      close: () => kysely.destroy(),
    };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged commit survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    kysely,
    dialect: 'sqlite',
    pool: undefined,
    close: () => kysely.destroy(),
  };
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing was a fifth of a record read's CPU
 * time. Statements are kept by their SQL text (values are always bound parameters, so the texts are
 * few) in a bounded map, oldest dropped first. Schema changes clear it: a subject's table changes
 * shape when an attribute is added, and `select *` must see the new column.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, max = 1000) {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const rollback = sqlite.prepare('rollback');
  /**
   * SQLite ends the transaction itself on some failures (a full disk: SQLITE_FULL, I/O errors);
   * Kysely's `rollback` then failed with "no transaction is active" and that error replaced the
   * real one (a 500 instead of the full disk's 507). Rolling back nothing is a no-op here.
   */
  const safeRollback = {
    reader: false,
    run: () => (sqlite.inTransaction ? rollback.run() : { changes: 0, lastInsertRowid: 0 }),
  } as unknown as BetterSqlite3.Statement;
  return {
    prepare(text: string): BetterSqlite3.Statement {
      if (text === 'rollback') return safeRollback;
      let stmt = statements.get(text);
      if (stmt) return stmt;
      if (/^\s*(create|alter|drop)\s/i.test(text)) {
        statements.clear();
        return sqlite.prepare(text);
      }
      stmt = sqlite.prepare(text);
      if (statements.size >= max) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      statements.set(text, stmt);
      return stmt;
    },
    close(): void {
      statements.clear();
      sqlite.close();
    },
  };
}

export const now = (): number => Date.now();
export const toBool = (v: number | null | undefined): boolean => v === 1;
export const fromBool = (v: boolean | undefined): number => (v ? 1 : 0);
