import type { Kysely } from 'kysely';
import { ADMIN_ROOM_ID } from '@talkbase/domain/contracts/account';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import {
  TAG_PAGE_SIZES,
  tagMessages,
  type Tag,
  type TagCreated,
  type TagListQuery,
  type TagPage,
  type TagProgress,
  type TagWrite,
  type TalkTagPush,
} from '@talkbase/domain/contracts/tags';
import { normalizeForSearch } from '@talkbase/domain/fields/select';
import { membershipChange, type TagSource } from '@talkbase/domain/tags/membership';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { forbidden, HttpError, notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { paging } from '../../http/paging.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { CatalogCache } from '../catalog/catalog.ts';
import type { SubjectMeta } from '../subjects/subject-meta.ts';
import type { CountCache } from '../talks/count-cache.ts';
import { compileFilter } from '../talks/filter-compiler.ts';
import * as talksRepo from '../talks/talks.repository.ts';
import { byTag, matchingTags } from './tag-evaluator.ts';
import { TagRunner, type RunChange } from './tag-runs.ts';
import * as repo from './tags.repository.ts';

/** Above this many records changed by one batch of a re-tagging, grids are told to refresh instead. */
const MAX_PUSHES_PER_BATCH = 100;

/** A record as automations name it (SetTalkTag / RemoveTalkTag). */
export interface TalkRef {
  companyId: number;
  subject: string;
  talkId: number;
}

interface Pending {
  companyId: number;
  subject: string;
  added: Set<number>;
  removed: Set<number>;
}

/**
 * Tags (issue 14): their administration (administrators of room 1, 000 §6), which records carry
 * them, and the pushes when that changes. Records are evaluated in their own write's transaction
 * (`evaluateWritten`, called by TalksService) and in the background when a tag changes (TagRunner).
 */
export class TagsService {
  private readonly db: Db;
  private readonly catalog: CatalogCache;
  private readonly hub: RealtimeHub;
  private readonly counts: CountCache;
  readonly runner: TagRunner;
  /** Changes made in a write's transaction, pushed once the write is announced (after commit). */
  private readonly pending = new Map<string, Pending>();

  constructor(deps: {
    db: Db;
    catalog: CatalogCache;
    hub: RealtimeHub;
    counts: CountCache;
    onError: (err: unknown) => void;
    batchSize?: number;
  }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.hub = deps.hub;
    this.counts = deps.counts;
    this.runner = new TagRunner({
      db: deps.db.kysely,
      catalog: deps.catalog,
      ...(deps.batchSize ? { batchSize: deps.batchSize } : {}),
      onChange: (c) => this.pushRunChange(c),
      onError: deps.onError,
    });
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  private assertManager(auth: AuthContext): void {
    if (!auth.isAdmin || auth.roomId !== ADMIN_ROOM_ID) throw forbidden();
  }

  async list(auth: AuthContext, q: TagListQuery): Promise<TagPage> {
    this.assertManager(auth);
    const largest = TAG_PAGE_SIZES[TAG_PAGE_SIZES.length - 1] ?? 500;
    const p = paging(q.page, Math.min(q.fetch, largest));
    const term = q.term ? normalizeForSearch(q.term) : undefined;
    const { rows, total } = await repo.pageTags(this.k, auth.companyId, {
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

  /**
   * Brings the tags of records just created or changed in step with the tags' filters, in the
   * write's own transaction (TalksService calls it after each record's write). The pushes follow
   * once the write is committed and announced (`announced`).
   */
  async evaluateWritten(
    trx: Kysely<Database>,
    subject: SubjectMeta,
    talkIds: readonly number[],
  ): Promise<void> {
    const filters = await repo.filtersOfSubject(trx, subject.id);
    if (filters.length === 0) return;
    const tags = byTag(filters);
    const catalog = await this.catalog.get(subject.companyId, trx);
    const matched = await matchingTags(trx, subject, tags, talkIds, {
      timeZone: catalog.timeZone,
      now: Date.now(),
    });
    const carried = await repo.carriedBy(trx, subject.id, { talkIds });
    for (const talkId of talkIds) {
      const has = new Map<number, TagSource>(
        carried.filter((c) => c.talk_id === talkId).map((c) => [c.tag_id, c.source]),
      );
      const change = membershipChange(has, tags.keys(), matched.get(talkId) ?? new Set());
      await repo.addMemberships(
        trx,
        change.add.map((tagId) => ({
          companyId: subject.companyId,
          tagId,
          subjectId: subject.id,
          talkId,
          source: 'filter' as const,
        })),
      );
      for (const tagId of change.remove)
        await repo.removeMemberships(trx, tagId, subject.id, [talkId], 'filter');
      if (change.add.length || change.remove.length)
        this.remember(subject.companyId, subject, talkId, change.add, change.remove);
    }
  }

  /**
   * After a write is committed and announced: records that no longer exist drop their tags, and
   * records whose tags changed are pushed. (A change remembered by a write that then rolled back is
   * pushed with the record's next announced write, with its real tags.)
   */
  async announced(companyId: number, subject: SubjectMeta, talkIds: readonly number[]): Promise<void> {
    const existing = await talksRepo.existingIds(this.k, subject.id, [...talkIds]);
    const gone = talkIds.filter((id) => !existing.has(id));
    if (gone.length) await repo.removeAllOfTalks(this.k, subject.id, gone);
    const changed: { talkId: number; p: Pending }[] = [];
    for (const talkId of talkIds) {
      const key = pendingKey(companyId, subject.id, talkId);
      const p = this.pending.get(key);
      if (!p) continue;
      this.pending.delete(key);
      if (existing.has(talkId)) changed.push({ talkId, p });
    }
    await this.push(companyId, subject, changed);
  }

  /** SetTalkTag: the record carries the tag until RemoveTalkTag, whatever the filters say. */
  async addTag(talk: TalkRef, tagId: number): Promise<boolean> {
    return this.setManual(talk, tagId, true);
  }

  /** RemoveTalkTag: the record loses the tag (a filter it matches gives it back on its next change). */
  async removeTag(talk: TalkRef, tagId: number): Promise<boolean> {
    return this.setManual(talk, tagId, false);
  }

  private async setManual(talk: TalkRef, tagId: number, on: boolean): Promise<boolean> {
    const catalog = await this.catalog.get(talk.companyId);
    const subject = catalog.subjectsByIdentifier.get(talk.subject.toLowerCase());
    if (!subject) throw notFound();
    if (!(await repo.findTag(this.k, talk.companyId, tagId))) throw notFound(tagMessages.notFound);
    if (!(await talksRepo.existingIds(this.k, subject.id, [talk.talkId])).has(talk.talkId)) throw notFound();
    const changed = await this.k.transaction().execute(async (trx) => {
      const [current] = (await repo.carriedBy(trx, subject.id, { talkIds: [talk.talkId] })).filter(
        (c) => c.tag_id === tagId,
      );
      if (on) {
        if (current?.source === 'manual') return false;
        if (current) {
          await trx
            .updateTable('talk_tags')
            .set({ source: 'manual' })
            .where('tag_id', '=', tagId)
            .where('subject_id', '=', subject.id)
            .where('talk_id', '=', talk.talkId)
            .execute();
          return false;
        }
        await repo.addMemberships(trx, [
          { companyId: talk.companyId, tagId, subjectId: subject.id, talkId: talk.talkId, source: 'manual' },
        ]);
        return true;
      }
      if (!current) return false;
      await repo.removeMemberships(trx, tagId, subject.id, [talk.talkId]);
      return true;
    });
    if (changed) {
      this.counts.invalidate(subject.id);
      await this.push(talk.companyId, subject, [
        {
          talkId: talk.talkId,
          p: {
            companyId: talk.companyId,
            subject: subject.identifier,
            added: new Set(on ? [tagId] : []),
            removed: new Set(on ? [] : [tagId]),
          },
        },
      ]);
    }
    return changed;
  }

  private remember(companyId: number, subject: SubjectMeta, talkId: number, add: number[], remove: number[]) {
    const key = pendingKey(companyId, subject.id, talkId);
    // Bounded: entries left by rolled-back writes must not pile up.
    if (this.pending.size > 10_000 && !this.pending.has(key)) this.pending.clear();
    const p = this.pending.get(key) ?? {
      companyId,
      subject: subject.identifier,
      added: new Set<number>(),
      removed: new Set<number>(),
    };
    for (const t of add) {
      p.removed.delete(t);
      p.added.add(t);
    }
    for (const t of remove) {
      p.added.delete(t);
      p.removed.add(t);
    }
    this.pending.set(key, p);
  }

  /** PublishTalkTag for each record, to the sockets whose account may read it (the hub checks). */
  private async push(
    companyId: number,
    subject: SubjectMeta,
    changed: { talkId: number; p: Pending }[],
  ): Promise<void> {
    if (changed.length === 0) return;
    const current = await repo.tagsOfTalks(
      this.k,
      subject.id,
      changed.map((c) => c.talkId),
    );
    for (const { talkId, p } of changed) {
      const data: TalkTagPush = {
        talkId,
        subject: subject.identifier,
        tags: current.get(talkId) ?? [],
        added: [...p.added],
        removed: [...p.removed],
      };
      await this.hub.publishTo(companyId, realtimeEvents.talkTag, data, {
        talk: { subject: subject.identifier, talkId },
      });
    }
  }

  private async pushRunChange(c: RunChange): Promise<void> {
    this.counts.invalidate(c.subjectId);
    const subject = (await this.catalog.get(c.companyId)).subjectsById.get(c.subjectId);
    if (!subject) return;
    const ids = [...c.added, ...c.removed];
    if (ids.length > MAX_PUSHES_PER_BATCH) {
      // A large re-tagging: one refresh offer per batch instead of a push per record.
      await this.hub.publish(c.companyId, realtimeEvents.talkUpdates, {
        subject: subject.identifier,
        subjectId: subject.id,
        talkIds: ids.slice(0, 200),
        accountId: 0,
      });
      return;
    }
    const pend = (added: boolean): Pending => ({
      companyId: c.companyId,
      subject: subject.identifier,
      added: new Set(added ? [c.tagId] : []),
      removed: new Set(added ? [] : [c.tagId]),
    });
    await this.push(c.companyId, subject, [
      ...c.added.map((talkId) => ({ talkId, p: pend(true) })),
      ...c.removed.map((talkId) => ({ talkId, p: pend(false) })),
    ]);
  }
}

const pendingKey = (companyId: number, subjectId: number, talkId: number) =>
  `${companyId}:${subjectId}:${talkId}`;
