import { sql, type Kysely } from 'kysely';
import type { TagProgress } from '@talkbase/domain/contracts/tags';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { talkTable } from '../../records/subject-ddl.ts';
import type { CatalogCache } from '../../records/catalog.ts';
import { countRecords, nextBatch, tagCondition } from './tag-evaluator.ts';
import * as repo from './tags.repository.ts';
import { tagEvents } from './tag-membership.ts';
import { appendEvents, type EventStream } from '../../events/event-stream.ts';
import type { LaneRunner } from '../../runtime/lanes.ts';

/** How long an instance holds a run between two batches before another may take it over. */
const LEASE_MS = 30_000;
/** How often idle instances look for runs left behind (a restart, another instance's crash). */
const SWEEP_MS = 10_000;

/**
 * Re-tagging existing records in the background after a tag or its filters change (issue 14).
 * Work is kept in `tag_runs` (one row per tag and subject, with an id cursor), so a restart resumes
 * where the last committed batch stopped. Each batch reads ids in order, evaluates the tag's
 * filters on that id range in one query, and writes the membership changes and the cursor in one
 * short transaction; the loop then yields to the event loop, so requests interleave with the work
 * (better-sqlite3 runs queries synchronously: a batch is the longest the server is held).
 */
export class TagRunner {
  private readonly db: Kysely<Database>;
  private readonly dialect: DialectName;
  private readonly catalog: CatalogCache;
  private readonly batchSize: number;
  private readonly events: EventStream;
  private readonly runner: LaneRunner<'tags'> | undefined;
  private readonly onError: (err: unknown) => void;
  private loop: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(deps: {
    db: Kysely<Database>;
    dialect: DialectName;
    catalog: CatalogCache;
    batchSize?: number;
    /** Each batch's tags gained and lost are events of its transaction. */
    events: EventStream;
    /** The instance's background runner: each run is worked in its `tags` lane. */
    runner?: LaneRunner<'tags'>;
    onError: (err: unknown) => void;
  }) {
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.catalog = deps.catalog;
    this.batchSize = deps.batchSize ?? 500;
    this.events = deps.events;
    this.runner = deps.runner;
    this.onError = deps.onError;
  }

