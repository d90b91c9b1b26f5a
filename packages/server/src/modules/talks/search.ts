import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { attributeColumn, ftsTable, hasColumn, multiTable, talkTable } from '../subjects/subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from '../subjects/subject-meta.ts';
import { normalizeForSearch } from '@talkbase/domain/fields/select';

/**
 * The grid's quick search through each dialect's full-text index (paired adapters): every word of
 * the term must prefix-match a word of the record, accent- and case-insensitively. A term that
 * matches nothing costs an index probe, not a table scan.
 */
export function searchWords(term: string): string[] {
  return normalizeForSearch(term)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 10);
}

/**
 * Two forms of the same search condition. `selective` takes the matching ids from the full-text
 * index first; `plain` leaves the plan to the engine. On SQLite both are the FTS5 subquery.
 *
 * PostgreSQL needs the choice made for it: with the plain `@@` condition its planner misjudges
 * prefix matches and, for a term few records match, walks the whole table in the grid's order
 * (1.8 s at 1,000,000 rows for a term matching nothing); with the ids taken first (`offset 0` keeps
 * the subquery from being folded in), a term many records match costs a scan of all of them
 * (78 instead of 373 pages/s for a term in 1 % of a million rows). The page query picks by the
 * number of matches, which the count has just told (talks.repository.ts pageTalks).
 */
export interface SearchConditions {
  selective: RawBuilder<unknown>;
  plain: RawBuilder<unknown>;
  /**
   * SQLite, for a page in record order (the grid's default, newest first): the full-text table
   * joined as the driving table, its matches walked in rowid order until the page is full. The
   * subquery forms collect every match first: for a term in 1 % of 1,000,000 rows that is 10,000
   * ids in a temporary index, ~1.4 ms a page against ~0.45 ms walked (docs/decisions.md).
   * `also` is what else a match must meet (the readable-attributes check).
   */
  byRecordOrder?: { table: string; match: string; also?: RawBuilder<unknown> };
}

export function searchConditions(
  dialect: DialectName,
  subjectId: number,
  alias: string,
  words: string[],
): SearchConditions {
  if (dialect === 'sqlite') {
    // Each word quoted (no FTS syntax reaches the engine) and prefix-matched.
    const match = words.map((w) => `"${w}"*`).join(' ');
    const table = ftsTable(subjectId);
    const fts = sql`${sql.ref(`${alias}.id`)} in (select rowid from ${sql.table(table)} where ${sql.table(table)} match ${match})`;
    return { selective: fts, plain: fts, byRecordOrder: { table, match } };
  }
  const query = words.map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');
  return {
    selective: sql`${sql.ref(`${alias}.id`)} in (select id from ${sql.table(talkTable(subjectId))} where search_vector @@ to_tsquery('simple', ${query}) offset 0)`,
    plain: sql`${sql.ref(`${alias}.search_vector`)} @@ to_tsquery('simple', ${query})`,
  };
}

/** The selective form, for lists that have no count to choose by (options lists). */
export function searchCondition(
  dialect: DialectName,
  subjectId: number,
  alias: string,
  words: string[],
): RawBuilder<unknown> {
  return searchConditions(dialect, subjectId, alias, words).selective;
}

/** Attributes whose values the quick search reads (talks.service searchText): text and numbers. */
export function isSearchable(a: Pick<AttributeMeta, 'kind'>): boolean {
  return a.kind === 'text' || a.kind === 'integer' || a.kind === 'decimal';
}

/** Accented letters as normalizeForSearch folds them (pt-BR's set), both cases: SQLite's lower() is ASCII only. */
const FOLDS: [string, string][] = Object.entries({
  a: 'áàâãäÁÀÂÃÄ',
  e: 'éèêëÉÈÊË',
  i: 'íìîïÍÌÎÏ',
  o: 'óòôõöÓÒÔÕÖ',
  u: 'úùûüÚÙÛÜ',
  c: 'çÇ',
  n: 'ñÑ',
}).flatMap(([to, accented]) => Array.from(accented, (from): [string, string] => [from, to]));

function folded(value: RawBuilder<unknown>): RawBuilder<unknown> {
  // Literals, not parameters: a long term over many attributes would otherwise pass the engines' limits.
  return FOLDS.reduce<RawBuilder<unknown>>(
    (inner, [from, to]) => sql`replace(${inner}, ${sql.lit(from)}, ${sql.lit(to)})`,
    sql`lower(${value})`,
  );
}

/**
 * The quick search as an account with hidden attributes may run it (GUIDE §8): the index still
 * finds the candidates, and each word must also occur in an attribute the account may read, so a
 * term never matches through a hidden one. Accounts that read every searchable attribute (room 1,
 * most rooms) get the index conditions unchanged. Letters outside pt-BR's accents are compared as
 * typed (a miss, never a leak).
 */
export function readableSearchConditions(
  dialect: DialectName,
  policy: { subject: SubjectMeta; view: SubjectMeta; hidden: ReadonlySet<number> },
  alias: string,
  words: string[],
): SearchConditions {
  const base = searchConditions(dialect, policy.subject.id, alias, words);
  if (!policy.subject.attributes.some((a) => policy.hidden.has(a.id) && isSearchable(a))) return base;
  const readable = policy.view.attributes.filter(isSearchable);
  const id = sql.ref(`${alias}.id`);
  const inAttribute = (a: AttributeMeta, pattern: string): RawBuilder<unknown> => {
    if (hasColumn(a)) {
      const col = sql.ref(`${alias}.${attributeColumn(a.id)}`);
      return a.kind === 'text'
        ? sql`${folded(col)} like ${pattern}`
        : sql`cast(${col} as text) like ${pattern}`;
    }
    const value =
      a.kind === 'text' ? sql.ref('m.value_text') : sql`cast(${sql.ref('m.value_number')} as text)`;
    return sql`exists (select 1 from ${sql.table(multiTable(policy.subject.id))} as m where m.talk_id = ${id} and m.attribute_id = ${a.id} and ${folded(value)} like ${pattern})`;
  };
  const each = words.map((w) => {
    const pattern = `%${w}%`;
    return readable.length
      ? sql`(${sql.join(
          readable.map((a) => inAttribute(a, pattern)),
          sql` or `,
        )})`
      : sql`1 = 0`;
  });
  const within = sql.join(each, sql` and `);
  return {
    selective: sql`(${base.selective} and ${within})`,
    plain: sql`(${base.plain} and ${within})`,
    ...(base.byRecordOrder ? { byRecordOrder: { ...base.byRecordOrder, also: within } } : {}),
  };
}
