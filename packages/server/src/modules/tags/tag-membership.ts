import type { Kysely } from 'kysely';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { tagMessages, type TalkTagPush } from '@talkbase/domain/contracts/tags';
import { membershipChange, type TagSource } from '@talkbase/domain/tags/membership';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { CatalogCache } from '../catalog/catalog.ts';
import type { SubjectMeta } from '../subjects/subject-meta.ts';
import type { CountCache } from '../talks/count-cache.ts';
import * as talksRepo from '../talks/talks.repository.ts';
import { byTag, matchingTags } from './tag-evaluator.ts';
import type { RunChange } from './tag-runs.ts';
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

interface Pending {
  companyId: number;
  subject: string;
  added: Set<number>;
  removed: Set<number>;
}

/**
 * Which records carry which tag, and the pushes when that changes: records evaluated in their own
 * write's transaction (`evaluateWritten`, through TalksService's write hooks), tags an automation
 * sets or removes, and the changes of a background re-tagging (`pushRunChange`).
 */
export class TagMembership {
  private readonly db: Db;
  private readonly catalog: CatalogCache;
  private readonly hub: RealtimeHub;
  private readonly counts: CountCache;
  /** Changes made in a write's transaction, pushed once the write is announced (after commit). */
  private readonly pending = new Map<string, Pending>();

  constructor(deps: { db: Db; catalog: CatalogCache; hub: RealtimeHub; counts: CountCache }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.hub = deps.hub;
    this.counts = deps.counts;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
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
    const existing = await talksRepo.existingIds(
      this.k,
      subject.id,
      [...talkIds],
      everyRow('tag-evaluation'),
    );
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
  addTag(talk: TalkRef, tagId: number): Promise<boolean> {
    return this.setManual(talk, tagId, true);
  }

  /** RemoveTalkTag: the record loses the tag (a filter it matches gives it back on its next change). */
  removeTag(talk: TalkRef, tagId: number): Promise<boolean> {
    return this.setManual(talk, tagId, false);
  }

  private async setManual(talk: TalkRef, tagId: number, on: boolean): Promise<boolean> {
    const catalog = await this.catalog.get(talk.companyId);
    const subject = catalog.subjectsByIdentifier.get(talk.subject.toLowerCase());
    if (!subject) throw notFound();
    if (!(await repo.findTag(this.k, talk.companyId, tagId))) throw notFound(tagMessages.notFound);
    // Only automations set and remove tags by hand (actions/core): they act for the company.
    const exists = await talksRepo.existingIds(this.k, subject.id, [talk.talkId], everyRow('automation'));
    if (!exists.has(talk.talkId)) throw notFound();
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

  async pushRunChange(c: RunChange): Promise<void> {
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
