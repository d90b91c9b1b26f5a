import { sql, type RawBuilder } from 'kysely';
import { filterTreeSchema, type FilterNode } from '@talkbase/domain/filters/filter-tree';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { paging, type PagedList } from '../../http/paging.ts';
import { streamedPages, type StreamedList } from '../../http/streamed-list.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { AccessPolicy } from '../../access/access-policy.ts';
import { everyRow, type RowScope } from '../../access/row-scope.ts';
import { attributeColumn, hasColumn } from '../../records/subject-ddl.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { FILTER_SUBJECT } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { columnOf, compileFilter, resolveAttribute } from '../../records/filter-compiler.ts';
import { hidesSearchable, readableSearchConditions, searchWords, wholeWords } from '../../records/search.ts';
import type { ApiTalk } from './record-presenter.ts';
import { textOf } from '../../records/record-values.ts';
import type { TalkFilter } from '@talkbase/domain/contracts/talks';
import * as repo from '../../records/records.repository.ts';
import type { TalksService } from './records.service.ts';
import { countsOf, type CountCache } from '../../records/count-cache.ts';

export const queryMessages = {
  notOrderable: (name: string) => `Não é possível ordenar por ${name}.`,
  savedFilterMissing: 'Filtro salvo não encontrado.',
  savedFilterInvalid: (name: string) => `O filtro salvo ${name} é inválido.`,
  savedFilterOtherSubject: (name: string) => `O filtro salvo ${name} é de outro assunto.`,
};

/** A saved filter that cannot apply: a 400 naming `filterIds`, so a grid can drop what it remembered. */
const savedFilterError = (message: string) => badRequest([{ message, field: 'filterIds' }]);

/** 001 §9: the saved filters (talks of `filtro`) are fetched 10,000 at a time; so may any grid. */
export const TALK_FILTER_FETCH_MAX = 10_000;

/**
 * The menu item a grid was opened from, as the account may see it (undefined when it may not):
 * MenusService.visibleNode, set by the app.
 */
export type VisibleMenuItem = (
  auth: AuthContext,
  menuId: number,
) => Promise<{ Subject: string | null; Filters: number[] | null } | undefined>;

/** POST /api/talk/filter/{subject}: a page of talks by filter tree, saved filters, term and order. */
export class TalkQueryService {
  private readonly db: Db;
  private readonly subjects: SubjectCatalogue;
  private readonly talks: TalksService;

  private readonly counts: CountCache;
  /** How the grid's `menuId` is checked (modules/menus, given by the app). */
  private readonly menuItem: VisibleMenuItem;

  constructor(deps: {
    db: Db;
    subjects: SubjectCatalogue;
    talks: TalksService;
    counts: CountCache;
    menuItem: VisibleMenuItem;
  }) {
    this.counts = deps.counts;
    this.db = deps.db;
    this.subjects = deps.subjects;
    this.talks = deps.talks;
    this.menuItem = deps.menuItem;
  }

  /**
   * The saved filters that apply through the menu item the grid was opened from (issue 39 item 2):
   * an administrator attached them, so they apply for every room that sees the item, whether or
   * not it may read `filtro`. Only the item's own filters, only on its subject, only when the
   * account sees the item; anything else goes through the account's own read of `filtro`.
   */
  private async filtersViaMenu(
    auth: AuthContext,
    identifier: string,
    q: Pick<TalkFilter, 'menuId' | 'filterIds'>,
  ): Promise<number[]> {
    if (q.menuId === undefined || q.filterIds.length === 0) return [];
    const item = await this.menuItem(auth, q.menuId);
    if (!item || item.Subject !== identifier) return [];
    const attached = new Set(item.Filters ?? []);
    return q.filterIds.filter((id) => attached.has(id));
  }

  async filter(auth: AuthContext, identifier: string, q: TalkFilter): Promise<PagedList<ApiTalk>> {
    const page = await this.pages(auth, identifier, q);
    const p = paging(q.page, q.fetch);
    const { rows, total } = await page.read(p.offset, p.fetch);
    return { itens: await page.present(rows), totalResults: total, currentPage: p.page };
  }

