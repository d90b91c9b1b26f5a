import { sql, type Kysely, type RawBuilder } from 'kysely';
import { filterTreeSchema, type FilterNode } from '@talkbase/domain/filters/filter-tree';
import type { Database } from '../../db/schema.ts';
import { talkTable } from '../../records/subject-ddl.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { compileFilter } from '../../records/filter-compiler.ts';
import type { TagFilterRow } from './tags.repository.ts';

type Sql = RawBuilder<unknown>;
type Dyn = Record<string, Record<string, unknown>>;
const dyn = (db: Kysely<Database>) => db as unknown as Kysely<Dyn>;

export interface EvalContext {
  timeZone: string;
  now: number;
}

/**
 * Parsed trees by their stored text: every write of a record evaluates its subject's tags, and
 * parsing and checking the same trees each time would cost more than the query. Bounded.
 */
const parsed = new Map<string, FilterNode | null>();
function parsedTree(text: string): FilterNode | null {
  const kept = parsed.get(text);
  if (kept !== undefined) return kept;
  let tree: FilterNode | null = null;
  try {
    const result = filterTreeSchema.safeParse(JSON.parse(text));
    if (result.success) tree = result.data;
  } catch {
    tree = null;
  }
  if (parsed.size >= 1000) parsed.clear();
  parsed.set(text, tree);
  return tree;
}

/**
 * One tag's condition on a subject's table (aliased `t`): any of its filters. The filters are the
 * administrator's, so they see every attribute of the subject, hidden or not; who sees the tag is
 * decided by who may read the record. A filter that no longer compiles (an attribute it names was
 * removed since) matches nothing rather than failing the record's write.
 */
export function tagCondition(subject: SubjectMeta, filters: readonly TagFilterRow[], ctx: EvalContext): Sql {
  const parts: Sql[] = [];
  for (const f of filters) {
    const tree = parsedTree(f.filter);
    if (!tree) continue;
    try {
      parts.push(compileFilter(tree, subject, { alias: 't', timeZone: ctx.timeZone, now: ctx.now }));
    } catch {
      continue;
    }
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`1 = 0`;
}

/** Groups a subject's tag filters by tag. */
export function byTag(filters: readonly TagFilterRow[]): Map<number, TagFilterRow[]> {
  const out = new Map<number, TagFilterRow[]>();
  for (const f of filters) out.set(f.tag_id, [...(out.get(f.tag_id) ?? []), f]);
  return out;
}

/** Which of the given records match which of the tags (one query). */
export async function matchingTags(
  db: Kysely<Database>,
  subject: SubjectMeta,
  tags: ReadonlyMap<number, TagFilterRow[]>,
  talkIds: readonly number[],
  ctx: EvalContext,
): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (tags.size === 0 || talkIds.length === 0) return out;
  const tagIds = [...tags.keys()];
  const columns = tagIds.map(
    (tagId, i) =>
      sql`case when ${tagCondition(subject, tags.get(tagId) ?? [], ctx)} then 1 else 0 end as ${sql.ref(`m${i}`)}`,
  );
  const { rows } = await sql<
    Record<string, unknown>
  >`select t.id as id, ${sql.join(columns)} from ${sql.table(
    talkTable(subject.id),
  )} as t where t.id in (${sql.join([...talkIds])})`.execute(db);
  for (const r of rows) {
    const matched = new Set<number>();
    tagIds.forEach((tagId, i) => {
      if (Number(r[`m${i}`]) === 1) matched.add(tagId);
    });
    out.set(Number(r.id), matched);
  }
  return out;
}

/**
 * The next batch of a subject's record ids after `after`, and those of them matching `condition`.
 * With `upTo`, no id above it (a run over a fixed set: the records it creates are never walked).
 */
export async function nextBatch(
  db: Kysely<Database>,
  subjectId: number,
  after: number,
  size: number,
  condition: Sql,
  upTo?: number,
): Promise<{ ids: number[]; matched: Set<number> }> {
  const ids = (
    await dyn(db)
      .selectFrom(`${talkTable(subjectId)} as t`)
      .select('t.id')
      .where('t.id', '>', after)
      .$if(upTo !== undefined, (q) => q.where('t.id', '<=', upTo ?? 0))
      .orderBy('t.id')
      .limit(size)
      .execute()
  ).map((r) => Number(r.id));
  if (ids.length === 0) return { ids, matched: new Set() };
  const last = ids[ids.length - 1] ?? after;
  const matched = await dyn(db)
    .selectFrom(`${talkTable(subjectId)} as t`)
    .select('t.id')
    .where('t.id', '>', after)
    .where('t.id', '<=', last)
    .where(condition as RawBuilder<boolean>)
    .execute();
  return { ids, matched: new Set(matched.map((r) => Number(r.id))) };
}

/** How many records the subject has (with `upTo`, of ids up to it). */
export async function countRecords(db: Kysely<Database>, subjectId: number, upTo?: number): Promise<number> {
  const r = await dyn(db)
    .selectFrom(talkTable(subjectId))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(upTo !== undefined, (q) => q.where('id', '<=', upTo ?? 0))
    .executeTakeFirstOrThrow();
  return r.n;
}
