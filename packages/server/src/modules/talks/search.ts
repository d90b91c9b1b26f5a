import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { ftsTable, talkTable } from '../subjects/subject-ddl.ts';
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
    const fts = sql`${sql.ref(`${alias}.id`)} in (select rowid from ${sql.table(ftsTable(subjectId))} where ${sql.table(ftsTable(subjectId))} match ${match})`;
    return { selective: fts, plain: fts };
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
