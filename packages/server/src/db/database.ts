import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { statementName } from './prepared.ts';
import { SchemaScopedPostgresDialect } from './pg-introspector.ts';
import { WalCheckpointer, type CheckpointStats } from './sqlite-checkpointer.ts';
import { groupCommitDialect, type GroupCommitStats } from './sqlite-group-commit.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL pool, for LISTEN/NOTIFY; undefined on SQLite. */
  pool: pg.Pool | undefined;
  /** SQLite: how many commits the writes shared (group commit); undefined on PostgreSQL. */
  groupCommit?: GroupCommitStats;
  /** SQLite on a file: the WAL checkpoints run on a worker thread (sqlite-checkpointer.ts). */
  walCheckpoints?: { stats: CheckpointStats; idle(): Promise<void> };
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres:// URL; when absent, SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  poolSize?: number;
  /**
   * PostgreSQL: the longest one statement may run, ms, before the database cancels it (its
   * `statement_timeout`, set on each connection; 0 or absent = no limit). The server's default is
   * DATABASE_STATEMENT_TIMEOUT_MS; work whose time grows with a table's size lifts it for its
   * transaction (`withoutStatementTimeout`).
   */
  statementTimeoutMs?: number;
  /**
   * SQLite on a file: WAL checkpoints on a thread of their own (sqlite-checkpointer.ts). By default
   * only when the process may run on more than one core: on one core the thread cannot run beside
   * the event loop, so it buys nothing measurable and costs a worker's ~18 MiB.
   */
  checkpointThread?: boolean;
}

// int8 (COUNT(*), bigint columns) comes back from pg as a string by default; our values
// (epoch milliseconds, ids) stay far below 2^53, so numbers are exact. Set once for the process.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

/** SQLite page cache sizes, KiB (see below). */
const WRITER_CACHE_KIB = 8192;
const READER_CACHE_KIB = 4096;

/**
 * A pg client that runs db/prepared.ts's texts as named statements: parsed and planned once per
 * connection, then only bound and executed. Kysely calls `query(text, values)`; every other call
 * passes through unchanged.
 */
class NamingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads
  override query(...args: any[]): any {
    const [text, values] = args as [unknown, unknown];
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = statementName(text);
      if (name) return super.query({ name, text, values });
    }
    return super.query(...(args as [string]));
  }
}

/**
 * PostgreSQL: no statement timeout for the rest of the caller's transaction — for work whose time
 * grows with a table's size by design (building an index; the migrations lift it for their whole
 * connection instead, migrate.ts). Outside a transaction it does nothing. SQLite has no such limit.
 */
export async function withoutStatementTimeout(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
}

/** PostgreSQL's query_canceled (57014): here, a statement stopped by its statement timeout. */
export function isStatementTimeout(err: unknown): boolean {
  return (err as { code?: unknown }).code === '57014';
}

export function openDatabase(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      Client: NamingClient,
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const kysely = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      pool,
      close: () => kysely.destroy(),
    };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const writer = new BetterSqlite3(file);
  writer.pragma('journal_mode = WAL');
  // FULL: an acknowledged commit survives a power cut, not only a process crash. Group commit
  // (sqlite-group-commit.ts) shares one such commit between the writes that arrive together.
  writer.pragma('synchronous = FULL');
  writer.pragma('foreign_keys = ON');
  // No busy timeout: it would stop the event loop; the writer retries after a pause instead.
  writer.pragma('busy_timeout = 0');
  // Page caches: better-sqlite3 builds SQLite with 16 MiB per connection, and both connections
  // filled theirs under load (~32 MiB of the server's memory). 8 MiB for the writer and 4 for the
  // reader hold the B-trees' inner pages at 1M records, and measured no slower on the records bench
  // (docs/decisions.md "Records engine performance", third pass); the OS keeps the file's pages.
  writer.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
  // A member's savepoint copies every page it changes into a sub-journal, which SQLite keeps in
  // memory only up to 64 KiB and then writes to a temporary file: most of a create's write calls
  // (docs/decisions.md, ninth pass). In memory it is freed at each commit; schema changes, whose
  // index builds sort a whole table, switch back to temporary files (sqlite-group-commit.ts).
  writer.pragma('temp_store = MEMORY');
  // Reads outside transactions: a second connection that sees committed data only.
  let reader: BetterSqlite3.Database | undefined;
  let checkpointer: WalCheckpointer | undefined;
  if (file !== ':memory:') {
    reader = new BetterSqlite3(file);
    reader.pragma('query_only = ON');
    reader.pragma('busy_timeout = 5000');
    reader.pragma(`cache_size = -${READER_CACHE_KIB}`);
    // Checkpoints off the event loop's thread: a COMMIT no longer copies the WAL into the file.
    if (opts.checkpointThread ?? os.availableParallelism() > 1)
      checkpointer = new WalCheckpointer(file, writer);
  }
  const { dialect, stats } = groupCommitDialect(writer, reader, {
    afterCommit: () => checkpointer?.nudge(),
    beforeClose: () => checkpointer?.close() ?? Promise.resolve(),
  });
  const kysely = new Kysely<Database>({ dialect });
  return {
    kysely,
    dialect: 'sqlite',
    pool: undefined,
    groupCommit: stats,
    ...(checkpointer ? { walCheckpoints: checkpointer } : {}),
    close: () => kysely.destroy(),
  };
}

export const now = (): number => Date.now();
export const toBool = (v: number | null | undefined): boolean => v === 1;
export const fromBool = (v: boolean | undefined): number => (v ? 1 : 0);
