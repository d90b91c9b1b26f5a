import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import type { Database } from '../../db/schema.ts';
import { attributeColumn, hasColumn, talkTable } from '../../records/subject-ddl.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { compileFilter } from '../../records/filter-compiler.ts';
import { fromDbValue } from '../../records/record-values.ts';

type Sql = RawBuilder<unknown>;

export interface MatchContext {
  timeZone: string;
  now: number;
}

/**
 * An automation filter on a subject's table aliased `t`, through the one filter compiler
 * (modules/records/filter-compiler.ts, as tags use it). No filter matches every record; a filter that
 * no longer compiles (an attribute it names was removed) matches none.
 */
export function filterCondition(subject: SubjectMeta, filter: FilterNode | null, ctx: MatchContext): Sql {
  if (!filter) return sql`1 = 1`;
  try {
    return compileFilter(filter, subject, { alias: 't', timeZone: ctx.timeZone, now: ctx.now });
  } catch {
    return sql`1 = 0`;
  }
}

/** Whether a stored record satisfies the filter (one query). */
export async function recordMatches(
  db: Kysely<Database>,
  subject: SubjectMeta,
  filter: FilterNode | null,
  talkId: number,
  ctx: MatchContext,
): Promise<boolean> {
  const { rows } = await sql`select 1 as m from ${sql.table(talkTable(subject.id))} as t
    where t.id = ${talkId} and ${filterCondition(subject, filter, ctx)}`.execute(db);
  return rows.length > 0;
}

/**
 * Whether a deleted record's last values (its outbox snapshot) satisfied the filter: the same
 * compiled condition, over a one-row derived table shaped as the subject's (values typed by the
 * table's own columns through the union).
 */
export async function snapshotMatches(
  db: Kysely<Database>,
  subject: SubjectMeta,
  filter: FilterNode | null,
  talkId: number,
  columns: Record<string, unknown>,
  ctx: MatchContext,
): Promise<boolean> {
  if (!filter) return true;
  const names = ['id', ...subject.attributes.filter(hasColumn).map((a) => attributeColumn(a.id))];
  const values = names.map((n) => (n === 'id' ? talkId : (columns[n] ?? null)));
  const cols = sql.join(names.map((n) => sql.ref(`s.${n}`)));
  const { rows } = await sql`select 1 as m from (
      select ${cols} from ${sql.table(talkTable(subject.id))} as s where 1 = 0
      union all select ${sql.join(values.map((v) => sql`${v}`))}
    ) as t where ${filterCondition(subject, filter, ctx)}`.execute(db);
  return rows.length > 0;
}

/** Column values (`a_{id}`) as canonical values by attribute identifier. */
export function canonical(
  subject: SubjectMeta,
  columns: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!columns) return null;
  const out: Record<string, unknown> = {};
  for (const a of subject.attributes) {
    const col = attributeColumn(a.id);
    if (col in columns) out[a.identifier] = fromDbValue(a, columns[col]);
  }
  return out;
}
