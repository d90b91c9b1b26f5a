import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A hot query built and compiled by Kysely once, then run with new values (issue 18;
 * docs/decisions.md "Records engine performance", third pass). Building a query (the immutable
 * nodes, the parsing of references) and compiling it were ~12 % of a record read's CPU, for text
 * that never changes.
 *
 * `build` receives the `key` as it is and stand-ins for the values; every value the compiled query
 * binds must be one of them or a constant of the query itself (kept as it is). The SQL is kept per
 * dialect (the adapter, which transactions share) and per `key`: what the text depends on besides
 * values (a subject's table), or a constant where nothing does.
 */
export function prepared<K extends string | number, P extends unknown[], R>(
  build: (db: Kysely<Database>, key: K, ...params: P) => Built<R>,
): (db: Kysely<Database>, key: K, ...params: P) => Promise<R[]> {
  const byAdapter = new WeakMap<object, Map<K, Shape>>();
  return async (db, key, ...params) => {
    const executor = db.getExecutor();
    let byKey = byAdapter.get(executor.adapter);
    if (!byKey) {
      byKey = new Map();
      byAdapter.set(executor.adapter, byKey);
    }
    let shape = byKey.get(key);
    if (!shape) {
      // Keys made from input (the columns a create gives) could grow without end: start over.
      if (byKey.size >= MAX_SHAPES) byKey.clear();
      const standIns = params.map((_, i) => `${STAND_IN}${i}`) as P;
      shape = shapeOf(build(db, key, ...standIns).compile(db));
      byKey.set(key, shape);
      nameStatement(shape.sql);
    }
    const values = shape.slots.map((s) => ('param' in s ? params[s.param] : s.constant));
    const result = await db.executeQuery<R>(CompiledQuery.raw(shape.sql, values));
    return result.rows;
  };
}

/** A query builder, or a `sql` template (which compiles against the database it is given). */
type Built<R> = { compile(db: Kysely<Database>): CompiledQuery<R> };

type Slot = { param: number } | { constant: unknown };
interface Shape {
  sql: string;
  slots: Slot[];
}

/** Compiled texts kept per query and dialect. */
const MAX_SHAPES = 500;

const STAND_IN = '\u0000tb-param-';

/** Compiles `build` once with stand-ins, and notes where each bound value comes from. */
function shapeOf(compiled: CompiledQuery): Shape {
  const slots = compiled.parameters.map((value): Slot => {
    if (typeof value === 'string' && value.startsWith(STAND_IN))
      return { param: Number(value.slice(STAND_IN.length)) };
    return { constant: value };
  });
  return { sql: compiled.sql, slots };
}

/**
 * PostgreSQL: the texts `prepared` compiled, by the name each is prepared under. A connection parses
 * and plans a named statement once and then only binds values to it (database.ts's client), where an
 * unnamed one is parsed and planned again on every run — most of the database's CPU for a read of
 * one record by key (docs/decisions.md "PostgreSQL: where the time goes"). A text whose result
 * takes every column (`*`) is never named, so a later column never meets a plan made before it.
 * Bounded: a text past the bound runs unnamed.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED = 4_000;

/** `t.*`, `select *`, `returning *`: a result that a later column would change; never named. */
const ALL_COLUMNS = /\.\*|\b(select|returning)\s+\*/i;

function nameStatement(text: string): void {
  if (!statementNames.has(text) && statementNames.size < MAX_NAMED && !ALL_COLUMNS.test(text))
    statementNames.set(text, `tb_${statementNames.size + 1}`);
}

/** The name a compiled text is prepared under on PostgreSQL, if it is one of `prepared`'s. */
export function statementName(text: string): string | undefined {
  return statementNames.get(text);
}
