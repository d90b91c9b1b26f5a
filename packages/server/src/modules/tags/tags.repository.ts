import { sql, type AliasedRawBuilder, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { TagSource } from '@talkbase/domain/tags/membership';
import type { TalkTag } from '@talkbase/domain/contracts/tags';
import { prepared } from '../../db/prepared.ts';
import type { DialectName } from '../../db/database.ts';
import type { Database, TagFiltersTable } from '../../db/schema.ts';
import { likePattern } from '../../http/paging.ts';

/** All SQL of tags: the tags, their filters, which records carry them and the re-tagging runs. */

export interface TagRow {
  id: number;
  name: string;
  color: string;
  generation: number;
}

/** A tag's filter as the evaluator reads it (its company is the tag's). */
export type TagFilterRow = Omit<Selectable<TagFiltersTable>, 'company_id'>;

export async function pageTags(
  db: Kysely<Database>,
  companyId: number,
  q: { term?: string | undefined; offset: number; limit: number },
): Promise<{ rows: TagRow[]; total: number }> {
  let base = db.selectFrom('tags').where('company_id', '=', companyId);
  if (q.term) base = base.where(sql<boolean>`name_normalized like ${likePattern(q.term)} escape '\\'`);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'name', 'color', 'generation'])
      .orderBy('name_normalized')
      .orderBy('id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export function findTag(db: Kysely<Database>, companyId: number, tagId: number) {
  return db
    .selectFrom('tags')
    .select(['id', 'name', 'color', 'generation'])
    .where('company_id', '=', companyId)
    .where('id', '=', tagId)
    .executeTakeFirst();
}

export function filtersOfTag(db: Kysely<Database>, tagId: number): Promise<TagFilterRow[]> {
  return db
    .selectFrom('tag_filters')
    .select(['id', 'tag_id', 'subject_id', 'subject_attribute_id', 'name', 'filter', 'position'])
    .where('tag_id', '=', tagId)
    .orderBy('position')
    .execute();
}

/** The filters of every tag that targets a subject, with their tags. */
const filtersOfSubjectQuery = prepared((db: Kysely<Database>, _: 0, subjectId: number) =>
  db
    .selectFrom('tag_filters')
    .select(['id', 'tag_id', 'subject_id', 'subject_attribute_id', 'name', 'filter', 'position'])
    .where('subject_id', '=', subjectId)
    .orderBy('tag_id')
    .orderBy('position'),
);

/** The filters of every tag that targets a subject (read on every record written). */
export function filtersOfSubject(db: Kysely<Database>, subjectId: number): Promise<TagFilterRow[]> {
  return filtersOfSubjectQuery(db, 0, subjectId);
}

