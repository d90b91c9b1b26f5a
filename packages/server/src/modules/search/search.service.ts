import { sql, type RawBuilder } from 'kysely';
import type { SearchPage, SearchQuery, SearchResult, SearchValue } from '@talkbase/domain/contracts/search';
import { SEARCH_PAGE_SIZES } from '@talkbase/domain/contracts/search';
import { excerpt, matchRanges } from '@talkbase/domain/search/matches';
import type { Db } from '../../db/database.ts';
import { paging } from '../../http/paging.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { AccessPolicy, PermissionsService } from '../../access/permissions.service.ts';
import { attributeColumn, hasColumn } from '../../records/subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from '../../records/subject-meta.ts';
import { FILTER_SUBJECT } from '../../records/subject-meta.ts';
import type { CountCache } from '../../records/count-cache.ts';
import { isSearchable } from '@talkbase/domain/search/attribute-words';
import {
  attributeSearchConditions,
  hidesSearchable,
  readableSearchConditions,
  searchWords,
  type SearchConditions,
} from '../../records/search.ts';
import { displayAttribute } from '../records/record-presenter.ts';
import { textOf } from '../../records/record-values.ts';
import { multiValuesOf, type TalkRow } from '../../records/records.repository.ts';
import type { TalksService } from '../records/records.service.ts';
import { countKey, countMatches, rankedIds, rowsInOrder } from './search.repository.ts';

/** The largest page the search answers (the screen's largest size, 000 §9). */
export const SEARCH_MAX_FETCH = SEARCH_PAGE_SIZES[SEARCH_PAGE_SIZES.length - 1] ?? 500;
/** Values answered per record: its name and the attributes that matched, at most this many. */
const VALUES_PER_RESULT = 6;
/** Up to this many matches a subject's page takes its ids from the index first (talks.repository SELECTIVE_SEARCH_MAX). */
const SELECTIVE_SEARCH_MAX = 2_000;

/**
 * The best matches of a search, per subject and condition, are kept as ids (the first RANKED_KEPT),
 * so that turning the first pages or repeating a search reads rows by id instead of ranking every
 * match again. An entry is valid exactly while the subject's count for the same condition stays in
 * the count cache: a write to the subject drops that count (count-cache.ts), and a search that has
 * to count again drops the kept ids too.
 */
const RANKED_KEPT = 500;
const RANKED_ENTRIES = 500;

/** One subject as one search sees it: the account's policy, the attributes searched and the rows' condition. */
interface Target {
  policy: AccessPolicy;
  attributes: AttributeMeta[];
  where: RawBuilder<unknown>[];
  search: SearchConditions;
  /** The count's key in the count cache, also the key of the kept ranked ids. */
  key: string;
  count: number;
  /** The subject's count-cache generation when the count was read: ranked ids are kept only under it. */
  since: number;
}

/**
 * GET /api/search: one term over every subject the account may read (000 §2 "search"), through
 * the same index, access policy and count cache as the grid's quick search. Results come grouped
 * by subject (subjects by name), best match first within each; a page reads only the subjects it
 * overlaps, and each subject's count is cached until a write to it.
 */
export class SearchService {
  private readonly db: Db;
  private readonly talks: TalksService;
  private readonly permissions: PermissionsService;
  private readonly counts: CountCache;
  private readonly ranked = new Map<string, number[]>();

  constructor(deps: { db: Db; talks: TalksService; permissions: PermissionsService; counts: CountCache }) {
    this.db = deps.db;
    this.talks = deps.talks;
    this.permissions = deps.permissions;
    this.counts = deps.counts;
  }

  async search(auth: AuthContext, q: SearchQuery): Promise<SearchPage> {
    const p = paging(q.page, Math.min(q.fetch, SEARCH_MAX_FETCH));
    const words = searchWords(q.q);
    if (words.length === 0) return { itens: [], totalResults: 0, currentPage: p.page };
    const targets = await this.targets(auth, q, words);

    const itens: SearchResult[] = [];
    let before = 0;
    for (const target of targets) {
      const from = Math.max(0, p.offset - before);
      const take = p.fetch - itens.length;
      before += target.count;
      if (from >= target.count || take <= 0) continue;
      // SQLite's ranked page joins the condition's index, which matches the words itself.
      const search = target.search.byRecordOrder
        ? []
        : [target.count <= SELECTIVE_SEARCH_MAX ? target.search.selective : target.search.plain];
      const limit = Math.min(take, target.count - from);
      const rank = (offset: number, n: number) =>
        rankedIds(
          this.db.kysely,
          target.policy.subject.id,
          target.search,
          [...target.where, ...search],
          offset,
          n,
        );
      let ids: number[];
      if (from + limit <= RANKED_KEPT) {
        let best = this.ranked.get(target.key);
        if (!best) {
          best = await rank(0, RANKED_KEPT);
          this.keep(target, best);
        }
        ids = best.slice(from, from + limit);
      } else {
        ids = await rank(from, limit);
      }
      const rows = await rowsInOrder(this.db.kysely, target.policy.subject, ids, target.where);
      itens.push(...(await this.present(target, rows, words)));
    }
    return {
      itens,
      totalResults: targets.reduce((n, t) => n + t.count, 0),
      currentPage: p.page,
    };
  }

