import { sql, type Kysely } from 'kysely';
import { valueKindOf, type ValueKind } from '@talkbase/domain/records/value-kinds';
import { withoutStatementTimeout, type DialectName } from '../db/database.ts';
import { idColumn } from '../db/ddl.ts';
import type { Database } from '../db/schema.ts';

/**
 * Each subject is a real table `subject_{id}`; each single-valued attribute a typed column
 * `a_{attributeId}`; multi-valued attributes live in `subject_{id}_multi`. Names are built from
 * numeric ids only, never from user text. Quick search uses an index of `search_text`: FTS5 on
 * SQLite (accent-insensitive tokenizer), a generated tsvector with GIN on PostgreSQL; accounts that
 * may not read some attributes search an index of `attribute_words` instead (attributeWordsIndex).
 */
export const talkTable = (subjectId: number) => `subject_${subjectId}`;
export const multiTable = (subjectId: number) => `subject_${subjectId}_multi`;
export const ftsTable = (subjectId: number) => `subject_${subjectId}_fts`;
/** SQLite's index of the record's words by attribute (talks/attribute-words.ts). */
export const wordsTable = (subjectId: number) => `subject_${subjectId}_words`;
import { attributeColumn, storedInColumn as hasColumn } from '@talkbase/domain/records/value-kinds';

export { attributeColumn, hasColumn };

export interface ColumnSpec {
  id: number;
  componentId: number;
  isMultipleValues: boolean;
  isOrderable: boolean;
  isNaturalKey: boolean;
}

type Db = Kysely<Database>;

function sqlType(kind: ValueKind, dialect: DialectName) {
  switch (kind) {
    case 'integer':
    case 'reference':
    case 'datetime':
      return 'bigint';
    case 'decimal':
      return dialect === 'sqlite' ? 'real' : 'double precision';
    case 'boolean':
      return 'integer';
    default:
      return 'text';
  }
}

/** Whether the attribute has a column of its own (files and multi-valued ones do not). */

