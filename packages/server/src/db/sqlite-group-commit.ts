import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * SQLite with group commit (issue 18; docs/decisions.md "Records engine performance").
 *
 * With `synchronous = FULL` every COMMIT waits for the disk, and better-sqlite3 waits on the
 * event loop's thread: one commit per request made the fsync (and the WAL pages written again and
 * again: the same index and full-text pages for every record) a third of a create's time. Here
 * concurrent transactions share one SQLite transaction and one commit:
 *
 * - The writer connection holds at most one open SQLite transaction, the *group*. Each Kysely
 *   transaction (and each write outside one) is a *member*: a savepoint in the group, entered under
 *   a FIFO lock so members never interleave. A member that fails rolls back to its savepoint and
 *   leaves the others untouched.
 * - A member that ends well releases its savepoint and the lock, then waits for the group's commit;
 *   only then does Kysely's `commitTransaction` return. **Nothing is acknowledged before its fsync**:
 *   an answered write survives kill -9 and a power cut, as with one commit per write.
 * - The commit is queued behind the members already waiting for the lock (set up by
 *   `setImmediate` after a member ends), so every request that reached the database in the same
 *   turn of the event loop shares it. A failed commit (a full disk) fails every member of the group:
 *   none of them was acknowledged.
 * - Reads outside a transaction go to a second, read-only connection that sees only committed
 *   data (WAL snapshots): nobody reads a write that is not durable yet, and reads never wait for
 *   the lock. Reads inside a transaction use the writer and see the group's writes, whose members
 *   commit or fail together with them.
 */
export interface GroupCommitStats {
  /** SQLite commits made. */
  commits: number;
  /** Members (transactions and single writes) committed. */
  members: number;
}

/** Statements kept by their SQL text (values are always bound): preparing was a fifth of a read. */
class StatementCache {
  readonly #db: BetterSqlite3.Database;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  readonly #max: number;
  constructor(db: BetterSqlite3.Database, max = 1000) {
    this.#db = db;
    this.#max = max;
  }
  prepare(text: string): BetterSqlite3.Statement {
    let stmt = this.#statements.get(text);
    if (stmt) return stmt;
    stmt = this.#db.prepare(text);
    if (this.#statements.size >= this.#max) {
      const oldest = this.#statements.keys().next();
      if (!oldest.done) this.#statements.delete(oldest.value);
    }
    this.#statements.set(text, stmt);
    return stmt;
  }
  /** A subject's table changes shape when an attribute is added: `select *` must see it. */
  clear(): void {
    this.#statements.clear();
  }
}

const isSchemaChange = (text: string) => /^\s*(create|alter|drop)\s/i.test(text);
const mayRead = (text: string) => /^\s*(select|with)\b/i.test(text);

function run(stmt: BetterSqlite3.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (stmt.reader) return { rows: stmt.all(parameters) };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}

/** A FIFO lock: members enter the writer one at a time, in arrival order. */
class Lock {
  #held = false;
  readonly #queue: (() => void)[] = [];
  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }
  release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

interface Group {
  done: Promise<undefined>;
  resolve(): void;
  reject(err: unknown): void;
  members: number;
  schemaChanged: boolean;
}

class GroupCommitter {
  readonly stats: GroupCommitStats = { commits: 0, members: 0 };
  readonly #writer: BetterSqlite3.Database;
  readonly #writes: StatementCache;
  /** Undefined for an in-memory database, which a second connection cannot see. */
  readonly #reads: StatementCache | undefined;
  readonly #lock = new Lock();
  #group: Group | undefined;
  #commitQueued = false;
  /** Temporary data on disk: set for a schema change, and until its group ends (#tempStore). */
  #tempOnDisk = false;
  readonly #afterCommit: () => void;

  constructor(
    writer: BetterSqlite3.Database,
    reader: BetterSqlite3.Database | undefined,
    afterCommit: () => void = () => undefined,
  ) {
    this.#afterCommit = afterCommit;
    this.#writer = writer;
    this.#writes = new StatementCache(writer);
    this.#reads = reader ? new StatementCache(reader) : undefined;
  }