export async function insertTag(
  db: Kysely<Database>,
  row: { companyId: number; name: string; nameNormalized: string; color: string; at: number },
): Promise<number> {
  const r = await db
    .insertInto('tags')
    .values({
      company_id: row.companyId,
      name: row.name,
      name_normalized: row.nameNormalized,
      color: row.color,
      generation: 1,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTag(
  db: Kysely<Database>,
  tagId: number,
  row: { name: string; nameNormalized: string; color: string; at: number; bumpGeneration: boolean },
): Promise<void> {
  await db
    .updateTable('tags')
    .set({
      name: row.name,
      name_normalized: row.nameNormalized,
      color: row.color,
      updated_at: row.at,
      ...(row.bumpGeneration ? { generation: sql<number>`generation + 1` } : {}),
    })
    .where('id', '=', tagId)
    .execute();
}

export async function deleteTag(db: Kysely<Database>, tagId: number): Promise<void> {
  // Children first: the same on both engines whatever the foreign keys' cascade does.
  await db.deleteFrom('tag_runs').where('tag_id', '=', tagId).execute();
  await db.deleteFrom('talk_tags').where('tag_id', '=', tagId).execute();
  await db.deleteFrom('tag_filters').where('tag_id', '=', tagId).execute();
  await db.deleteFrom('tags').where('id', '=', tagId).execute();
}

export async function replaceFilters(
  db: Kysely<Database>,
  companyId: number,
  tagId: number,
  filters: {
    id: number | undefined;
    subjectId: number;
    subjectAttributeId: number | null;
    name: string;
    filter: string;
  }[],
): Promise<void> {
  const keep = filters.flatMap((f) => (f.id === undefined ? [] : [f.id]));
  let del = db.deleteFrom('tag_filters').where('tag_id', '=', tagId);
  if (keep.length) del = del.where('id', 'not in', keep);
  await del.execute();
  for (const [position, f] of filters.entries()) {
    const values = {
      subject_id: f.subjectId,
      subject_attribute_id: f.subjectAttributeId,
      name: f.name,
      filter: f.filter,
      position,
    };
    if (f.id !== undefined)
      await db
        .updateTable('tag_filters')
        .set(values)
        .where('id', '=', f.id)
        .where('tag_id', '=', tagId)
        .execute();
    else
      await db
        .insertInto('tag_filters')
        .values({ ...values, company_id: companyId, tag_id: tagId })
        .execute();
  }
}

const tagsQuery = (db: Kysely<Database>, subjectId: number) =>
  db
    .selectFrom('talk_tags as tt')
    .innerJoin('tags as g', 'g.id', 'tt.tag_id')
    .select(['tt.talk_id', 'g.id', 'g.name', 'g.color'])
    .where('tt.subject_id', '=', subjectId)
    .orderBy('g.name_normalized')
    .orderBy('g.id');

/** A page's tags, compiled once per number of records (db/prepared.ts): `subjectId` then the ids. */
const tagsOfPage = prepared((db: Kysely<Database>, _count: number, subjectId: number, ...talkIds: number[]) =>
  tagsQuery(db, subjectId).where('tt.talk_id', 'in', talkIds),
);

/**
 * A record's tags as a column of its own read (`tags_json`, the `t` alias): a JSON list of
 * [id, name, colour] in the page's order (name, then id), null when it carries none.
 */
export function tagsColumn(subjectId: number, dialect: DialectName): AliasedRawBuilder<unknown, 'tags_json'> {
  const list =
    dialect === 'postgres'
      ? sql`json_agg(json_build_array(g.id, g.name, g.color) order by g.name_normalized, g.id)`
      : sql`json_group_array(json_array(g.id, g.name, g.color) order by g.name_normalized, g.id)`;
  return sql`(select ${list} from talk_tags tg_r join tags g on g.id = tg_r.tag_id
    where tg_r.subject_id = ${sql.lit(subjectId)} and tg_r.talk_id = t.id)`.as('tags_json');
}

/** The tags of `tagsColumn`'s value (a string on SQLite, parsed already on PostgreSQL). */
export function tagsOfColumn(value: unknown): TalkTag[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  return (list as [number, string, string][]).map(([tagId, tagName, tagColor]) => ({
    tagId,
    tagName,
    tagColor,
  }));
}

/** Tags carried by records of one subject, by record id: one query for a whole page. */
export async function tagsOfTalks(
  db: Kysely<Database>,
  subjectId: number,
  talkIds: readonly number[],
): Promise<Map<number, TalkTag[]>> {
  const out = new Map<number, TalkTag[]>();
  if (talkIds.length === 0) return out;
  const rows = await tagsOfPage(db, talkIds.length, subjectId, ...talkIds);
  for (const r of rows) {
    const list = out.get(r.talk_id) ?? [];
    list.push({ tagId: r.id, tagName: r.name, tagColor: r.color });
    out.set(r.talk_id, list);
  }
  return out;
}

/** Memberships of records of one subject in an id range (or a list), by record then tag. */
export async function carriedBy(
  db: Kysely<Database>,
  subjectId: number,
  range: { talkIds: readonly number[] } | { tagId: number; after: number; upTo: number },
): Promise<{ talk_id: number; tag_id: number; source: TagSource }[]> {
  let q = db
    .selectFrom('talk_tags')
    .select(['talk_id', 'tag_id', 'source'])
    .where('subject_id', '=', subjectId);
  if ('talkIds' in range) {
    if (range.talkIds.length === 0) return [];
    q = q.where('talk_id', 'in', [...range.talkIds]);
  } else {
    q = q
      .where('tag_id', '=', range.tagId)
      .where('talk_id', '>', range.after)
      .where('talk_id', '<=', range.upTo);
  }
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, source: r.source === 'manual' ? 'manual' : 'filter' }));
}

export async function addMemberships(
  db: Kysely<Database>,
  rows: { companyId: number; tagId: number; subjectId: number; talkId: number; source: TagSource }[],
): Promise<void> {
  if (rows.length === 0) return;
  const at = Date.now();
  // Another instance (or a write racing a run) may have added the same membership.
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('talk_tags')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          company_id: r.companyId,
          tag_id: r.tagId,
          subject_id: r.subjectId,
          talk_id: r.talkId,
          source: r.source,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['tag_id', 'subject_id', 'talk_id']).doNothing())
      .execute();
}

export async function removeMemberships(
  db: Kysely<Database>,
  tagId: number,
  subjectId: number,
  talkIds: readonly number[],
  onlySource?: TagSource,
): Promise<void> {
  for (let i = 0; i < talkIds.length; i += 500) {
    let q = db
      .deleteFrom('talk_tags')
      .where('tag_id', '=', tagId)
      .where('subject_id', '=', subjectId)
      .where('talk_id', 'in', talkIds.slice(i, i + 500));
    if (onlySource) q = q.where('source', '=', onlySource);
    await q.execute();
  }
}

export async function removeAllOfTalks(
  db: Kysely<Database>,
  subjectId: number,
  talkIds: readonly number[],
): Promise<void> {
  if (talkIds.length === 0) return;
  await db
    .deleteFrom('talk_tags')
    .where('subject_id', '=', subjectId)
    .where('talk_id', 'in', [...talkIds])
    .execute();
}

/** The grid's condition "carries one of these tags", for the subject table aliased `alias`. */
export function carriesAnyTag(
  subjectId: number,
  tagIds: readonly number[],
  alias = 't',
): RawBuilder<unknown> {
  return sql`exists (select 1 from talk_tags as tg where tg.subject_id = ${subjectId} and tg.talk_id = ${sql.ref(`${alias}.id`)} and tg.tag_id in (${sql.join([...tagIds])}))`;
}