export async function createSubjectTable(db: Db, dialect: DialectName, subjectId: number): Promise<void> {
  const table = talkTable(subjectId);
  await db.schema
    .createTable(table)
    .addColumn('id', ...idColumn(dialect))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attribute_words', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex(`${table}_active`).on(table).columns(['is_active', 'id']).execute();

  await db.schema
    .createTable(multiTable(subjectId))
    .addColumn('talk_id', 'bigint', (c) => c.notNull().references(`${table}.id`).onDelete('cascade'))
    .addColumn('attribute_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('value_text', 'text')
    .addColumn('value_number', dialect === 'sqlite' ? 'real' : 'double precision')
    .addPrimaryKeyConstraint(`${multiTable(subjectId)}_pk`, ['talk_id', 'attribute_id', 'position'])
    .execute();
  await db.schema
    .createIndex(`${multiTable(subjectId)}_value`)
    .on(multiTable(subjectId))
    .columns(['attribute_id', 'value_number', 'talk_id'])
    .execute();

  if (dialect === 'sqlite') {
    const fts = ftsTable(subjectId);
    await sql
      .raw(
        `create virtual table ${fts} using fts5(search_text, content='${table}', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_ai after insert on ${table} begin insert into ${fts}(rowid, search_text) values (new.id, new.search_text); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_ad after delete on ${table} begin insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_au after update of search_text on ${table} begin insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text); insert into ${fts}(rowid, search_text) values (new.id, new.search_text); end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `alter table ${table} add column search_vector tsvector generated always as (to_tsvector('simple', search_text)) stored`,
      )
      .execute(db);
    await sql.raw(`create index ${table}_search on ${table} using gin (search_vector)`).execute(db);
  }
  for (const statement of attributeWordsIndex(dialect, subjectId)) await sql.raw(statement).execute(db);
}

/**
 * The index of `attribute_words` (talks/attribute-words.ts): FTS5 over the column on SQLite, kept
 * by triggers like the record's own index; a generated tsvector with GIN on PostgreSQL, stripped
 * of positions (a search over it asks only whether tokens are there). Migration 0022 built the same
 * for the subjects made before it.
 */
export function attributeWordsIndex(dialect: DialectName, subjectId: number): string[] {
  const table = talkTable(subjectId);
  if (dialect === 'postgres')
    return [
      `alter table ${table} add column attribute_words_vector tsvector generated always as (strip(to_tsvector('simple', attribute_words))) stored`,
      `create index ${table}_words on ${table} using gin (attribute_words_vector)`,
    ];
  const words = wordsTable(subjectId);
  return [
    `create virtual table ${words} using fts5(attribute_words, content='${table}', content_rowid='id')`,
    `create trigger ${table}_words_ai after insert on ${table} begin insert into ${words}(rowid, attribute_words) values (new.id, new.attribute_words); end`,
    `create trigger ${table}_words_ad after delete on ${table} begin insert into ${words}(${words}, rowid, attribute_words) values ('delete', old.id, old.attribute_words); end`,
    `create trigger ${table}_words_au after update of attribute_words on ${table} begin insert into ${words}(${words}, rowid, attribute_words) values ('delete', old.id, old.attribute_words); insert into ${words}(rowid, attribute_words) values (new.id, new.attribute_words); end`,
  ];
}

export async function addAttributeColumn(
  db: Db,
  dialect: DialectName,
  subjectId: number,
  a: ColumnSpec,
): Promise<void> {
  if (!hasColumn(a)) return;
  const kind = valueKindOf(a.componentId) ?? 'text';
  const table = talkTable(subjectId);
  const column = attributeColumn(a.id);
  await db.schema
    .alterTable(table)
    .addColumn(column, sql.raw(sqlType(kind, dialect)))
    .execute();
  await indexAttribute(db, dialect, subjectId, a);
}

/**
 * Natural keys are unique (a unique index makes it race-free). Orderable attributes are the ones
 * grids sort and filter on: an index (is_active, column, id) serves a sorted page of active rows
 * and counts of an equality filter without touching the table; text ones also get
 * (is_active, lower(column)) because text equality is case-insensitive.
 */
export async function indexAttribute(
  db: Db,
  dialect: DialectName,
  subjectId: number,
  a: ColumnSpec,
): Promise<void> {
  if (!hasColumn(a)) return;
  // Building an index reads the whole table: a large subject may take longer than a request's limit.
  await withoutStatementTimeout(db, dialect);
  const table = talkTable(subjectId);
  const column = attributeColumn(a.id);
  for (const suffix of ['key', 'sort', 'ci'])
    await sql.raw(`drop index if exists ${table}_${column}_${suffix}`).execute(db);
  if (a.isNaturalKey)
    await db.schema.createIndex(`${table}_${column}_key`).unique().on(table).column(column).execute();
  if (a.isOrderable) {
    // PostgreSQL's default puts NULLs last; grids put them first ascending, as SQLite does.
    const sorted = dialect === 'postgres' ? `${column} nulls first` : column;
    await sql.raw(`create index ${table}_${column}_sort on ${table} (is_active, ${sorted}, id)`).execute(db);
    if (valueKindOf(a.componentId) === 'text') {
      await sql
        .raw(`create index ${table}_${column}_ci on ${table} (is_active, lower(${column}))`)
        .execute(db);
    }
  }
}

export async function dropAttributeColumn(db: Db, subjectId: number, a: ColumnSpec): Promise<void> {
  const table = talkTable(subjectId);
  if (!hasColumn(a)) {
    await sql`delete from ${sql.table(multiTable(subjectId))} where attribute_id = ${a.id}`.execute(db);
    return;
  }
  const column = attributeColumn(a.id);
  for (const suffix of ['key', 'sort', 'ci'])
    await sql.raw(`drop index if exists ${table}_${column}_${suffix}`).execute(db);
  await db.schema.alterTable(table).dropColumn(column).execute();
}

/**
 * PostgreSQL: takes the subject's tables for the transaction before anything else it changes, so
 * that work holding their rows (a re-tagging batch, a write) finishes first or waits, instead of
 * a deadlock between the rows it holds and the tables a later DROP needs (seen deleting a subject
 * while its tags were being re-evaluated). False when the tables are gone. SQLite has one writer at a
 * time: nothing to do.
 */
/** A subject's table dropped under a reader (the subject removed since its catalogue was read). */
export function isMissingTable(err: unknown): boolean {
  const { code, message } = err as { code?: string; message?: string };
  return code === '42P01' || (typeof message === 'string' && message.startsWith('no such table'));
}

export async function lockSubjectTables(db: Db, dialect: DialectName, subjectId: number): Promise<boolean> {
  if (dialect !== 'postgres') return true;
  try {
    await sql
      .raw(`lock table ${talkTable(subjectId)}, ${multiTable(subjectId)} in access exclusive mode`)
      .execute(db);
    return true;
  } catch (err) {
    // Dropped by a transaction this one waited for (two deletes at once): the subject is gone.
    if (isMissingTable(err)) return false;
    throw err;
  }
}

export async function dropSubjectTable(db: Db, dialect: DialectName, subjectId: number): Promise<void> {
  if (dialect === 'sqlite') {
    await sql.raw(`drop table if exists ${ftsTable(subjectId)}`).execute(db);
    await sql.raw(`drop table if exists ${wordsTable(subjectId)}`).execute(db);
  }
  await sql.raw(`drop table if exists ${multiTable(subjectId)}`).execute(db);
  await sql.raw(`drop table if exists ${talkTable(subjectId)}`).execute(db);
}