  /** A page above MAX_PAGE_SIZE (001 §9: saved filters, talks of `filtro`, 10,000), read in chunks. */
  async filterStreamed(auth: AuthContext, identifier: string, q: TalkFilter): Promise<StreamedList<ApiTalk>> {
    const page = await this.pages(auth, identifier, q);
    return streamedPages(paging(q.page, q.fetch, TALK_FILTER_FETCH_MAX), page.read, page.present);
  }

  private async pages(auth: AuthContext, identifier: string, q: TalkFilter) {
    const { policy, where, search } = await this.conditions(auth, identifier, q);
    const { subject, view, actions } = policy;
    const orderBy = orderColumns(view, q.order);
    return {
      read: (offset: number, limit: number) =>
        repo.pageTalks(
          this.db.kysely,
          subject,
          {
            rows: policy.rows,
            where,
            ...(search ? { search } : {}),
            orderBy,
            offset,
            limit,
            explicitNulls: this.db.dialect === 'postgres',
          },
          countsOf(this.counts, subject.id),
        ),
      present: (rows: repo.TalkRow[]) => this.talks.present(auth, subject, actions, rows),
    };
  }

  /**
   * The account's policy on the subject and the conditions of a grid's filters (menu item, saved
   * filters, tree, tags, term): the grid's page and the aggregates (modules/aggregates) read the
   * same rows through this. The rows the account may see are `policy.rows`, applied by each reader.
   */
  async conditions(
    auth: AuthContext,
    identifier: string,
    q: TalkConditionsQuery & Pick<TalkFilter, 'menuId'>,
  ): Promise<{
    policy: AccessPolicy;
    where: RawBuilder<unknown>[];
    search: ReturnType<typeof readableSearchConditions> | undefined;
  }> {
    const policy = await this.talks.access(auth, identifier, 'read');
    // Filters, sorts and the search see only the attributes the account may read (`view`): a
    // hidden one is refused exactly as one that does not exist.
    const { view } = policy;
    const viaMenu = await this.filtersViaMenu(auth, identifier, q);
    const { where, search } = await talkConditions(
      this.db,
      this.talks,
      auth,
      policy,
      { ...q, filterIds: q.filterIds.filter((id) => !viaMenu.includes(id)) },
      this.counts,
    );
    if (viaMenu.length > 0) {
      const filtro = await this.subjects.load(auth.companyId, FILTER_SUBJECT).catch(() => undefined);
      if (!filtro) throw savedFilterError(queryMessages.savedFilterMissing);
      const ctx = { alias: 't', timeZone: policy.rules.timeZone, now: policy.rules.now.getTime() };
      // The item's filters are the administrator's: read whatever the account's rows of `filtro`.
      for (const tree of await filterTreesOf(this.db, filtro, viaMenu, everyRow('settings'), identifier))
        where.push(compileFilter(tree, view, ctx));
    }
    return { policy, where, search };
  }
}

/** What narrows the filter call's rows (and the CSV export's, which takes the same fields). */
export type TalkConditionsQuery = Pick<
  TalkFilter,
  'isActive' | 'filterJson' | 'filterIds' | 'tagIds' | 'talkParent' | 'term'
>;

/**
 * The conditions of a filter call on the account's view of the subject: active or not, the rows it
 * may see, the filter tree, saved filters, tags, the parent record and the quick search.
 */
export async function talkConditions(
  db: Db,
  talks: TalksService,
  auth: AuthContext,
  policy: AccessPolicy,
  q: TalkConditionsQuery,
  /** The instance's counts, where the caller has them: they also remember `wholeWords`. */
  counts?: CountCache,
): Promise<{
  where: RawBuilder<unknown>[];
  search: ReturnType<typeof readableSearchConditions> | undefined;
}> {
  const { subject, view, rules } = policy;
  const ctx = { alias: 't', timeZone: rules.timeZone, now: rules.now.getTime() };
  // The rows the account may see are not among them: each reader applies `policy.rows` itself.
  const where: RawBuilder<unknown>[] = [sql`${sql.ref('t.is_active')} = ${q.isActive ? 1 : 0}`];
  if (q.filterJson) where.push(compileFilter(q.filterJson, view, ctx));
  for (const tree of await savedFilterTrees(db, talks, auth, q.filterIds, subject.identifier))
    where.push(compileFilter(tree, view, ctx));
  if (q.tagIds.length) where.push(talks.parts.carriesAnyTag(subject.id, q.tagIds));
  if (q.talkParent) {
    const a = view.attributes.find((x) => x.id === q.talkParent?.subjectAttributeId);
    if (!a || a.kind !== 'reference') throw badRequest('talkParent inválido.');
    where.push(compileFilter({ attribute: a.id, operator: 'equal', value: q.talkParent.talkId }, view, ctx));
  }
  const words = q.term ? searchWords(q.term) : [];
  // SQLite's index answers a word faster than a prefix: where both find the same records.
  const whole =
    words.length && counts && db.dialect === 'sqlite' && !hidesSearchable(policy)
      ? await wholeWords(db.kysely, policy.subject.id, words, countsOf(counts, policy.subject.id))
      : undefined;
  const search = words.length ? readableSearchConditions(db.dialect, policy, 't', words, whole) : undefined;
  return { where, search };
}

