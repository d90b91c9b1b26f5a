import { normalizeForSearch } from '../fields/select.ts';
import { attributeColumn, storedInColumn, textOf, type ValueKind } from '../records/value-kinds.ts';

/**
 * The second search index: every word of a record tagged with the attribute it is in, so that a
 * search can be answered from the attributes an account may read and nothing else (GUIDE §8).
 *
 * Why not the record's one index plus a check of the readable values: the two halves were met by
 * different attributes (a word prefix-matched in a hidden one, "occurs" in a readable one), and any
 * re-check written in SQL only approximates each engine's tokenizer (PostgreSQL's parser makes
 * hosts, paths and e-mails single tokens; a tag-like text in one attribute swallows the next one's
 * words), so the answer could still move with a hidden value. Why not one index column per
 * attribute: FTS5 cannot add a column to an existing table, and PostgreSQL has four weights.
 *
 * A token is `a{attributeId}q{word}`: the attribute's id, a letter that ends it, then the word.
 * Words are the query's words (searchWords: runs of letters and digits, accents and case folded),
 * so "each search word is a prefix of a word of a readable attribute" is one engine prefix query,
 * `(a12qseg* OR a13qseg*) AND …`, over readable attribute ids only: a hidden attribute's tokens
 * are never asked for, whatever they hold. Letters other than a–y and the digits are written as
 * `z` and four base-36 digits of the code point, so every token is plain ASCII that both engines
 * keep whole, and a prefix of a word is a prefix of its token.
 */

/** Words longer than this are indexed and searched by their first this many characters. */
const WORD_MAX = 64;

/**
 * Distinct words kept per record, shared evenly by the subject's searchable attributes: an
 * attribute's share depends on the schema only, never on the other attributes' values (a total
 * cap would let a long hidden value push readable words out). Keeps PostgreSQL's tsvector well
 * under its 1 MB limit.
 */
const WORDS_PER_RECORD = 20_000;

/** The words of a text or a search term, as the quick search splits them. */
export function wordsOf(text: string): string[] {
  return normalizeForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function encoded(word: string): string {
  return word
    .slice(0, WORD_MAX)
    .replace(/[^a-y0-9]/gu, (ch) => `z${(ch.codePointAt(0) ?? 0).toString(36).padStart(4, '0')}`);
}

/** The token a word of an attribute is indexed as; a search word's token is a prefix of it. */
export function attributeToken(attributeId: number, word: string): string {
  return `a${attributeId}q${encoded(word)}`;
}

/** Attributes whose values the quick search reads: text and numbers. */
export function isSearchable(a: { kind: ValueKind | undefined }): boolean {
  return a.kind === 'text' || a.kind === 'integer' || a.kind === 'decimal';
}

interface Indexed {
  id: number;
  kind: ValueKind | undefined;
  componentId: number;
  isMultipleValues: boolean;
}

/** The texts of each searchable attribute of a record, from its columns and its list values. */
export function searchableTexts(
  attributes: readonly Indexed[],
  columns: Record<string, unknown>,
  multi: readonly { attributeId: number; values: readonly unknown[] }[],
): { attribute: Indexed; texts: string[] }[] {
  const out: { attribute: Indexed; texts: string[] }[] = [];
  for (const a of attributes) {
    if (!isSearchable(a)) continue;
    const texts: string[] = [];
    if (storedInColumn(a)) {
      const v = columns[attributeColumn(a.id)];
      if (v !== null && v !== undefined) texts.push(textOf(v));
    } else {
      for (const v of multi.find((m) => m.attributeId === a.id)?.values ?? [])
        if (v !== null && v !== undefined) texts.push(textOf(v));
    }
    out.push({ attribute: a, texts });
  }
  return out;
}

/** The record's `attribute_words`: its tagged words, space-separated. */
export function attributeWordsOf(texts: { attribute: Indexed; texts: string[] }[]): string {
  const share = Math.max(1, Math.floor(WORDS_PER_RECORD / Math.max(1, texts.length)));
  const tokens: string[] = [];
  for (const { attribute, texts: values } of texts) {
    const seen = new Set<string>();
    for (const value of values) {
      for (const word of wordsOf(value)) {
        if (seen.size >= share) break;
        seen.add(attributeToken(attribute.id, word));
      }
    }
    tokens.push(...seen);
  }
  return tokens.join(' ');
}
