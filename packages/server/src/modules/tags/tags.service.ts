import type { Kysely } from 'kysely';
import {
  TAG_PAGE_SIZES,
  tagMessages,
  type Tag,
  type TagCreated,
  type TagListQuery,
  type TagPage,
  type TagProgress,
  type TagWrite,
} from '@talkbase/domain/contracts/tags';
import { normalizeForSearch } from '@talkbase/domain/fields/select';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { paging } from '../../http/paging.ts';
import type { EventStream, EventTransaction } from '../../events/event-stream.ts';
import type { LaneRunner } from '../../runtime/lanes.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { CatalogCache } from '../../records/catalog.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { CountCache } from '../../records/count-cache.ts';
import { compileFilter } from '../../records/filter-compiler.ts';
import { TagMembership, type TalkRef } from './tag-membership.ts';
import { TagRunner } from './tag-runs.ts';
import * as repo from './tags.repository.ts';
import { requirePlatformAdministrator } from '../../access/administration.ts';

/**
 * Tags (issue 14): their administration (administrators of room 1, 000 §6) and the re-tagging of
 * existing records when a tag's filters change (TagRunner). Which records carry them, and the
 * pushes, are TagMembership's; automations reach it through `addTag` / `removeTag`.
 */
export class TagsService {
  private readonly db: Db;
  private readonly catalog: CatalogCache;
  private readonly counts: CountCache;
  readonly runner: TagRunner;
  readonly membership: TagMembership;