/** A sort column of a filter call: the subject table's column and its direction. */
export interface OrderColumn {
  column: string;
  desc: boolean;
}

/**
 * The filter call's `order` as columns (the export uses it too); the id breaks ties, so pages never
 * overlap and keys are unique; newest first by default. An attribute that cannot be sorted is a 400.
 */
export function orderColumns(subject: SubjectMeta, order: TalkFilter['order']): OrderColumn[] {
  const items = order === undefined ? [] : Array.isArray(order) ? order : [order];
  const out = items.map((o) => {
    const a = resolveAttribute(subject, o.attribute);
    if (!a || (a.id > 0 && (!a.isOrderable || !hasColumn(a))))
      throw badRequest(queryMessages.notOrderable(a?.name ?? String(o.attribute)));
    return {
      // The id and the system columns (created_at…) are the row's own: always orderable.
      column: columnOf(a),
      desc: o.direction === 0 || o.direction === 'desc',
    };
  });
  if (!out.some((o) => o.column === 'id')) out.push({ column: 'id', desc: items.length === 0 });
  return out;
}

/**
 * The filter call's `filterIds` (the export uses it too): saved filters are talks of `filtro`, their
 * trees AND-ed in. One the account cannot read, missing, invalid or of another subject is a 400.
 */
export async function savedFilterTrees(
  db: Db,
  talks: TalksService,
  auth: AuthContext,
  ids: number[],
  target: string,
): Promise<FilterNode[]> {
  if (ids.length === 0) return [];
  // Saved filters the room may not read do not exist for it: the same 400 as a missing one.
  const { subject, rows: scope } = await talks.access(auth, FILTER_SUBJECT, 'read').catch((err: unknown) => {
    throw err instanceof HttpError && err.statusCode === 404
      ? savedFilterError(queryMessages.savedFilterMissing)
      : err;
  });
  return filterTreesOf(db, subject, ids, scope, target);
}

/** Saved filters (rows of `filtro`) as filter trees; missing, invalid or of another subject is a 400. */
async function filterTreesOf(
  db: Db,
  subject: SubjectMeta,
  ids: number[],
  scope: RowScope,
  target: string,
): Promise<FilterNode[]> {
  const treeAttr = subject.attributes.find((a) => a.identifier === 'filtro');
  const nameAttr = subject.attributes.find((a) => a.identifier === 'nome');
  const aboutAttr = subject.attributes.find((a) => a.identifier === 'assunto');
  if (!treeAttr) return [];
  const rows = await repo.rowsByIds(db.kysely, subject, ids, scope);
  if (rows.length !== new Set(ids).size) throw savedFilterError(queryMessages.savedFilterMissing);
  return rows.map((row) => {
    const raw = row[attributeColumn(treeAttr.id)];
    let parsed: unknown;
    try {
      parsed = JSON.parse(textOf(raw));
    } catch {
      parsed = null;
    }
    const tree = filterTreeSchema.safeParse(parsed);
    const name = nameAttr ? textOf(row[attributeColumn(nameAttr.id)]) : String(row.id);
    if (!tree.success) throw savedFilterError(queryMessages.savedFilterInvalid(name));
    const about = aboutAttr ? row[attributeColumn(aboutAttr.id)] : null;
    if (typeof about === 'string' && about !== '' && about !== target)
      throw savedFilterError(queryMessages.savedFilterOtherSubject(name));
    return tree.data;
  });
}
