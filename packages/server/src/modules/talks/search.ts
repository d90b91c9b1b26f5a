import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { ftsTable } from '../subjects/subject-ddl.ts';
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

export function searchCondition(
  dialect: DialectName,
  subjectId: number,
  alias: string,
  words: string[],
): RawBuilder<unknown> {
  if (dialect === 'sqlite') {
    // Each word quoted (no FTS syntax reaches the engine) and prefix-matched.
    const match = words.map((w) => `"${w}"*`).join(' ');
    return sql`${sql.ref(`${alias}.id`)} in (select rowid from ${sql.table(ftsTable(subjectId))} where ${sql.table(ftsTable(subjectId))} match ${match})`;
  }
  const query = words.map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');
  return sql`${sql.ref(`${alias}.search_vector`)} @@ to_tsquery('simple', ${query})`;
}
