import type { Kysely } from 'kysely';
import type { AuthContext } from '../../access/identity.ts';
import { eventActor } from '../../events/event-actor.ts';
import { subjectOf, type NewStreamEvent, type StreamEvent } from '../../events/event-kinds.ts';
import { appendEvents, type EventStream, type EventTransaction } from '../../events/event-stream.ts';
import type { Push } from '../../events/stream-pushes.ts';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { tagMessages, type TalkTagPush } from '@talkbase/domain/contracts/tags';
import { membershipChange, type TagSource } from '@talkbase/domain/tags/membership';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { CatalogCache } from '../../records/catalog.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import * as talksRepo from '../../records/records.repository.ts';
import { byTag, matchingTags } from './tag-evaluator.ts';
import * as repo from './tags.repository.ts';
import { everyRow } from '../../access/row-scope.ts';

/** Above this many records changed by one batch of a re-tagging, grids are told to refresh instead. */
const MAX_PUSHES_PER_BATCH = 100;

/** A record as automations name it (SetTalkTag / RemoveTalkTag). */
export interface TalkRef {
  companyId: number;
  subject: string;
  talkId: number;
}

/**
 * Which records carry which tag: records evaluated in their own write's transaction
 * (`evaluateWritten`, through TalksService's write hooks) and tags an automation sets or removes.
 * Every change is a 'tag.gained' / 'tag.lost' event of the write (events/); the pushes to open
 * sessions are made from those events once committed (`pushesOf`), and a deleted record's tags
 * go when its 'talk.deleted' event is dispatched (`forgetDeleted`).
 */
export class TagMembership {
  private readonly db: Db;
  private readonly catalog: CatalogCache;
  private readonly events: EventStream;

  constructor(deps: { db: Db; catalog: CatalogCache; events: EventStream }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.events = deps.events;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  /**
   * Brings the tags of records just created or changed in step with the tags' filters, in the
   * write's own transaction (TalksService calls it after each record's write); the changes are
   * events of that write, caused by its author.
   */
  async evaluateWritten(
    trx: EventTransaction,
    auth: AuthContext,
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
    const events: NewStreamEvent[] = [];
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
      events.push(
        ...tagEvents(subject, talkId, change.add, true, 'filter', auth),
        ...tagEvents(subject, talkId, change.remove, false, 'filter', auth),
      );
    }
    await appendEvents(trx, events);
  }

  /**
   * Deleted records drop their tags (the stream's consumer of 'talk.deleted', after the commit;
   * records written again meanwhile keep theirs).
   */
  async forgetDeleted(events: readonly StreamEvent[]): Promise<void> {
    const bySubject = new Map<number, number[]>();
    for (const e of events)
      if (e.kind === 'talk.deleted' && e.talkId !== null)
        bySubject.set(e.subjectId, [...(bySubject.get(e.subjectId) ?? []), e.talkId]);
    for (const [subjectId, ids] of bySubject) {
      const existing = await talksRepo.existingIds(this.k, subjectId, ids, everyRow('tag-evaluation'));
      const gone = ids.filter((id) => !existing.has(id));
      if (gone.length) await repo.removeAllOfTalks(this.k, subjectId, gone);
    }
  }

  /**
   * SetTalkTag: the record carries the tag until RemoveTalkTag, whatever the filters say. `actor`
   * (an automation's identity) is who the 'tag.gained' event names, so its depth bounds loops.
   */
  addTag(talk: TalkRef, tagId: number, actor?: AuthContext): Promise<boolean> {
    return this.setManual(talk, tagId, true, actor);
  }

  /** RemoveTalkTag: the record loses the tag (a filter it matches gives it back on its next change). */
  removeTag(talk: TalkRef, tagId: number, actor?: AuthContext): Promise<boolean> {
    return this.setManual(talk, tagId, false, actor);
  }

  private async setManual(talk: TalkRef, tagId: number, on: boolean, actor?: AuthContext): Promise<boolean> {
    const catalog = await this.catalog.get(talk.companyId);
    const subject = catalog.subjectsByIdentifier.get(talk.subject.toLowerCase());
    if (!subject) throw notFound();
    if (!(await repo.findTag(this.k, talk.companyId, tagId))) throw notFound(tagMessages.notFound);
    // Only automations set and remove tags by hand (actions/core): they act for the company.
    const exists = await talksRepo.existingIds(this.k, subject.id, [talk.talkId], everyRow('automation'));
    if (!exists.has(talk.talkId)) throw notFound();
    return this.events.write(async (trx) => {
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
      } else {
        if (!current) return false;
        await repo.removeMemberships(trx, tagId, subject.id, [talk.talkId]);
      }
      await appendEvents(trx, tagEvents(subject, talk.talkId, [tagId], on, 'manual', actor));
      return true;
    });
  }

  /**
   * What open sessions hear of tag changes just committed: PublishTalkTag per record with its
   * current tags (to the sockets whose account may read it: the hub checks), or, for a large
   * re-tagging, one SendTalkUpdates per subject so grids refresh instead.
   */
  readonly pushesOf = async (events: readonly StreamEvent[]): Promise<Push[]> => {
    const bySubject = new Map<
      string,
      { e: StreamEvent; talks: Map<number, { added: Set<number>; removed: Set<number> }> }
    >();
    for (const e of events) {
      if (e.talkId === null) continue;
      const tagId = Number(e.payload['tagId']);
      const key = `${e.companyId}:${e.subjectId}`;
      const group = bySubject.get(key) ?? {
        e,
        talks: new Map<number, { added: Set<number>; removed: Set<number> }>(),
      };
      bySubject.set(key, group);
      const t = group.talks.get(e.talkId) ?? { added: new Set<number>(), removed: new Set<number>() };
      group.talks.set(e.talkId, t);
      if (e.kind === 'tag.gained') {
        t.removed.delete(tagId);
        t.added.add(tagId);
      } else {
        t.added.delete(tagId);
        t.removed.add(tagId);
      }
    }
    const pushes: Push[] = [];
    for (const { e, talks } of bySubject.values()) {
      const identifier = subjectOf(e);
      if (talks.size > MAX_PUSHES_PER_BATCH) {
        pushes.push({
          companyId: e.companyId,
          event: realtimeEvents.talkUpdates,
          data: {
            subject: identifier,
            subjectId: e.subjectId,
            talkIds: [...talks.keys()].slice(0, 200),
            accountId: 0,
          },
        });
        continue;
      }
      const current = await repo.tagsOfTalks(this.k, e.subjectId, [...talks.keys()]);
      for (const [talkId, t] of talks) {
        const data: TalkTagPush = {
          talkId,
          subject: identifier,
          tags: current.get(talkId) ?? [],
          added: [...t.added],
          removed: [...t.removed],
        };
        pushes.push({
          companyId: e.companyId,
          event: realtimeEvents.talkTag,
          data,
          audience: { talk: { subject: identifier, talkId } },
        });
      }
    }
    return pushes;
  };
}

/** The events of tags gained or lost by one record. */
export function tagEvents(
  subject: SubjectMeta,
  talkId: number,
  tagIds: readonly number[],
  gained: boolean,
  source: TagSource,
  actor?: AuthContext,
): NewStreamEvent[] {
  return tagIds.map((tagId) => ({
    companyId: subject.companyId,
    kind: gained ? ('tag.gained' as const) : ('tag.lost' as const),
    subjectId: subject.id,
    talkId,
    ...(actor ? eventActor(actor) : {}),
    payload: { subject: subject.identifier, tagId, source },
  }));
}
