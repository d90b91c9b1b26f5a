import { sql, type Kysely } from 'kysely';
import { valueKindOf, type ValueKind } from '@talkbase/domain/records/value-kinds';
import type { DialectName } from '../database.ts';
import { storedInColumn as hasColumn } from '@talkbase/domain/records/value-kinds';
import { attributeWordsOf, searchableTexts } from '@talkbase/domain/search/attribute-words';

/**
 * Every subject table gains `attribute_words`, its records' words tagged by attribute, and an index
 * of it (modules/records/attribute-words.ts): the quick search of an account that may not read some
 * attributes matches words of the attributes it reads only. The words of the records already
 * there are written here, a thousand rows at a time, before the index is built over them.
 *
 * The words come from the running code's attribute-words.ts on purpose: the index must hold what
 * the searches ask for. Should that file's encoding ever change, a later migration rewrites them.
 */
export function attributeWords(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const subjects = (await sql<{ id: number }>`select id from subjects order by id`.execute(db)).rows;
      const attributes = (
        await sql<{
          id: number;
          subject_id: number;
          component_id: number;
          is_multiple_values: number;
        }>`select id, subject_id, component_id, is_multiple_values from attributes order by position, id`.execute(
          db,
        )
      ).rows.map((r) => ({
        subjectId: r.subject_id,
        id: r.id,
        componentId: r.component_id,
        kind: valueKindOf(r.component_id) ?? 'text',
        isMultipleValues: r.is_multiple_values === 1,
      }));
      for (const { id: subjectId } of subjects) {
        const table = `subject_${subjectId}`;
        if (!(await tableExists(db, dialect, table))) continue;
        await sql.raw(`alter table ${table} add column attribute_words text not null default ''`).execute(db);
        await fill(
          db,
          subjectId,
          attributes.filter((a) => a.subjectId === subjectId),
        );
        for (const statement of indexStatements(dialect, subjectId)) await sql.raw(statement).execute(db);
      }
    },
  };
}

async function tableExists(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<boolean> {
  const found =
    dialect === 'sqlite'
      ? await sql`select 1 as x from sqlite_master where type = 'table' and name = ${table}`.execute(db)
      : await sql`select 1 as x where to_regclass(${table}) is not null`.execute(db);
  return found.rows.length > 0;
}

interface Attribute {
  id: number;
  componentId: number;
  kind: ValueKind;
  isMultipleValues: boolean;
}

async function fill(db: Kysely<unknown>, subjectId: number, attributes: Attribute[]): Promise<void> {
  const table = `subject_${subjectId}`;
  const texts = searchableTexts(attributes, {}, []);
  if (texts.length === 0) return;
  const single = texts.map((t) => t.attribute).filter(hasColumn);
  const listed = texts
    .map((t) => t.attribute)
    .filter((a) => !hasColumn(a))
    .map((a) => a.id);
  const columns = ['id', ...single.map((a) => `a_${a.id}`)].join(', ');
  let last = 0;
  for (;;) {
    const rows = (
      await sql<
        Record<string, unknown>
      >`select ${sql.raw(columns)} from ${sql.table(table)} where id > ${last} order by id limit 1000`.execute(
        db,
      )
    ).rows;
    if (rows.length === 0) return;
    const ids = rows.map((r) => Number(r.id));
    last = ids[ids.length - 1] ?? last;
    const multi = listed.length
      ? // talk_id is a bigint: a string on PostgreSQL.
        (
          await sql<{
            talk_id: number | string;
            attribute_id: number;
            value_text: string | null;
            value_number: number | null;
          }>`
            select talk_id, attribute_id, value_text, value_number from ${sql.table(`${table}_multi`)}
            where talk_id in (${sql.join(ids)}) and attribute_id in (${sql.join(listed)})
            order by talk_id, attribute_id, position`.execute(db)
        ).rows
      : [];
    for (const row of rows) {
      const id = Number(row.id);
      const mine = multi.filter((m) => Number(m.talk_id) === id);
      const values = listed.map((attributeId) => ({
        attributeId,
        values: mine.filter((m) => m.attribute_id === attributeId).map((m) => m.value_text ?? m.value_number),
      }));
      const words = attributeWordsOf(searchableTexts(attributes, row, values));
      if (words !== '')
        await sql`update ${sql.table(table)} set attribute_words = ${words} where id = ${id}`.execute(db);
    }
  }
}

/** subject-ddl.ts attributeWordsIndex as it stood when this migration was written. */
function indexStatements(dialect: DialectName, subjectId: number): string[] {
  const table = `subject_${subjectId}`;
  if (dialect === 'postgres')
    return [
      `alter table ${table} add column attribute_words_vector tsvector generated always as (strip(to_tsvector('simple', attribute_words))) stored`,
      `create index ${table}_words on ${table} using gin (attribute_words_vector)`,
    ];
  const words = `${table}_words`;
  return [
    `create virtual table ${words} using fts5(attribute_words, content='${table}', content_rowid='id')`,
    `create trigger ${table}_words_ai after insert on ${table} begin insert into ${words}(rowid, attribute_words) values (new.id, new.attribute_words); end`,
    `create trigger ${table}_words_ad after delete on ${table} begin insert into ${words}(${words}, rowid, attribute_words) values ('delete', old.id, old.attribute_words); end`,
    `create trigger ${table}_words_au after update of attribute_words on ${table} begin insert into ${words}(${words}, rowid, attribute_words) values ('delete', old.id, old.attribute_words); insert into ${words}(rowid, attribute_words) values (new.id, new.attribute_words); end`,
    `insert into ${words}(${words}) values ('rebuild')`,
  ];
}
