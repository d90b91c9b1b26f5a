import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { talkTable } from '../../records/subject-ddl.ts';
import type { SearchConditions } from '../../records/search.ts';
import { rowColumns, type RowShape, type TalkRow } from '../../records/records.repository.ts';

type Dyn = Record<string, Record<string, unknown>>;
const dyn = (db: Kysely<Database>) => db as unknown as Kysely<Dyn>;

/** How many records of a subject match `where` (the visibility and the search condition). */
export async function countMatches(
  db: Kysely<Database>,
  subjectId: number,
  where: RawBuilder<unknown>[],
): Promise<number> {
  let q = dyn(db).selectFrom(`${talkTable(subjectId)} as t`);
  for (const w of where) q = q.where(w as RawBuilder<boolean>);
  return (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
}

/** The key a count of `where` is cached under, without running it. */
export function countKey(db: Kysely<Database>, subjectId: number, where: RawBuilder<unknown>[]): string {
  let q = dyn(db).selectFrom(`${talkTable(subjectId)} as t`);
  for (const w of where) q = q.where(w as RawBuilder<boolean>);
  const compiled = q.select((eb) => eb.fn.countAll<number>().as('n')).compile();
  return `search|${compiled.sql}|${JSON.stringify(compiled.parameters)}`;
}

/**
 * The ids of one page of a subject's matches, best first by the condition's relevance (FTS5's bm25
 * on SQLite, ts_rank on PostgreSQL), newest first among equals or when it has none (search.ts).
 * SQLite joins the condition's own full-text table, which matches the words; PostgreSQL takes the
 * condition in the form `search` among `where`. Only ids are ranked, so the sort carries no record
 * (rowsInOrder reads the page's rows).
 */
export async function rankedIds(
  db: Kysely<Database>,
  subjectId: number,
  search: SearchConditions,
  where: RawBuilder<unknown>[],
  offset: number,
  limit: number,
): Promise<number[]> {
  const joined = search.byRecordOrder;
  let q = joined
    ? dyn(db)
        .selectFrom(joined.table)
        .innerJoin(`${talkTable(subjectId)} as t`, (j) =>
          j.on(sql<boolean>`${sql.ref('t.id')} = ${sql.ref(`${joined.table}.rowid`)}`),
        )
        .select('t.id')
        .where(sql<boolean>`${sql.table(joined.table)} match ${joined.match}`)
    : dyn(db)
        .selectFrom(`${talkTable(subjectId)} as t`)
        .select('t.id');
  for (const w of where) q = q.where(w as RawBuilder<boolean>);
  if (search.rank) q = q.orderBy(search.rank);
  const rows = await q.orderBy('t.id', 'desc').limit(limit).offset(offset).execute();
  return rows.map((r) => Number(r.id));
}

/** The rows of `ids` still matching `where` (the visibility, checked again), in that order. */
export async function rowsInOrder(
  db: Kysely<Database>,
  subject: RowShape,
  ids: number[],
  where: RawBuilder<unknown>[],
): Promise<TalkRow[]> {
  if (ids.length === 0) return [];
  let q = dyn(db)
    .selectFrom(`${talkTable(subject.id)} as t`)
    .select(rowColumns(subject).refs)
    .where('t.id', 'in', ids);
  for (const w of where) q = q.where(w as RawBuilder<boolean>);
  const rows = (await q.execute()) as TalkRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TalkRow => r !== undefined);
}
