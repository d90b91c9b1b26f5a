import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { ftsTable, talkTable } from '../subjects/subject-ddl.ts';
import type { TalkRow } from '../talks/talks.repository.ts';

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
 * The ids of one page of a subject's matches, best first: FTS5's bm25 rank on SQLite, ts_rank on PostgreSQL,
 * newest first among equals. `where` holds the visibility and, on PostgreSQL or when the search is
 * narrowed to some attributes, the search condition (SQLite's join on the index matches the words
 * itself). Only ids are ranked, so the sort carries no record (rowsInOrder reads the page's rows).
 */
export async function rankedIds(
  db: Kysely<Database>,
  dialect: DialectName,
  subjectId: number,
  words: string[],
  where: RawBuilder<unknown>[],
  offset: number,
  limit: number,
): Promise<number[]> {
  let ids: number[];
  if (dialect === 'sqlite') {
    const fts = ftsTable(subjectId);
    const match = words.map((w) => `"${w}"*`).join(' ');
    let q = dyn(db)
      .selectFrom(fts)
      .innerJoin(`${talkTable(subjectId)} as t`, (j) =>
        j.on(sql<boolean>`${sql.ref('t.id')} = ${sql.ref(`${fts}.rowid`)}`),
      )
      .select('t.id')
      .where(sql<boolean>`${sql.table(fts)} match ${match}`);
    for (const w of where) q = q.where(w as RawBuilder<boolean>);
    ids = (
      await q
        .orderBy(sql`bm25(${sql.table(fts)})`)
        .orderBy('t.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()
    ).map((r) => Number(r.id));
  } else {
    const query = words.map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');
    let q = dyn(db)
      .selectFrom(`${talkTable(subjectId)} as t`)
      .select('t.id');
    for (const w of where) q = q.where(w as RawBuilder<boolean>);
    ids = (
      await q
        .orderBy(sql`ts_rank(${sql.ref('t.search_vector')}, to_tsquery('simple', ${query}))`, 'desc')
        .orderBy('t.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()
    ).map((r) => Number(r.id));
  }
  return ids;
}

/** The rows of `ids` still matching `where` (the visibility, checked again), in that order. */
export async function rowsInOrder(
  db: Kysely<Database>,
  subjectId: number,
  ids: number[],
  where: RawBuilder<unknown>[],
): Promise<TalkRow[]> {
  if (ids.length === 0) return [];
  let q = dyn(db)
    .selectFrom(`${talkTable(subjectId)} as t`)
    .selectAll('t')
    .where('t.id', 'in', ids);
  for (const w of where) q = q.where(w as RawBuilder<boolean>);
  const rows = (await q.execute()) as TalkRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TalkRow => r !== undefined);
}