  /** A query outside any transaction: read on the reader, or write as a member of its own. */
  async single(query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (this.#reads && mayRead(query.sql)) {
      const stmt = this.#reads.prepare(query.sql);
      if (stmt.readonly) return run(stmt, query.parameters);
    }
    const member = await this.enter();
    let result: QueryResult<unknown>;
    try {
      result = this.execute(query);
    } catch (err) {
      await this.leave(member, false);
      throw err;
    }
    await this.leave(member, true);
    return result;
  }

  /** Starts a member: waits for the lock, opens the group if none is open, sets a savepoint. */
  async enter(): Promise<string> {
    await this.#lock.acquire();
    try {
      if (!this.#group) {
        if (this.#tempOnDisk) this.#tempStore('memory');
        await this.#whenNotBusy(() => this.#writes.prepare('begin immediate').run());
        const { promise, resolve, reject } = Promise.withResolvers<undefined>();
        // A group whose members all rolled back has nobody waiting on it.
        promise.catch(() => undefined);
        this.#group = {
          done: promise,
          resolve: () => resolve(undefined),
          reject,
          members: 0,
          schemaChanged: false,
        };
      }
      // One name for every member: members never overlap (the lock), and a constant text keeps
      // the savepoint's statements prepared once in the cache instead of filling it.
      const name = 'tb_member';
      this.#writes.prepare(`savepoint ${name}`).run();
      return name;
    } catch (err) {
      this.#checkGroup(err);
      this.#lock.release();
      throw err;
    }
  }

  /** A statement of the member holding the lock. */
  execute(query: CompiledQuery): QueryResult<unknown> {
    try {
      if (isSchemaChange(query.sql)) {
        this.#writes.clear();
        this.#reads?.clear();
        if (this.#group) this.#group.schemaChanged = true;
        return this.#onDisk(() => run(this.#writer.prepare(query.sql), query.parameters));
      }
      const result = run(this.#writes.prepare(query.sql), query.parameters);
      if (!this.#writer.inTransaction) this.#checkGroup(new Error('a statement ended the transaction'));
      return result;
    } catch (err) {
      this.#checkGroup(err);
      throw err;
    }
  }

  /**
   * The writer keeps temporary data in memory (database.ts); an index built over a whole table sorts
   * its keys there too (+87 MiB for 1M rows), so schema changes use temporary files instead.
   */
  #onDisk<T>(statement: () => T): T {
    this.#tempStore('file');
    try {
      return statement();
    } finally {
      this.#tempStore('memory');
    }
  }

  /**
   * Once a schema change has opened SQLite's temporary database (ALTER TABLE … DROP COLUMN does),
   * the setting cannot change until the transaction ends: it is set again before the next group.
   */
  #tempStore(where: 'file' | 'memory'): void {
    try {
      this.#writer.pragma(`temp_store = ${where}`);
      this.#tempOnDisk = where === 'file';
    } catch {
      this.#tempOnDisk = true;
    }
  }

  /**
   * Ends the member holding the lock. Kept: its savepoint is released and the answer waits for the
   * group's commit. Not kept: rolled back to its savepoint (unless SQLite already ended the whole
   * transaction, which failed the group).
   */
  leave(name: string, keep: boolean): Promise<void> {
    const group = this.#group;
    try {
      if (!group)
        return keep ? Promise.reject(new Error('the transaction was rolled back')) : Promise.resolve();
      if (keep) {
        this.#writes.prepare(`release ${name}`).run();
        group.members++;
        this.#queueCommit();
        return group.done;
      }
      this.#writes.prepare(`rollback to ${name}`).run();
      this.#writes.prepare(`release ${name}`).run();
      return Promise.resolve();
    } catch (err) {
      this.#checkGroup(err);
      return keep ? Promise.reject(err instanceof Error ? err : new Error(String(err))) : Promise.resolve();
    } finally {
      this.#lock.release();
    }
  }

  /** Commits the group now, behind the members already waiting (shutdown). */
  async flush(): Promise<void> {
    await this.#lock.acquire();
    await this.#commit();
    this.#lock.release();
  }

  #queueCommit(): void {
    if (this.#commitQueued) return;
    this.#commitQueued = true;
    setImmediate(() => {
      void this.#lock.acquire().then(async () => {
        this.#commitQueued = false;
        await this.#commit();
        this.#lock.release();
      });
    });
  }

  /**
   * Another process (or another app on the same file, in tests) may hold SQLite's write lock. The
   * writer has no busy timeout, which would stop the event loop while it waits: the attempt is
   * repeated after a pause instead, for up to 5 s, as `busy_timeout = 5000` did.
   */
  async #whenNotBusy(attempt: () => unknown): Promise<void> {
    const deadline = Date.now() + 5000;
    for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
      try {
        attempt();
        return;
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  async #commit(): Promise<void> {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    try {
      // A COMMIT refused as busy leaves the transaction open: it is tried again.
      await this.#whenNotBusy(() => this.#writes.prepare('commit').run());
      this.stats.commits++;
      this.stats.members += group.members;
      if (group.schemaChanged) this.#reads?.clear();
      group.resolve();
      this.#afterCommit();
    } catch (err) {
      // Never throws: the lock must be released and every member answered. A rollback that fails
      // too leaves its error to the next BEGIN, which fails that group's members in turn.
      try {
        if (this.#writer.inTransaction) this.#writes.prepare('rollback').run();
      } catch {
        // the commit's own error is the one the members get
      }
      group.reject(err);
    }
  }

  /** SQLite ends the whole transaction itself on some failures (SQLITE_FULL, I/O errors). */
  #checkGroup(err: unknown): void {
    const group = this.#group;
    if (group && !this.#writer.inTransaction) {
      this.#group = undefined;
      group.reject(err);
    }
  }
}