  constructor(deps: {
    db: Db;
    catalog: CatalogCache;
    events: EventStream;
    counts: CountCache;
    /** The instance's background runner (its `tags` lane). */
    runner?: LaneRunner<'tags'>;
    onError: (err: unknown) => void;
    batchSize?: number;
  }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.counts = deps.counts;
    this.membership = new TagMembership(deps);
    this.runner = new TagRunner({
      db: deps.db.kysely,
      dialect: deps.db.dialect,
      catalog: deps.catalog,
      ...(deps.batchSize ? { batchSize: deps.batchSize } : {}),
      events: deps.events,
      ...(deps.runner ? { runner: deps.runner } : {}),
      onError: deps.onError,
    });
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  private assertManager(auth: AuthContext): void {
    requirePlatformAdministrator(auth);
  }

  async list(auth: AuthContext, q: TagListQuery): Promise<TagPage> {
    this.assertManager(auth);
    return this.page(auth.companyId, q);
  }

  /**
   * The tags every signed-in account may pick from (the grid's tag filter): names and colours
   * only, which records already show on their chips; the filters stay with administrators.
   */
  options(auth: AuthContext, q: TagListQuery): Promise<TagPage> {
    return this.page(auth.companyId, q);
  }

  private async page(companyId: number, q: TagListQuery): Promise<TagPage> {
    const largest = TAG_PAGE_SIZES[TAG_PAGE_SIZES.length - 1] ?? 500;
    const p = paging(q.page, Math.min(q.fetch, largest));
    const term = q.term ? normalizeForSearch(q.term) : undefined;
    const { rows, total } = await repo.pageTags(this.k, companyId, {
      term,
      offset: p.offset,
      limit: p.fetch,
    });
    return {
      itens: rows.map((r) => ({ tagId: r.id, tagName: r.name, tagColor: r.color })),
      totalResults: total,
      currentPage: p.page,
    };
  }

  async get(auth: AuthContext, tagId: number): Promise<Tag> {
    this.assertManager(auth);
    const tag = await repo.findTag(this.k, auth.companyId, tagId);
    if (!tag) throw notFound(tagMessages.notFound);
    const catalog = await this.catalog.get(auth.companyId, this.k, auth);
    const filters = await repo.filtersOfTag(this.k, tagId);
    return {
      tagId: tag.id,
      tagName: tag.name,
      tagColor: tag.color,
      tagFilters: filters.map((f) => ({
        filterId: f.id,
        filterName: f.name,
        filter: f.filter,
        subjectAttributeId: f.subject_attribute_id,
        subject: catalog.subjectsById.get(f.subject_id)?.identifier ?? '',
      })),
    };
  }

  async progress(auth: AuthContext, tagId: number): Promise<TagProgress> {
    this.assertManager(auth);
    if (!(await repo.findTag(this.k, auth.companyId, tagId))) throw notFound(tagMessages.notFound);
    return this.runner.progress(tagId);
  }

  async create(auth: AuthContext, body: TagWrite): Promise<TagCreated> {
    this.assertManager(auth);
    const filters = await this.resolveFilters(auth, body);
    const at = Date.now();
    const tagId = await this.k.transaction().execute(async (trx) => {
      const id = await repo.insertTag(trx, {
        companyId: auth.companyId,
        name: body.tagName,
        nameNormalized: normalizeForSearch(body.tagName),
        color: body.tagColor,
        at,
      });
      await repo.replaceFilters(trx, auth.companyId, id, filters);
      await this.runner.schedule(
        trx,
        auth.companyId,
        id,
        1,
        filters.map((f) => f.subjectId),
      );
      return id;
    });
    this.runner.kick();
    return { tagId };
  }

  async update(auth: AuthContext, tagId: number, body: TagWrite): Promise<Tag> {
    this.assertManager(auth);
    const tag = await repo.findTag(this.k, auth.companyId, tagId);
    if (!tag) throw notFound(tagMessages.notFound);
    const before = await repo.filtersOfTag(this.k, tagId);
    const own = new Set(before.map((f) => f.id));
    // A filterId that is not one of this tag's filters names nothing here: the filter is added anew.
    const filters = (await this.resolveFilters(auth, body)).map((f) =>
      f.id !== undefined && own.has(f.id) ? f : { ...f, id: undefined },
    );
    const key = (xs: { subjectId: number; filter: string }[]) =>
      JSON.stringify(xs.map((x) => `${x.subjectId}:${x.filter}`).sort());
    const retag = key(before.map((f) => ({ subjectId: f.subject_id, filter: f.filter }))) !== key(filters);
    await this.k.transaction().execute(async (trx) => {
      await repo.updateTag(trx, tagId, {
        name: body.tagName,
        nameNormalized: normalizeForSearch(body.tagName),
        color: body.tagColor,
        at: Date.now(),
        bumpGeneration: retag,
      });
      await repo.replaceFilters(trx, auth.companyId, tagId, filters);
      // Subjects it no longer targets are run too, so their records lose the tag.
      if (retag)
        await this.runner.schedule(trx, auth.companyId, tagId, tag.generation + 1, [
          ...before.map((f) => f.subject_id),
          ...filters.map((f) => f.subjectId),
        ]);
    });
    if (retag) this.runner.kick();
    return this.get(auth, tagId);
  }

  async remove(auth: AuthContext, tagId: number): Promise<void> {
    this.assertManager(auth);
    if (!(await repo.findTag(this.k, auth.companyId, tagId))) throw notFound(tagMessages.notFound);
    const subjects = await this.k
      .selectFrom('talk_tags')
      .select('subject_id')
      .distinct()
      .where('tag_id', '=', tagId)
      .execute();
    await this.k.transaction().execute((trx) => repo.deleteTag(trx, tagId));
    for (const s of subjects) this.counts.invalidate(s.subject_id);
  }

  /**
   * Each filter's subject (its attribute's, else the one named) and a check that the tree compiles
   * against that subject: an attribute the subject does not have, or an operator its type does not
   * take, is refused here rather than matching nothing later.
   */
  private async resolveFilters(auth: AuthContext, body: TagWrite) {
    const catalog = await this.catalog.get(auth.companyId, this.k, auth);
    const errors: ErrorItem[] = [];
    const out: {
      id: number | undefined;
      subjectId: number;
      subjectAttributeId: number | null;
      name: string;
      filter: string;
    }[] = [];
    for (const [i, f] of body.tagFilters.entries()) {
      let subject: SubjectMeta | undefined;
      if (f.subjectAttributeId) {
        for (const s of catalog.subjectsById.values())
          if (s.attributes.some((a) => a.id === f.subjectAttributeId)) subject = s;
        if (!subject || (f.subject && f.subject.toLowerCase() !== subject.identifier)) {
          errors.push({ message: tagMessages.subjectRequired, field: `tagFilters.${i}.subjectAttributeId` });
          continue;
        }
      } else {
        subject = catalog.subjectsByIdentifier.get((f.subject ?? '').toLowerCase());
        if (!subject) {
          errors.push({ message: tagMessages.subjectRequired, field: `tagFilters.${i}.subject` });
          continue;
        }
      }
      try {
        compileFilter(f.filter, subject, { alias: 't', timeZone: catalog.timeZone, now: Date.now() });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        errors.push(...err.errors.map((e) => ({ message: e.message, field: `tagFilters.${i}.filter` })));
        continue;
      }
      out.push({
        id: f.filterId ?? undefined,
        subjectId: subject.id,
        subjectAttributeId: f.subjectAttributeId ?? null,
        name: f.filterName,
        filter: JSON.stringify(f.filter),
      });
    }
    if (errors.length) throw unprocessable(errors);
    return out;
  }

  /** Called by TalksService in each record's write transaction (write hooks). */
  evaluateWritten(
    trx: EventTransaction,
    auth: AuthContext,
    subject: SubjectMeta,
    talkIds: readonly number[],
  ): Promise<void> {
    return this.membership.evaluateWritten(trx, auth, subject, talkIds);
  }

  /** SetTalkTag: the record carries the tag until RemoveTalkTag, whatever the filters say. */
  addTag(talk: TalkRef, tagId: number, actor?: AuthContext): Promise<boolean> {
    return this.membership.addTag(talk, tagId, actor);
  }

  /** RemoveTalkTag: the record loses the tag (a filter it matches gives it back on its next change). */
  removeTag(talk: TalkRef, tagId: number, actor?: AuthContext): Promise<boolean> {
    return this.membership.removeTag(talk, tagId, actor);
  }
}