  /** Keeps a target's ranked ids, unless its subject was written while they were read. */
  private keep(target: Target, ids: number[]): void {
    if (this.counts.generation(target.policy.subject.id) !== target.since) return;
    if (this.ranked.size >= RANKED_ENTRIES) {
      const oldest = this.ranked.keys().next();
      if (!oldest.done) this.ranked.delete(oldest.value);
    }
    this.ranked.set(target.key, ids);
  }

  /** The subjects searched, by name, each with its count of matches (cached per subject and condition). */
  private async targets(auth: AuthContext, q: SearchQuery, words: string[]): Promise<Target[]> {
    const subjects: SubjectMeta[] = [];
    for (const id of await this.permissions.readableSubjectIds(auth)) {
      const subject = await this.permissions.subjectById(auth, id);
      // Saved filters are the grids' settings, not the company's records.
      if (!subject || subject.identifier === FILTER_SUBJECT) continue;
      if (q.subj && subject.identifier !== q.subj.toLowerCase()) continue;
      subjects.push(subject);
    }
    subjects.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id);

    const targets: Target[] = [];
    for (const subject of subjects) {
      // The talks' own access check: the read permission and the digital-certificate gate. A
      // subject the account may not open is not searched.
      const policy = await this.talks.access(auth, subject.identifier, 'read').catch(() => null);
      if (!policy) continue;
      const searchable = policy.view.attributes.filter(isSearchable);
      const attributes = searchable.filter(
        (a) =>
          (q.subj_attr === undefined || a.id === q.subj_attr) &&
          (q.attr === undefined || a.identifier === q.attr.toLowerCase()),
      );
      if (attributes.length === 0) continue;
      // Some attributes only (subj_attr, attr): the index of words by attribute, as for an account
      // that may not read the others; ranked when the account reads every attribute anyway.
      const conditions =
        attributes.length < searchable.length
          ? attributeSearchConditions(
              this.db.dialect,
              subject.id,
              attributes,
              't',
              words,
              !hidesSearchable(policy),
            )
          : readableSearchConditions(this.db.dialect, policy, 't', words);
      const where: RawBuilder<unknown>[] = [sql`${sql.ref('t.is_active')} = 1`];
      if (policy.rows.condition) where.push(policy.rows.condition);
      const counted = [...where, conditions.plain];
      const key = countKey(this.db.kysely, subject.id, counted);
      const since = this.counts.generation(subject.id);
      let count = this.counts.get(subject.id, key);
      if (count === undefined) {
        count = await countMatches(this.db.kysely, subject.id, counted);
        this.counts.set(subject.id, key, count, since);
        this.ranked.delete(key);
      }
      if (count === 0) continue;
      targets.push({ policy, attributes, where, search: conditions, key, count, since });
    }
    return targets;
  }

  /** The record's name and the values the words matched in, each labelled with its attribute. */
  private async present(target: Target, rows: TalkRow[], words: string[]): Promise<SearchResult[]> {
    const { subject, view } = target.policy;
    const multi = target.attributes.some((a) => !hasColumn(a))
      ? await multiValuesOf(
          this.db.kysely,
          subject.id,
          rows.map((r) => r.id),
        )
      : [];
    const name = displayAttribute(view);
    const textOfAttribute = (row: TalkRow, a: AttributeMeta): string => {
      if (hasColumn(a)) {
        const v = row[attributeColumn(a.id)];
        return v === null || v === undefined ? '' : textOf(v);
      }
      return multi
        .filter((m) => m.talk_id === row.id && m.attribute_id === a.id)
        .map((m) => (a.kind === 'text' ? m.value_text : m.value_number))
        .filter((v) => v !== null)
        .join(', ');
    };
    return rows.map((row) => {
      const talkValues: SearchValue[] = [];
      const add = (a: AttributeMeta, value: string) => {
        talkValues.push({ value: excerpt(value, words), subjectAttributeId: a.id, attributeName: a.name });
      };
      const nameValue = name ? textOfAttribute(row, name) : '';
      if (name && nameValue) add(name, nameValue);
      for (const a of target.attributes) {
        if (talkValues.length >= VALUES_PER_RESULT) break;
        if (a.id === name?.id) continue;
        const value = textOfAttribute(row, a);
        if (value && matchRanges(value, words).length > 0) add(a, value);
      }
      return {
        talkId: row.id,
        subject: subject.identifier,
        subjectName: subject.name,
        talkValues,
      };
    });
  }
}
