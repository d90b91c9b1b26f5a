import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { SetUp } from './automations-fixture.ts';

/**
 * Read-only queries on the server's database, SQLite (its file) or PostgreSQL (`databaseUrl`):
 * `?` placeholders, numbers answered as numbers.
 */
export interface Probe {
  all(sql: string, ...params: unknown[]): Promise<Record<string, number | string | null>[]>;
  /** The first row's `n`. */
  count(sql: string, ...params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

export async function openProbe(dataDir: string, databaseUrl: string | null): Promise<Probe> {
  let all: Probe['all'];
  let close: () => Promise<void>;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    all = async (sql, ...params) => {
      let i = 0;
      const res = await client.query(
        sql.replace(/\?/g, () => `$${++i}`),
        params,
      );
      // bigint and numeric come as text; every figure here is a count or an id.
      return (res.rows as Record<string, unknown>[]).map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            k,
            typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : (v as string | number | null),
          ]),
        ),
      );
    };
    close = () => client.end();
  } else {
    const db = new BetterSqlite3(path.join(dataDir, 'talkbase.db'), { readonly: true, timeout: 10_000 });
    all = (sql, ...params) =>
      Promise.resolve(db.prepare(sql).all(...params) as Record<string, number | string | null>[]);
    close = () => Promise.resolve(void db.close());
  }
  return {
    all,
    async count(sql, ...params) {
      return Number((await all(sql, ...params))[0]?.n ?? 0);
    },
    close,
  };
}

/** Waits until `expected` runs have ended and none is pending or running; answers the ended ones. */
export async function waitForRuns(probe: Probe, expected: number, timeoutMs = 600_000): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const [row] = await probe.all(
      `select sum(case when status in ('succeeded', 'failed', 'cancelled') then 1 else 0 end) as ended,
        sum(case when status in ('pending', 'running') then 1 else 0 end) as open from automation_runs`,
    );
    const ended = Number(row?.ended ?? 0);
    if ((ended >= expected && Number(row?.open ?? 0) === 0) || Date.now() - t0 > timeoutMs) return ended;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Records written more than once by the automation: a version past `version` (what the creation
 * or the load plus one automation write make), or more than one change of `nota` in talk_changes.
 */
export async function doubledWrites(probe: Probe, s: SetUp, version: number): Promise<number> {
  const byVersion = await probe.all(`select id from subject_${s.subjectId} where version > ?`, version);
  const byChanges = await probe.all(
    `select talk_id as id from talk_changes where subject_id = ? and attribute_id = ? and action = 'updated'
      group by talk_id having count(*) > 1`,
    s.subjectId,
    s.nota,
  );
  return new Set([...byVersion, ...byChanges].map((r) => Number(r.id))).size;
}
