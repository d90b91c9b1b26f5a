import { sql, type AliasedRawBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { SessionVersions } from '../http/session-confirmation.ts';
import { prepared } from '../db/prepared.ts';
import type { RowScope } from './row-scope.ts';
import type { Database } from '../db/schema.ts';
import { attributeColumn, hasColumn, multiTable, talkTable } from './subject-ddl.ts';
import type { DbValue } from './record-values.ts';
import type { SearchConditions } from './search.ts';
import type { SearchTexts } from './record-prepare.ts';

/**
 * SQL over the subjects' own tables. Table and column names come from numeric ids only
 * (subject-ddl.ts); every value is a bound parameter.
 */
type Dyn = Record<string, Record<string, unknown>>;
const dyn = (db: Kysely<Database>) => db as unknown as Kysely<Dyn>;

/** What reading a subject's rows needs of it: its id and which attributes have a column. */
export interface RowShape {
  id: number;
  attributes: readonly { id: number; componentId: number; isMultipleValues: boolean }[];
}

const RECORD_COLUMNS = ['id', 'is_active', 'version', 'created_at', 'created_by', 'updated_at', 'updated_by'];

/**
 * The display names of the accounts that created and last changed the record, read with a single
 * record (`findTalk`): as subselects by key they cost the database two index lookups instead of the
 * request a second round trip. A page asks for its few authors' names once (the presenter), not
 * twice a row.
 */
const ACCOUNT_NAMES = [
  sql<string | null>`(select acc_n.display_name from accounts acc_n where acc_n.id = t.created_by)`.as(
    'created_by_name',
  ),
  sql<string | null>`(select acc_n.display_name from accounts acc_n where acc_n.id = t.updated_by)`.as(
    'updated_by_name',
  ),
];

const columnsOf = new WeakMap<RowShape, { refs: string[]; key: string }>();

/**
 * The columns a record is read with: its own and its attributes' — never the search texts (every
 * word of the record again, and on PostgreSQL two tsvectors), which no reader of a row uses. Named
 * one by one, so a compiled read's result has a fixed shape: a subject's new attribute gives a new
 * text rather than a changed result for the same one (db/prepared.ts names statements on PostgreSQL).
 */
export function rowColumns(subject: RowShape): { refs: string[]; key: string } {
  let known = columnsOf.get(subject);
  if (!known) {
    const names = [
      ...RECORD_COLUMNS,
      ...subject.attributes.filter(hasColumn).map((a) => attributeColumn(a.id)),
    ];
    known = { refs: names.map((n) => `t.${n}`), key: `${subject.id}:${names.join(',')}` };
    columnsOf.set(subject, known);
  }
  return known;
}

export type TalkRow = Record<string, unknown> & {
  id: number;
  is_active: number;
  version: number;
  created_at: number;
  created_by: number | null;
  updated_at: number;
  updated_by: number | null;
  /** Present when read by `findTalk`: the accounts' display names (null: no such account). */
  created_by_name?: string | null;
  updated_by_name?: string | null;
};

export interface MultiValue {
  attributeId: number;
  values: DbValue[];
}

export async function insertTalk(
  db: Kysely<Database>,
  subjectId: number,
  row: { columns: Record<string, DbValue>; search: SearchTexts; at: number; accountId: number | null },
): Promise<number> {
  const names = Object.keys(row.columns);
  const [inserted] = await insertTalkQuery(
    db,
    [subjectId, ...names].join(','),
    ...names.map((n) => row.columns[n]),
    row.at,
    row.accountId,
    row.search.text,
    row.search.attributeWords,
  );
  if (!inserted) throw new Error(`insert into ${talkTable(subjectId)} returned no id`);
  return Number(inserted.id);
}

/** Keyed by the subject and the columns given: `subjectId,column,column…` (ids only). */
const insertTalkQuery = prepared((db: Kysely<Database>, shape: string, ...values: unknown[]) => {
  const [subjectId, ...names] = shape.split(',');
  const at = values[names.length];
  const accountId = values[names.length + 1];
  return dyn(db)
    .insertInto(talkTable(Number(subjectId)))
    .values({
      ...Object.fromEntries(names.map((n, i) => [n, values[i]])),
      is_active: 1,
      version: 1,
      created_at: at,
      created_by: accountId,
      updated_at: at,
      updated_by: accountId,
      search_text: values[names.length + 2],
      attribute_words: values[names.length + 3],
    })
    .returning('id');
});

export async function replaceMultiValues(
  db: Kysely<Database>,
  subjectId: number,
  talkId: number,
  multi: MultiValue[],
): Promise<void> {
  const table = multiTable(subjectId);
  for (const m of multi) {
    await dyn(db)
      .deleteFrom(table)
      .where('talk_id', '=', talkId)
      .where('attribute_id', '=', m.attributeId)
      .execute();
    if (m.values.length === 0) continue;
    await dyn(db)
      .insertInto(table)
      .values(
        m.values.map((v, position) => ({
          talk_id: talkId,
          attribute_id: m.attributeId,
          position,
          value_text: typeof v === 'string' ? v : null,
          value_number: typeof v === 'number' ? v : null,
        })),
      )
      .execute();
  }
}

/**
 * What a part that hangs off records reads with a record read alone (its tags: modules/records
 * record-parts.ts), as columns of the row's own statement over `t`: one round trip instead of one
 * more. `key` names them and whatever their text depends on (the subject, the dialect): it is
 * shared by every app in the process.
 */
export interface RowExtras {
  key: string;
  columns: readonly AliasedRawBuilder<unknown, string>[];
}

/** The extras' columns by key, for `talkById` to build its text from its key alone. */
const extrasByKey = new Map<string, RowExtras['columns']>();

/**
 * The company's versions beside the row (http/session-confirmation.ts): lookups by key in the row's
 * own statement, so a remembered session is confirmed in the snapshot the record is read in. As
 * scalar subqueries, which each engine runs once: SQLite plans a join to `companies` as a scan
 * that made the read ~6 times slower.
 */
function withVersions<Q extends SelectQueryBuilder<Dyn, string, object>>(q: Q, companyId: number): Q {
  const version = (column: string) =>
    sql<number>`(select ${sql.ref(`tb_versions.${column}`)} from companies as tb_versions where tb_versions.id = ${companyId})`;
  return q.select([
    version('auth_version').as('tb_auth_version'),
    version('catalog_version').as('tb_catalog_version'),
  ]) as Q;
}

/** A record by id with no row filter: compiled once per subject, column set and extras (db/prepared.ts). */
const talkById = prepared((db: Kysely<Database>, key: string, talkId: number, companyId: number) => {
  const [head = '', extras = '', versions = ''] = key.split('|');
  const [subjectId, columns = ''] = head.split(':');
  const q = dyn(db)
    .selectFrom(`${talkTable(Number(subjectId))} as t`)
    .select([
      ...columns.split(',').map((c) => `t.${c}`),
      ...ACCOUNT_NAMES,
      ...(extrasByKey.get(extras) ?? []),
    ])
    .where('t.id', '=', talkId);
  return versions ? withVersions(q, companyId) : q;
});

export async function findTalk(
  db: Kysely<Database>,
  subject: RowShape,
  talkId: number,
  rows: RowScope,
  extras?: RowExtras,
): Promise<TalkRow | undefined> {
  return (await readTalk(db, subject, talkId, rows, extras, undefined)) as TalkRow | undefined;
}

/**
 * `findTalk` with the company's versions read in the same statement, to confirm a remembered
 * session (http/session-confirmation.ts); `versions` is undefined when no row was read.
 */
export async function findTalkWithVersions(
  db: Kysely<Database>,
  subject: RowShape,
  talkId: number,
  rows: RowScope,
  extras: RowExtras | undefined,
  companyId: number,
): Promise<{ row: TalkRow | undefined; versions: SessionVersions | undefined }> {
  const found = await readTalk(db, subject, talkId, rows, extras, companyId);
  if (!found) return { row: undefined, versions: undefined };
  const { tb_auth_version: authVersion, tb_catalog_version: catalogVersion, ...row } = found;
  return {
    row: row as TalkRow,
    versions: { authVersion: Number(authVersion), catalogVersion: Number(catalogVersion) },
  };
}

async function readTalk(
  db: Kysely<Database>,
  subject: RowShape,
  talkId: number,
  rows: RowScope,
  extras: RowExtras | undefined,
  versionsOf: number | undefined,
): Promise<Record<string, unknown> | undefined> {
  const visible = rows.condition;
  const columns = rowColumns(subject);
  if (!visible) {
    if (extras && !extrasByKey.has(extras.key)) extrasByKey.set(extras.key, extras.columns);
    const key = `${columns.key}|${extras?.key ?? ''}|${versionsOf === undefined ? '' : 'v'}`;
    const [row] = await talkById(db, key, talkId, versionsOf ?? 0);
    return row;
  }
  const q = dyn(db)
    .selectFrom(`${talkTable(subject.id)} as t`)
    .select([...columns.refs, ...ACCOUNT_NAMES, ...(extras?.columns ?? [])])
    .where('t.id', '=', talkId)
    .where(visible as RawBuilder<boolean>);
  return await (versionsOf === undefined ? q : withVersions(q, versionsOf)).executeTakeFirst();
}

export async function multiValuesOf(db: Kysely<Database>, subjectId: number, talkIds: number[]) {
  if (talkIds.length === 0) return [];
  const rows = await dyn(db)
    .selectFrom(multiTable(subjectId))
    .select(['talk_id', 'attribute_id', 'position', 'value_text', 'value_number'])
    .where('talk_id', 'in', talkIds)
    .orderBy('talk_id')
    .orderBy('attribute_id')
    .orderBy('position')
    .execute();
  return rows as {
    talk_id: number;
    attribute_id: number;
    value_text: string | null;
    value_number: number | null;
  }[];
}

/** Updates when the version matches (or none was given); returns how many rows changed. */
export async function updateTalk(
  db: Kysely<Database>,
  subjectId: number,
  talkId: number,
  set: Record<string, DbValue>,
  meta: { at: number; accountId: number | null; expectedVersion: number | undefined; search: SearchTexts },
): Promise<number> {
  let q = dyn(db)
    .updateTable(talkTable(subjectId))
    .set({
      ...set,
      version: sql`version + 1`,
      updated_at: meta.at,
      updated_by: meta.accountId,
      search_text: meta.search.text,
      attribute_words: meta.search.attributeWords,
    })
    .where('id', '=', talkId);
  if (meta.expectedVersion !== undefined) q = q.where('version', '=', meta.expectedVersion);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function setActive(
  db: Kysely<Database>,
  subjectId: number,
  talkIds: number[],
  active: boolean,
  at: number,
  accountId: number,
) {
  const r = await dyn(db)
    .updateTable(talkTable(subjectId))
    .set({ is_active: active ? 1 : 0, version: sql`version + 1`, updated_at: at, updated_by: accountId })
    .where('id', 'in', talkIds)
    .where('is_active', '=', active ? 0 : 1)
    .returning('id')
    .execute();
  return r.map((row) => (row as { id: number }).id);
}

export async function deleteTalks(db: Kysely<Database>, subjectId: number, talkIds: number[]) {
  await dyn(db).deleteFrom(talkTable(subjectId)).where('id', 'in', talkIds).execute();
}

/** The next `limit` active records after `afterId`, by id, as `rows` lets the reader see them (a walk in batches). */
export async function activeIdsAfter(
  db: Kysely<Database>,
  subjectId: number,
  afterId: number,
  limit: number,
  rows: RowScope,
): Promise<number[]> {
  let q = dyn(db)
    .selectFrom(`${talkTable(subjectId)} as t`)
    .select('t.id')
    .where('t.id', '>', afterId)
    .where('t.is_active', '=', 1)
    .orderBy('t.id')
    .limit(limit);
  if (rows.condition) q = q.where(rows.condition as RawBuilder<boolean>);
  return (await q.execute()).map((r) => Number(r.id));
}

export async function existingIds(
  db: Kysely<Database>,
  subjectId: number,
  ids: number[],
  rows: RowScope,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const visible = rows.condition;
  let q = dyn(db)
    .selectFrom(`${talkTable(subjectId)} as t`)
    .select('t.id')
    .where('t.id', 'in', ids);
  if (visible) q = q.where(visible as RawBuilder<boolean>);
  return new Set((await q.execute()).map((r) => Number(r.id)));
}

export async function valueTaken(
  db: Kysely<Database>,
  subjectId: number,
  column: string,
  value: DbValue,
  exceptId?: number,
): Promise<boolean> {
  let q = dyn(db).selectFrom(talkTable(subjectId)).select('id').where(column, '=', value).limit(1);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Records of `fromSubjectId` whose attribute points at one of `ids`. */
export async function referencing(
  db: Kysely<Database>,
  ref: { fromSubjectId: number; attributeId: number; multiple: boolean },
  ids: number[],
  limit: number,
): Promise<{ talkId: number; target: number }[]> {
  const rows = ref.multiple
    ? await dyn(db)
        .selectFrom(multiTable(ref.fromSubjectId))
        .select(['talk_id as talkId', 'value_number as target'])
        .where('attribute_id', '=', ref.attributeId)
        .where('value_number', 'in', ids)
        .limit(limit)
        .execute()
    : await dyn(db)
        .selectFrom(talkTable(ref.fromSubjectId))
        .select(['id as talkId', `a_${ref.attributeId} as target`])
        .where(`a_${ref.attributeId}`, 'in', ids)
        .limit(limit)
        .execute();
  return rows.map((r) => ({ talkId: Number(r.talkId), target: Number(r.target) }));
}

export interface PageQuery {
  /** The rows the reader may see (access/row-scope.ts), ANDed with `where`. */
  rows: RowScope;
  where: RawBuilder<unknown>[];
  orderBy: { column: string; desc: boolean }[];
  offset: number;
  limit: number;
  /** PostgreSQL: state NULLS FIRST/LAST (SQLite's default order already is). */
  explicitNulls?: boolean;
  /** The quick search's condition in its two forms (search.ts); the page query picks one by the count. */
  search?: SearchConditions;
}

function baseQuery(db: Kysely<Database>, subjectId: number) {
  return dyn(db).selectFrom(`${talkTable(subjectId)} as t`);
}

/**
 * Up to this many matches, a search page takes the matching ids from the index first (search.ts).
 * Index-first costs about one row read per match; the engine's own plan walks the grid's order and
 * reads about 50 × rows ÷ matches rows. They cross near √(50 × rows): ~7,000 matches at 1,000,000
 * rows, ~2,200 at 100,000. Measured at 1M rows on PostgreSQL: a term in 1 % of the rows (10,000)
 * gave 78 pages/s index-first and 373 with the engine's plan; a term in none, 1,953 and 5.
 */
const SELECTIVE_SEARCH_MAX = 2_000;

export async function pageTalks(
  db: Kysely<Database>,
  subject: RowShape,
  q: PageQuery,
  counter?: {
    key: (compiled: string) => string;
    get: (key: string) => number | undefined;
    set: (key: string, n: number) => void;
  },
): Promise<{ rows: TalkRow[]; total: number }> {
  let base = baseQuery(db, subject.id);
  if (q.rows.condition) base = base.where(q.rows.condition as RawBuilder<boolean>);
  for (const w of q.where) base = base.where(w as RawBuilder<boolean>);
  const columns = rowColumns(subject).refs;
  let rowsQ = base.select(columns);
  // Empty values sort first ascending and last descending in both dialects. SQLite does so by
  // default; PostgreSQL is told explicitly, and its sort indexes are built the same way (subject-ddl.ts).
  for (const o of q.orderBy) {
    const explicit = q.explicitNulls === true && o.column !== 'id';
    rowsQ = rowsQ.orderBy(sql.ref(`t.${o.column}`), (ob) =>
      o.desc ? (explicit ? ob.desc().nullsLast() : ob.desc()) : explicit ? ob.asc().nullsFirst() : ob.asc(),
    );
  }
  const countQ = (q.search ? base.where(q.search.plain as RawBuilder<boolean>) : base).select((eb) =>
    eb.fn.countAll<number>().as('n'),
  );
  const compiled = countQ.compile();
  const key = counter?.key(`${compiled.sql}|${JSON.stringify(compiled.parameters)}`);
  const known = key !== undefined ? counter?.get(key) : undefined;
  let total: number;
  let rows: unknown[];
  if (!q.search) {
    [rows, total] = await Promise.all([
      rowsQ.limit(q.limit).offset(q.offset).execute(),
      known !== undefined ? Promise.resolve(known) : countQ.executeTakeFirstOrThrow().then((r) => r.n),
    ]);
  } else {
    // A search counts first: no page is read past the matches (a term matching nothing costs its
    // count, cached), and the number of matches picks the condition's form for the page.
    total = known ?? (await countQ.executeTakeFirstOrThrow()).n;
    const search = total <= SELECTIVE_SEARCH_MAX ? q.search.selective : q.search.plain;
    const walk = q.search.byRecordOrder;
    const inRecordOrder = q.orderBy.length === 1 && q.orderBy[0]?.column === 'id';
    if (total <= q.offset) rows = [];
    else if (walk && inRecordOrder) {
      rows = await base
        .innerJoin(`${walk.table} as f`, 'f.rowid', 't.id')
        .select(columns)
        .where(sql<boolean>`${sql.table(walk.table)} match ${walk.match}`)
        .orderBy(sql.ref('f.rowid'), q.orderBy[0]?.desc ? 'desc' : 'asc')
        .limit(q.limit)
        .offset(q.offset)
        .execute();
    } else
      rows = await rowsQ
        .where(search as RawBuilder<boolean>)
        .limit(q.limit)
        .offset(q.offset)
        .execute();
  }
  if (key !== undefined && known === undefined) counter?.set(key, total);
  return { rows: rows as TalkRow[], total };
}

export async function rowsByIds(
  db: Kysely<Database>,
  subject: RowShape,
  ids: number[],
  rows: RowScope,
): Promise<TalkRow[]> {
  if (ids.length === 0) return [];
  let q = dyn(db)
    .selectFrom(`${talkTable(subject.id)} as t`)
    .select(rowColumns(subject).refs)
    .where('t.id', 'in', ids);
  if (rows.condition) q = q.where(rows.condition as RawBuilder<boolean>);
  return (await q.execute()) as TalkRow[];
}
