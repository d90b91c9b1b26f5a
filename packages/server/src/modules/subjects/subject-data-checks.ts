import { sql, type Kysely } from 'kysely';
import type { ValueKind } from '@talkbase/domain/records/value-kinds';
import type { Database } from '../../db/schema.ts';
import { attributeColumn, hasColumn, multiTable, talkTable } from '../../records/subject-ddl.ts';

/**
 * Reads of a subject's own table that tell what a schema change would lose or break: how many
 * records and files a removal takes, and the first records that block a change (duplicates under
 * a unique flag, empty values under a required one, longer texts under a shorter length, values a
 * type change would lose). Table and column names are built from numeric ids only.
 */

type Db = Kysely<Database>;

export interface CheckedAttribute {
  id: number;
  subjectId: number;
  componentId: number;
  kind: ValueKind;
  isMultipleValues: boolean;
}

/** How many blocking records a refusal names. */
export const BLOCKING_SAMPLE = 5;

const ids = (rows: { id: number | string | bigint }[]) => rows.map((r) => Number(r.id));

export async function countRecords(db: Db, subjectId: number): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
    talkTable(subjectId),
  )}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function countFiles(db: Db, subjectId: number, attributeId?: number): Promise<number> {
  let q = db
    .selectFrom('talk_files')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('subject_id', '=', subjectId)
    .where('deleted_at', 'is', null);
  if (attributeId !== undefined) q = q.where('attribute_id', '=', attributeId);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The SQL condition "this record has a value in the attribute", over the table aliased `t`. */
function hasValue(a: CheckedAttribute) {
  if (a.kind === 'file') {
    return sql`exists (select 1 from talk_files f where f.subject_id = ${a.subjectId} and f.talk_id = t.id and f.attribute_id = ${a.id} and f.deleted_at is null)`;
  }
  if (!hasColumn(a)) {
    return sql`exists (select 1 from ${sql.table(multiTable(a.subjectId))} m where m.talk_id = t.id and m.attribute_id = ${a.id})`;
  }
  const column = sql.ref(`t.${attributeColumn(a.id)}`);
  return a.kind === 'text' || a.kind === 'json'
    ? sql`(${column} is not null and ${column} <> '')`
    : sql`${column} is not null`;
}

/** Records with a value in the attribute. */
export async function countValues(db: Db, a: CheckedAttribute): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
    talkTable(a.subjectId),
  )} t where ${hasValue(a)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The first records with a value in the attribute. */
export async function recordsWithValue(db: Db, a: CheckedAttribute, limit = BLOCKING_SAMPLE) {
  const { rows } = await sql<{ id: number | string }>`select t.id from ${sql.table(
    talkTable(a.subjectId),
  )} t where ${hasValue(a)} order by t.id limit ${limit}`.execute(db);
  return ids(rows);
}

/** The first records without a value in the attribute. */
export async function recordsWithoutValue(db: Db, a: CheckedAttribute, limit = BLOCKING_SAMPLE) {
  const { rows } = await sql<{ id: number | string }>`select t.id from ${sql.table(
    talkTable(a.subjectId),
  )} t where not ${hasValue(a)} order by t.id limit ${limit}`.execute(db);
  return ids(rows);
}

/** The first records whose value another record repeats (what a unique index refuses). */
export async function recordsWithDuplicates(db: Db, a: CheckedAttribute, limit = BLOCKING_SAMPLE) {
  if (!hasColumn(a)) return [];
  const table = sql.table(talkTable(a.subjectId));
  const column = sql.ref(attributeColumn(a.id));
  const { rows } = await sql<{ id: number | string }>`select id from ${table} where ${column} in (
      select ${column} from ${table} where ${column} is not null group by ${column} having count(*) > 1
    ) order by id limit ${limit}`.execute(db);
  return ids(rows);
}

/** The first records whose text is longer than `length`. */
export async function recordsLongerThan(
  db: Db,
  a: CheckedAttribute,
  length: number,
  limit = BLOCKING_SAMPLE,
) {
  if (!hasColumn(a) || a.kind !== 'text') return [];
  const column = sql.ref(attributeColumn(a.id));
  const { rows } = await sql<{ id: number | string }>`select id from ${sql.table(
    talkTable(a.subjectId),
  )} where length(${column}) > ${length} order by id limit ${limit}`.execute(db);
  return ids(rows);
}

/** Every stored value of a single-valued attribute, a page at a time (ids above `after`). */
export async function valuesPage(db: Db, a: CheckedAttribute, after: number, size: number) {
  if (!hasColumn(a)) return [];
  const column = sql.ref(attributeColumn(a.id));
  const { rows } = await sql<{
    id: number | string;
    value: unknown;
  }>`select id, ${column} as value from ${sql.table(
    talkTable(a.subjectId),
  )} where id > ${after} and ${column} is not null order by id limit ${size}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), value: r.value }));
}
