import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { startServer, type RunningServer } from './server.ts';

/** A record's own columns, before its attributes' (packages/server/src/records/records.repository.ts). */
export const RECORD_COLUMNS = [
  'id',
  'is_active',
  'version',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
];

/**
 * What the benches that work over a loaded subject (records.ts, retag.ts, transfer.ts) share to set
 * it up: the administrator they sign in as, a JSON client of the API, the subject made through the
 * API, and its rows written straight into the SQLite file while the server is stopped. Runs nothing
 * when imported.
 */
export interface Admin {
  email: string;
  password: string;
}

/** The server's environment for a bench signed in as `admin`, with sign-in limits out of the way. */
export function benchEnv(admin: Admin, more: Record<string, string> = {}): Record<string, string> {
  return {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    ...more,
  };
}

/** A JSON call (an empty answer reads as `{}`); throws with the answer when it is not 2xx. */
export async function api(
  server: RunningServer,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

export async function signIn(server: RunningServer, admin: Admin): Promise<string> {
  return String((await api(server, null, 'POST', '/api/account/login', admin)).token);
}

export interface SubjectSpec {
  identifier: string;
  name: string;
  /** As POST /api/subject takes them. */
  attributes: ({ identifier: string } & Record<string, unknown>)[];
}

/** A subject made through the API: its id and the column of each attribute, in the spec's order. */
export interface CreatedSubject {
  id: number;
  columns: string[];
}

export async function createSubject(
  server: RunningServer,
  token: string,
  spec: SubjectSpec,
): Promise<CreatedSubject> {
  const s = (await api(server, token, 'POST', '/api/subject', spec)) as {
    subjectId: number;
    subjectAttributes: { subjectAttributeId: number; identifier: string }[];
  };
  const columns = spec.attributes.map(
    (a) => `a_${s.subjectAttributes.find((x) => x.identifier === a.identifier)?.subjectAttributeId ?? 0}`,
  );
  return { id: s.subjectId, columns };
}

/**
 * Writes rows 1..n into a subject's table in the SQLite file `file`, with the server stopped.
 * `row(id)` answers the row's search text, then its values in the order of `columns`.
 * A bulk load: the table's secondary indexes and the search-index trigger are set aside, the rows
 * go in, then the indexes are built once and the FTS5 index is rebuilt from the table — far fewer
 * page writes than maintaining ten B-trees row by row. The schema ends exactly as it started.
 */
export function loadSqliteRows(
  file: string,
  subject: CreatedSubject,
  n: number,
  row: (id: number) => (string | number | null)[],
): void {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF'); // a bulk import: durability comes from the final checkpoint
  const now = Date.now();
  const table = `subject_${subject.id}`;
  const deferred = db
    .prepare(
      `select type, name, sql from sqlite_master where tbl_name = ? and sql is not null and
        (type = 'index' or (type = 'trigger' and name = ?))`,
    )
    .all(table, `${table}_fts_ai`) as { type: string; name: string; sql: string }[];
  for (const d of deferred) db.exec(`drop ${d.type} ${d.name}`);
  const insert = db.prepare(
    `insert into ${table} (id, is_active, version, created_at, created_by, updated_at, updated_by, search_text, ${subject.columns.join(', ')}) values (?, 1, 1, ?, 1, ?, 1, ?, ${subject.columns.map(() => '?').join(', ')})`,
  );
  const batch = db.transaction((from: number, to: number) => {
    for (let id = from; id <= to; id++) insert.run(id, now, now, ...row(id));
  });
  for (let from = 1; from <= n; from += 50_000) batch(from, Math.min(n, from + 49_999));
  db.transaction(() => {
    for (const d of deferred) db.exec(d.sql);
    db.exec(`insert into ${table}_fts(${table}_fts) values ('rebuild')`);
  })();
  db.exec('analyze');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/**
 * The same as `loadSqliteRows` on PostgreSQL, through the server's schema (`url` names it): the
 * secondary indexes (the GIN search indexes among them) are dropped, the rows go in by 2,000, the
 * indexes are built once, and the table is left as one in service is once autovacuum has been
 * through it (frozen, analysed, checkpointed) — without that the first runs would share the cores
 * with autovacuum's pass over the new rows and set hint bits as they read.
 */
export async function loadPostgresRows(
  url: string,
  subject: CreatedSubject,
  n: number,
  row: (id: number) => (string | number | null)[],
): Promise<void> {
  const table = `subject_${subject.id}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = Date.now();
    const indexes = (
      await client.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where tablename = $1 and schemaname = current_schema()
          and indexname not like '%_pkey'`,
        [table],
      )
    ).rows;
    for (const ix of indexes) await client.query(`drop index ${ix.indexname}`);
    const cols = [...RECORD_COLUMNS, 'search_text', ...subject.columns];
    for (let from = 1; from <= n; from += 2000) {
      const values: unknown[] = [];
      const rows: string[] = [];
      for (let id = from; id < Math.min(n + 1, from + 2000); id++) {
        const r = [id, 1, 1, now, 1, now, 1, ...row(id)];
        rows.push(`(${r.map((_, i) => `$${values.length + i + 1}`).join(', ')})`);
        values.push(...r);
      }
      await client.query(`insert into ${table} (${cols.join(', ')}) values ${rows.join(', ')}`, values);
    }
    for (const ix of indexes) await client.query(ix.indexdef);
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), ${n})`);
    await client.query(`vacuum (freeze, analyze) ${table}`);
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/**
 * A server on a data directory of its own (under the temporary directory, named `dirPrefix`…)
 * whose new subject holds rows loaded straight into SQLite: the server is started to make the
 * subject through the API, stopped for `load`, and started again. The caller stops it and removes
 * the directory.
 */
export async function loadedServer(opts: {
  env: Record<string, string>;
  admin: Admin;
  dirPrefix: string;
  subject: SubjectSpec;
  /** Fills the subject's table in the SQLite file `file`. */
  load: (file: string, subject: CreatedSubject) => void;
  /** How many rows `load` writes, as the log line says it. */
  rows: string;
}): Promise<{ server: RunningServer; token: string; dataDir: string; subject: CreatedSubject }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), opts.dirPrefix));
  let server = await startServer(opts.env, { dataDir, keepData: true });
  const subject = await createSubject(server, await signIn(server, opts.admin), opts.subject);
  await server.stop();
  const loadStarted = Date.now();
  opts.load(path.join(dataDir, 'talkbase.db'), subject);
  process.stdout.write(`${opts.rows} rows loaded in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s\n`);
  server = await startServer(opts.env, { dataDir, keepData: true });
  return { server, token: await signIn(server, opts.admin), dataDir, subject };
}
