import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { ftsTable, talkTable, wordsTable } from './subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from './subject-meta.ts';
import { attributeToken, isSearchable, wordsOf } from '@talkbase/domain/search/attribute-words';

/**
 * The grid's quick search through each dialect's full-text index (paired adapters): every word of
 * the term must prefix-match a word of the record, accent- and case-insensitively. A term that
 * matches nothing costs an index probe, not a table scan.
 */
export function searchWords(term: string): string[] {
  return wordsOf(term).slice(0, 10);
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
 * number of matches, which the count has just told (records.repository.ts pageTalks).
 */
export interface SearchConditions {
  selective: RawBuilder<unknown>;
  plain: RawBuilder<unknown>;
  /**
   * SQLite, for a page in record order (the grid's default, newest first): the full-text table
   * joined as the driving table, its matches walked in rowid order until the page is full. The
   * subquery forms collect every match first: for a term in 1 % of 1,000,000 rows that is 10,000
   * ids in a temporary index, ~1.4 ms a page against ~0.45 ms walked (docs/decisions.md). The
   * global search ranks through the same join.
   */
  byRecordOrder?: { table: string; match: string };
  /**
   * The order of relevance, best first when ascending (SQLite's bm25 over the joined table,
   * PostgreSQL's ts_rank negated). None when the relevance would weigh what the account may not
   * read: then the newest match comes first.
   */
  rank?: RawBuilder<unknown>;
}

export function searchConditions(
  dialect: DialectName,
  subjectId: number,
  alias: string,
  words: string[],
  whole?: ReadonlySet<string>,
): SearchConditions {
  if (dialect === 'sqlite') {
    // Each word quoted (no FTS syntax reaches the engine) and prefix-matched, or matched as itself
    // where that finds the same records (`wholeWords`).
    const match = words.map((w) => (whole?.has(w) ? `"${w}"` : `"${w}"*`)).join(' ');
    return sqliteConditions(alias, ftsTable(subjectId), match, true);
  }
  const query = words.map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');
  return postgresConditions(subjectId, alias, 'search_vector', query, true);
}

function sqliteConditions(alias: string, table: string, match: string, ranked: boolean): SearchConditions {
  const fts = sql`${sql.ref(`${alias}.id`)} in (select rowid from ${sql.table(table)} where ${sql.table(table)} match ${match})`;
  return {
    selective: fts,
    plain: fts,
    byRecordOrder: { table, match },
    ...(ranked ? { rank: sql`bm25(${sql.table(table)})` } : {}),
  };
}

function postgresConditions(
  subjectId: number,
  alias: string,
  vector: string,
  query: string,
  ranked: boolean,
): SearchConditions {
  return {
    selective: sql`${sql.ref(`${alias}.id`)} in (select id from ${sql.table(talkTable(subjectId))} where ${sql.ref(vector)} @@ to_tsquery('simple', ${query}) offset 0)`,
    plain: sql`${sql.ref(`${alias}.${vector}`)} @@ to_tsquery('simple', ${query})`,
    ...(ranked
      ? { rank: sql`-ts_rank(${sql.ref(`${alias}.${vector}`)}, to_tsquery('simple', ${query}))` }
      : {}),
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

/** Whether the account may not read some attribute the quick search reads. */
export function hidesSearchable(policy: { subject: SubjectMeta; hidden: ReadonlySet<number> }): boolean {
  return policy.subject.attributes.some((a) => policy.hidden.has(a.id) && isSearchable(a));
}

/**
 * The quick search over some attributes only (attribute-words.ts): every word must prefix-match a
 * word of one of `attributes`, through the index of words by attribute, so no other attribute's
 * value can make or break a match. `ranked: false` when the account may not read every attribute:
 * the relevance of either engine weighs all of a record's words (bm25 its length), hidden ones too.
 */
export function attributeSearchConditions(
  dialect: DialectName,
  subjectId: number,
  attributes: readonly AttributeMeta[],
  alias: string,
  words: string[],
  ranked: boolean,
): SearchConditions {
  const searched = attributes.filter(isSearchable);
  if (searched.length === 0) return { selective: sql`1 = 0`, plain: sql`1 = 0` };
  if (dialect === 'sqlite') {
    const match = words
      .map((w) => `(${searched.map((a) => `"${attributeToken(a.id, w)}"*`).join(' OR ')})`)
      .join(' AND ');
    return sqliteConditions(alias, wordsTable(subjectId), match, ranked);
  }
  const query = words
    .map((w) => `(${searched.map((a) => `${attributeToken(a.id, w)}:*`).join(' | ')})`)
    .join(' & ');
  return postgresConditions(subjectId, alias, 'attribute_words_vector', query, ranked);
}

/**
 * The quick search as the account may run it (GUIDE §8): the record's one index when it reads
 * every searchable attribute (room 1, most rooms: today's fast path), otherwise the index of words
 * by attribute over the attributes it reads, and nothing else.
 */
export function readableSearchConditions(
  dialect: DialectName,
  policy: { subject: SubjectMeta; view: SubjectMeta; hidden: ReadonlySet<number> },
  alias: string,
  words: string[],
  whole?: ReadonlySet<string>,
): SearchConditions {
  if (!hidesSearchable(policy)) return searchConditions(dialect, policy.subject.id, alias, words, whole);
  return attributeSearchConditions(dialect, policy.subject.id, policy.view.attributes, alias, words, false);
}

/** What `wholeWords` remembers, per subject: the count cache's, dropped by any write to it. */
export interface WholeWordMemory {
  get(key: string): number | undefined;
  set(key: string, value: number): void;
}

/**
 * SQLite: the words that find, matched as themselves, every record their prefix finds — no record
 * holds a longer word beginning so without holding the word itself. For those the quick search
 * asks the full-text index for the word, not the prefix: the same records, but FTS5 walks one
 * word's entries newest first and stops at the page's end, where a prefix makes it merge every
 * entry of every word so beginning first (on 1,000,000 tickets, a word in 1 % of them: ~0.03 ms
 * against ~0.3–1.0 ms a page; docs/decisions.md, "A whole word instead of a prefix"). Asked of the
 * index once (`"w"* NOT "w"`: the records only a longer word finds) and remembered until the
 * subject's next write, which may bring such a word.
 */
export async function wholeWords(
  db: Kysely<Database>,
  subjectId: number,
  words: readonly string[],
  memory: WholeWordMemory,
): Promise<Set<string>> {
  const whole = new Set<string>();
  const table = ftsTable(subjectId);
  for (const w of words) {
    const key = `whole-word|${w}`;
    let found = memory.get(key);
    if (found === undefined) {
      const longer = await sql<{
        one: number;
      }>`select 1 as one from ${sql.table(table)} where ${sql.table(table)} match ${`"${w}"* NOT "${w}"`} limit 1`.execute(
        db,
      );
      found = longer.rows.length === 0 ? 1 : 0;
      memory.set(key, found);
    }
    if (found === 1) whole.add(w);
  }
  return whole;
}
