import pg from 'pg';

/** PostgreSQL helpers of the server suite's setup: databases and schemas made and dropped. */

/** A database of the server that `url` points at (same host, user and options). */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One statement on the server's own connection (database-level statements run outside any). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
): Promise<pg.QueryResult<R>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<R>(text);
  } finally {
    await client.end();
  }
}

/**
 * What the run's migrated template database holds (test/global-setup.ts): enough to bring a
 * database cloned from it back to the same state after an app is done with it.
 */
export interface TemplateContents {
  /** Its tables, schema `public`. */
  tables: string[];
  /**
   * The rows of the tables that have any (the migrations' bookkeeping, the event stream's cursors),
   * as PostgreSQL's own JSON text: no value passes through a JavaScript number.
   */
  rows: Record<string, string>;
  /** Its sequences' positions (`null`: never used). */
  sequences: { name: string; lastValue: string | null; startValue: string }[];
  /** Its columns, indexes, sequences, constraints and triggers in one digest: what a database must match to be reused. */
  shape: string;
  /** Whether the suite's role may skip foreign-key checks while emptying a database (superuser). */
  superuser: boolean;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A digest of the tables' columns, the indexes, sequences, constraints and triggers of schema `public`. */
const SHAPE_QUERY = `select md5(coalesce(string_agg(x, ',' order by x), '')) as shape from (
  select 'a:' || c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) as x
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
  union all select 'i:' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('i', 'S')
  union all select 'c:' || co.conname || ':' || pg_get_constraintdef(co.oid) from pg_constraint co
    join pg_namespace n on n.oid = co.connamespace where n.nspname = 'public'
  union all select 't:' || t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal
) s`;

/** Reads what `url`'s database holds (see TemplateContents). */
export async function readTemplate(url: string): Promise<TemplateContents> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ tablename: string }>(
        `select tablename from pg_tables where schemaname = 'public' order by tablename`,
      )
    ).rows.map((r) => r.tablename);
    const rows: TemplateContents['rows'] = {};
    for (const table of tables) {
      const { rows: found } = await client.query<{ r: string | null }>(
        `select json_agg(t)::text as r from ${quoteIdent(table)} t`,
      );
      const text = found[0]?.r;
      if (text) rows[table] = text;
    }
    const sequences = (
      await client.query<{ name: string; last_value: string | null; start_value: string }>(
        `select sequencename as name, last_value::text, start_value::text from pg_sequences where schemaname = 'public'`,
      )
    ).rows.map((s) => ({ name: s.name, lastValue: s.last_value, startValue: s.start_value }));
    const shape = (await client.query<{ shape: string }>(SHAPE_QUERY)).rows[0]?.shape ?? '';
    const superuser =
      (await client.query<{ s: boolean }>(`select rolsuper as s from pg_roles where rolname = current_user`))
        .rows[0]?.s ?? false;
    return { tables, rows, sequences, shape, superuser };
  } finally {
    await client.end();
  }
}

/**
 * Brings database `name` (cloned from the template `contents` describes) back to the template's
 * state once its app has closed: tables the app made are dropped, the template's tables emptied and
 * given their rows back, the sequences put back where they were. ~50 ms, against 0.3–4 s for
 * cloning a new database and dropping the old one (both write and sync the whole database's files;
 * docs/decisions.md, "CI time"). False when the database no longer has the template's shape (a test
 * changed a template table): then it is not to be used again.
 */
export async function emptyDatabase(
  serverUrl: string,
  name: string,
  contents: TemplateContents,
): Promise<boolean> {
  // Whatever the app left connected (nothing, when it closed cleanly) would hold locks.
  await adminQuery(
    serverUrl,
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = ${quoteLiteral(name)} and pid <> pg_backend_pid()`,
  );
  const url = new URL(databaseUrl(serverUrl, name));
  url.searchParams.set('options', '-c synchronous_commit=off');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const keep = contents.tables.map(quoteLiteral).join(', ');
    const tables = contents.tables.map(quoteIdent);
    const statements = [
      'begin',
      `do $$ declare r record; begin
        for r in select tablename from pg_tables where schemaname = 'public' and tablename not in (${keep}) loop
          execute format('drop table if exists %I cascade', r.tablename);
        end loop;
      end $$`,
      // Deleting the few rows a test wrote is far cheaper than TRUNCATE's new files; without the
      // right to skip foreign-key checks, TRUNCATE … CASCADE empties them in any order.
      ...(contents.superuser
        ? ['set local session_replication_role = replica', ...tables.map((t) => `delete from ${t}`)]
        : [`truncate ${tables.join(', ')} cascade`]),
      ...Object.entries(contents.rows).map(
        ([table, rows]) =>
          `insert into ${quoteIdent(table)} select * from json_populate_recordset(null::${quoteIdent(table)}, ${quoteLiteral(rows)})`,
      ),
      ...contents.sequences.map(
        (s) =>
          `select setval(${quoteLiteral(quoteIdent(s.name))}, ${s.lastValue ?? s.startValue}, ${s.lastValue !== null})`,
      ),
      'commit',
    ];
    await client.query(statements.join(';\n'));
    const shape = (await client.query<{ shape: string }>(SHAPE_QUERY)).rows[0]?.shape ?? '';
    return shape === contents.shape;
  } catch {
    // Whatever kept it from being emptied, it is not to be used again.
    return false;
  } finally {
    await client.end();
  }
}