  /** Resumes unfinished runs now and keeps looking for runs left behind. */
  start(): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), SWEEP_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.loop;
  }

  /** Queues a fresh run of a tag over each subject (in the caller's transaction); `kick` after commit. */
  async schedule(
    trx: Kysely<Database>,
    companyId: number,
    tagId: number,
    generation: number,
    subjectIds: Iterable<number>,
  ): Promise<void> {
    await trx.deleteFrom('tag_runs').where('tag_id', '=', tagId).execute();
    const rows = [...new Set(subjectIds)].map((subjectId) => ({
      tag_id: tagId,
      subject_id: subjectId,
      company_id: companyId,
      generation,
      state: 'pending',
      started_at: null,
      finished_at: null,
    }));
    if (rows.length) await trx.insertInto('tag_runs').values(rows).execute();
  }

  /** Starts working through pending runs unless already doing so. */
  kick(): void {
    if (this.closed) return;
    if (this.loop) {
      this.again = true;
      return;
    }
    this.loop = this.work()
      .catch(this.onError)
      .finally(() => {
        this.loop = undefined;
        if (this.again && !this.closed) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits until this instance has no run to work on (tests). */
  async idle(): Promise<void> {
    while (this.loop) await this.loop;
  }

  async progress(tagId: number): Promise<TagProgress> {
    const runs = await this.db
      .selectFrom('tag_runs')
      .select(['state', 'processed', 'total', 'started_at', 'finished_at'])
      .where('tag_id', '=', tagId)
      .execute();
    const done = runs.every((r) => r.state === 'done');
    const started = runs.flatMap((r) => (r.started_at === null ? [] : [r.started_at]));
    const finished = runs.flatMap((r) => (r.finished_at === null ? [] : [r.finished_at]));
    return {
      tagId,
      state: done ? 'done' : runs.some((r) => r.state === 'running') ? 'running' : 'pending',
      processed: runs.reduce((n, r) => n + r.processed, 0),
      total: runs.reduce((n, r) => n + r.total, 0),
      startedAt: started.length ? new Date(Math.min(...started)).toISOString() : null,
      finishedAt: done && finished.length ? new Date(Math.max(...finished)).toISOString() : null,
    };
  }

  private async work(): Promise<void> {
    while (!this.closed) {
      const run = await this.claim();
      if (!run) return;
      await (this.runner ? this.runner.run('tags', () => this.runOne(run)) : this.runOne(run));
    }
  }

  /** Takes the oldest unfinished run no live instance holds. */
  private async claim() {
    const now = Date.now();
    const candidates = await this.db
      .selectFrom('tag_runs')
      .selectAll()
      .where('state', '!=', 'done')
      .where('lease_until', '<', now)
      .orderBy('tag_id')
      .orderBy('subject_id')
      .limit(5)
      .execute();
    for (const run of candidates) {
      const total = run.state === 'pending' ? await countRecords(this.db, run.subject_id) : run.total;
      const taken = await this.db
        .updateTable('tag_runs')
        .set({
          state: 'running',
          lease_until: now + LEASE_MS,
          total,
          started_at: run.started_at ?? now,
        })
        .where('tag_id', '=', run.tag_id)
        .where('subject_id', '=', run.subject_id)
        .where('generation', '=', run.generation)
        .where('lease_until', '=', run.lease_until)
        .where('state', '!=', 'done')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { ...run, total };
    }
    return undefined;
  }

  /**
   * The next records of the run, and those matching the tag's filters. On PostgreSQL each is locked
   * first (`for update skip locked`) and the batch stops before the first one a write holds: a
   * write committed between reading a record and changing its tags would otherwise lose the tag
   * its own evaluation gave (read committed). The matches are read after the locks. SQLite has one
   * writer at a time: the transaction is enough.
   */
  private async lockedBatch(
    trx: Kysely<Database>,
    subjectId: number,
    after: number,
    condition: Parameters<typeof nextBatch>[4],
  ): Promise<{ ids: number[]; matched: Set<number>; more: boolean }> {
    if (this.dialect !== 'postgres') {
      const batch = await nextBatch(trx, subjectId, after, this.batchSize, condition);
      return { ...batch, more: batch.ids.length === this.batchSize };
    }
    const table = sql.table(talkTable(subjectId));
    const candidates = (
      await sql<{
        id: number | string;
      }>`select id from ${table} where id > ${after} order by id limit ${this.batchSize}`.execute(trx)
    ).rows.map((r) => Number(r.id));
    if (candidates.length === 0) return { ids: [], matched: new Set(), more: false };
    const locked = new Set(
      (
        await sql<{
          id: number | string;
        }>`select id from ${table} where id in (${sql.join(candidates)}) order by id for update skip locked`.execute(
          trx,
        )
      ).rows.map((r) => Number(r.id)),
    );
    const stop = candidates.findIndex((id) => !locked.has(id));
    const ids = stop === -1 ? candidates : candidates.slice(0, stop);
    const more = stop !== -1 || candidates.length === this.batchSize;
    if (ids.length === 0) return { ids, matched: new Set(), more };
    const matched = (
      await sql<{
        id: number | string;
      }>`select t.id from ${table} as t where t.id in (${sql.join(ids)}) and ${condition}`.execute(trx)
    ).rows.map((r) => Number(r.id));
    return { ids, matched: new Set(matched), more };
  }

  private async runOne(run: {
    tag_id: number;
    subject_id: number;
    company_id: number;
    generation: number;
    last_id: number;
  }): Promise<void> {
    const catalog = await this.catalog.get(run.company_id);
    const subject = catalog.subjectsById.get(run.subject_id);
    const filters = (await repo.filtersOfTag(this.db, run.tag_id)).filter(
      (f) => f.subject_id === run.subject_id,
    );
    const ctx = { timeZone: catalog.timeZone, now: Date.now() };
    let after = run.last_id;
    while (!this.closed) {
      if (!subject) break;
      const condition = tagCondition(subject, filters, ctx);
      const change = await this.events
        .write(async (trx) => {
          // Read and written in one transaction, its records locked, so a record's own write
          // cannot slip in between.
          const { ids, matched, more } = await this.lockedBatch(trx, run.subject_id, after, condition);
          const upTo = ids[ids.length - 1] ?? after;
          const finished = !more;
          const moved = await trx
            .updateTable('tag_runs')
            .set({
              last_id: upTo,
              processed: (eb) => eb('processed', '+', ids.length),
              lease_until: Date.now() + LEASE_MS,
              ...(finished ? { state: 'done', finished_at: Date.now(), lease_until: 0 } : {}),
            })
            .where('tag_id', '=', run.tag_id)
            .where('subject_id', '=', run.subject_id)
            .where('generation', '=', run.generation)
            .executeTakeFirst();
          // The tag changed or went meanwhile: a new run (if any) starts over; this batch is dropped.
          if (Number(moved.numUpdatedRows) !== 1) throw new RunReplaced();
          const inBatch = new Set(ids);
          const carried = (
            await repo.carriedBy(trx, run.subject_id, { tagId: run.tag_id, after, upTo })
          ).filter((c) => inBatch.has(c.talk_id));
          const has = new Map(carried.map((c) => [c.talk_id, c.source]));
          const added = [...matched].filter((id) => !has.has(id));
          const removed = carried
            .filter((c) => c.source === 'filter' && !matched.has(c.talk_id))
            .map((c) => c.talk_id);
          await repo.addMemberships(
            trx,
            added.map((talkId) => ({
              companyId: run.company_id,
              tagId: run.tag_id,
              subjectId: run.subject_id,
              talkId,
              source: 'filter' as const,
            })),
          );
          await repo.removeMemberships(trx, run.tag_id, run.subject_id, removed, 'filter');
          await appendEvents(trx, [
            ...added.flatMap((talkId) => tagEvents(subject, talkId, [run.tag_id], true, 'filter')),
            ...removed.flatMap((talkId) => tagEvents(subject, talkId, [run.tag_id], false, 'filter')),
          ]);
          return { finished, upTo };
        })
        .catch((err: unknown) => {
          if (err instanceof RunReplaced) return undefined;
          throw err;
        });
      if (!change) return;
      if (change.finished) return;
      // Nothing taken: the next record is being written right now; its write evaluates it, and
      // the run takes it once that write is committed.
      if (change.upTo === after) await new Promise((resolve) => setTimeout(resolve, 10));
      after = change.upTo;
      // Let waiting requests run between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.closed) {
      // Shutting down: hand the run back at once, so the next start resumes it without waiting.
      await this.db
        .updateTable('tag_runs')
        .set({ lease_until: 0 })
        .where('tag_id', '=', run.tag_id)
        .where('subject_id', '=', run.subject_id)
        .where('generation', '=', run.generation)
        .where('state', '!=', 'done')
        .execute();
      return;
    }
    if (!subject) {
      await this.db
        .updateTable('tag_runs')
        .set({ state: 'done', finished_at: Date.now(), lease_until: 0 })
        .where('tag_id', '=', run.tag_id)
        .where('subject_id', '=', run.subject_id)
        .execute();
    }
  }
}

class RunReplaced extends Error {}
