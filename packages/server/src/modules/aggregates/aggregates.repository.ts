import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RowScope } from '../../access/row-scope.ts';
import { talkTable } from '../../records/subject-ddl.ts';

type Sql = RawBuilder<unknown>;

/** One measure's columns: `a` its value (count, sum, min, max; avg's sum), `b` avg's count. */
export interface MeasureColumns {
  a: Sql;
  b?: Sql;
}

export interface AggregateQuery {
  /** The rows the reader may see (access/row-scope.ts), ANDed with `where`. */
  rows: RowScope;
  where: Sql[];
  keys: Sql[];
  measures: MeasureColumns[];
  /** Key order (no value last), or largest first measure first. */
  order: 'keys' | 'top';
  limit: number;
}

/** A result row: `k0`, `k1`… the keys, `m0a`, `m0b`… the measures' columns. */
export type AggregateRow = Record<string, unknown>;

/** Reads through a cache by the statement and its parameters (aggregate-cache.ts), or directly. */
export type Memo = <T>(key: string, read: () => Promise<T>) => Promise<T>;
const direct: Memo = (_key, read) => read();

function keyOf(db: Kysely<Database>, query: RawBuilder<unknown>): string {
  const compiled = query.compile(db);
  return `${compiled.sql}|${JSON.stringify(compiled.parameters)}`;
}

function selections(q: Pick<AggregateQuery, 'keys' | 'measures'>): Sql[] {
  const out: Sql[] = q.keys.map((k, i) => sql`${k} as ${sql.ref(`k${String(i)}`)}`);
  q.measures.forEach((m, i) => {
    out.push(sql`${m.a} as ${sql.ref(`m${String(i)}a`)}`);
    if (m.b) out.push(sql`${m.b} as ${sql.ref(`m${String(i)}b`)}`);
  });
  return out;
}

function conditions(q: Pick<AggregateQuery, 'rows' | 'where'>): Sql {
  const parts = [...(q.rows.condition ? [q.rows.condition] : []), ...q.where];
  return parts.length ? sql.join(parts, sql` and `) : sql`1 = 1`;
}

/**
 * Groups of a subject's records, at most `limit`: one statement grouped by position (the same
 * expression with other parameters would not match on PostgreSQL), ordered outside.
 */
export async function groupRows(
  db: Kysely<Database>,
  subjectId: number,
  q: AggregateQuery,
  memo: Memo = direct,
): Promise<AggregateRow[]> {
  const positions = q.keys.map((_, i) => sql.raw(String(i + 1)));
  const keyOrder = q.keys.flatMap((_, i) => {
    const k = sql.ref(`g.k${String(i)}`);
    return [sql`(${k} is null)`, k];
  });
  const first = sql.ref('g.m0a');
  const order = q.order === 'top' ? [sql`(${first} is null)`, sql`${first} desc`, ...keyOrder] : keyOrder;
  const inner = sql`select ${sql.join(selections(q))} from ${sql.table(talkTable(subjectId))} as t
    where ${conditions(q)} group by ${sql.join(positions)}`;
  const query = sql<AggregateRow>`select * from (${inner}) as g order by ${sql.join(order)}
    limit ${q.limit}`;
  return memo(keyOf(db, query), async () => (await query.execute(db)).rows);
}

/** The measures over every matching record, as one row. */
export async function totalRow(
  db: Kysely<Database>,
  subjectId: number,
  q: Pick<AggregateQuery, 'rows' | 'where' | 'measures'>,
  memo: Memo = direct,
): Promise<AggregateRow> {
  const query = sql<AggregateRow>`select ${sql.join(selections({ keys: [], measures: q.measures }))}
    from ${sql.table(talkTable(subjectId))} as t where ${conditions(q)}`;
  return memo(keyOf(db, query), async () => (await query.execute(db)).rows[0] ?? {});
}
