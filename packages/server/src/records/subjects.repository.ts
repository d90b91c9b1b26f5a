import { sql, type Kysely, type Selectable } from 'kysely';
import type { AttributesTable, Database, SubjectsTable } from '../db/schema.ts';
import { likePattern } from '../http/paging.ts';

export type SubjectRow = Selectable<SubjectsTable>;
export type AttributeRow = Selectable<AttributesTable>;

export function findSubjectByIdentifier(db: Kysely<Database>, companyId: number, identifier: string) {
  return db
    .selectFrom('subjects')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('identifier', '=', identifier.toLowerCase())
    .executeTakeFirst();
}

export function findSubjectById(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('subjects')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listAttributes(db: Kysely<Database>, subjectIds: number[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('attributes')
    .selectAll()
    .where('subject_id', 'in', subjectIds)
    .orderBy('subject_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function subjectsByIds(db: Kysely<Database>, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subjects')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export async function pageSubjects(
  db: Kysely<Database>,
  companyId: number,
  opts: { term?: string | undefined; offset: number; fetch: number; onlyIds?: number[] | undefined },
) {
  let q = db.selectFrom('subjects').where('company_id', '=', companyId);
  if (opts.term) {
    const pattern = likePattern(opts.term.toLowerCase());
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(identifier)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (opts.onlyIds)
    q = opts.onlyIds.length ? q.where('id', 'in', opts.onlyIds) : q.where(sql<boolean>`1 = 0`);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('name').orderBy('id').limit(opts.fetch).offset(opts.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export async function insertSubject(
  db: Kysely<Database>,
  s: {
    companyId: number;
    identifier: string;
    name: string;
    icon: string | null;
    isBuiltIn: boolean;
    at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('subjects')
    .values({
      company_id: s.companyId,
      identifier: s.identifier,
      name: s.name,
      icon: s.icon,
      is_builtin: s.isBuiltIn ? 1 : 0,
      created_at: s.at,
      updated_at: s.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSubject(
  db: Kysely<Database>,
  id: number,
  patch: { name?: string; icon?: string | null },
  at: number,
) {
  await db
    .updateTable('subjects')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteSubject(db: Kysely<Database>, id: number) {
  await db.deleteFrom('attributes').where('subject_id', '=', id).execute();
  await db.deleteFrom('talk_changes').where('subject_id', '=', id).execute();
  await db.deleteFrom('subjects').where('id', '=', id).execute();
}

export type NewAttributeRow = Omit<AttributeRow, 'id'>;

export async function insertAttribute(db: Kysely<Database>, row: NewAttributeRow): Promise<number> {
  const r = await db.insertInto('attributes').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateAttribute(db: Kysely<Database>, id: number, patch: Partial<NewAttributeRow>) {
  await db.updateTable('attributes').set(patch).where('id', '=', id).execute();
}

export async function deleteAttribute(db: Kysely<Database>, id: number) {
  await db.deleteFrom('attributes').where('id', '=', id).execute();
}

export async function nextAttributePosition(db: Kysely<Database>, subjectId: number): Promise<number> {
  const r = await db
    .selectFrom('attributes')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return (r?.p ?? 0) + 1;
}

/** Attributes of other subjects that point to this one (subjectsThatReferThis). */
export function referringAttributes(db: Kysely<Database>, companyId: number, subjectId: number) {
  return db
    .selectFrom('attributes')
    .innerJoin('subjects', 'subjects.id', 'attributes.subject_id')
    .select([
      'attributes.id as attributeId',
      'attributes.identifier as attributeIdentifier',
      'attributes.name as attributeName',
      'attributes.is_multiple_values as isMultipleValues',
      'subjects.id as subjectId',
      'subjects.identifier as subjectIdentifier',
      'subjects.name as subjectName',
      'subjects.icon as icon',
    ])
    .where('attributes.company_id', '=', companyId)
    .where('attributes.related_subject_id', '=', subjectId)
    .orderBy('subjects.name')
    .execute();
}