/** One use of the database: a single query, or a transaction from begin to commit or rollback. */
class GroupConnection implements DatabaseConnection {
  readonly #committer: GroupCommitter;
  /** The savepoint of this connection's open transaction. */
  member: string | undefined;
  constructor(committer: GroupCommitter) {
    this.#committer = committer;
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.member === undefined) return (await this.#committer.single(query)) as QueryResult<R>;
    return this.#committer.execute(query) as QueryResult<R>;
  }
  /** Not used: exports read page by page (keyset), never by a cursor. */
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported');
  }
}

function ours(connection: DatabaseConnection): GroupConnection {
  if (connection instanceof GroupConnection) return connection;
  throw new Error('not a connection of this driver');
}

class GroupCommitDriver implements Driver {
  readonly #committer: GroupCommitter;
  readonly #close: () => Promise<void>;
  constructor(committer: GroupCommitter, close: () => Promise<void>) {
    this.#committer = committer;
    this.#close = close;
  }
  async init(): Promise<void> {}
  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new GroupConnection(this.#committer));
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    ours(connection).member = await this.#committer.enter();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = ours(connection);
    const member = c.member;
    c.member = undefined;
    if (member !== undefined) await this.#committer.leave(member, true);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = ours(connection);
    const member = c.member;
    c.member = undefined;
    if (member !== undefined) await this.#committer.leave(member, false);
  }
  async savepoint(connection: DatabaseConnection, name: string) {
    await savepointCommand(connection, 'savepoint', name);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await savepointCommand(connection, 'rollback to', name);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await savepointCommand(connection, 'release', name);
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.#committer.flush();
    await this.#close();
  }
}

/** A savepoint inside a member (Kysely's `trx.savepoint()`), on the member's connection. */
function savepointCommand(
  connection: DatabaseConnection,
  command: 'savepoint' | 'rollback to' | 'release',
  name: string,
) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid savepoint name: ${name}`);
  return connection.executeQuery(CompiledQuery.raw(`${command} ${name}`));
}

/** The writer may run several connections' transactions at once: Kysely must not serialise them. */
class GroupCommitAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export function groupCommitDialect(
  writer: BetterSqlite3.Database,
  reader: BetterSqlite3.Database | undefined,
  opts: { afterCommit?: () => void; beforeClose?: () => Promise<void> } = {},
): { dialect: Dialect; stats: GroupCommitStats } {
  const committer = new GroupCommitter(writer, reader, opts.afterCommit);
  const dialect: Dialect = {
    createDriver: () =>
      new GroupCommitDriver(committer, async () => {
        await opts.beforeClose?.();
        reader?.close();
        writer.close();
      }),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new GroupCommitAdapter(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
  return { dialect, stats: committer.stats };
}
