import { sql, type Kysely } from 'kysely';
import type { SavedJob } from '@talkbase/domain/contracts/jobs';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { findTalk } from '../../records/records.repository.ts';
import type { TalkEventPayload } from '../records/record-events.ts';
import { EVENT_TYPE } from '@talkbase/domain/contracts/jobs';
import {
  eventsBeyond,
  lockPosition,
  movePosition,
  positionOf,
  readAfter,
  type LoggedEvent,
} from '../../events/event-log.ts';

/** The automations' name in the event stream's cursors (migration 0023 starts it). */
const STREAM_CONSUMER = 'automations';
import { PermanentActionError } from './actions/types.ts';
import * as repo from './automations.repository.ts';
import { slotsBetween } from './cron.ts';
import { engineMessages, MAX_DEPTH, type EngineCore } from './engine-core.ts';
import { eventStepFor, firedTypes, workStepsOf } from './definition-source.ts';
import { canonical, recordMatches, snapshotMatches } from './record-match.ts';
import type { StoredStep, StoredTrigger } from './run-history.ts';
import { everyRow } from '../../access/row-scope.ts';

/** What an outbox event's runs need that is read before the claiming transaction. */
interface Prepared {
  jobs: SavedJob[];
  subject: SubjectMeta;
  tz: string;
}

/**
 * Where runs come from: outbox events (claimed and turned into runs in one transaction), schedule
 * slots (each taken once), run-on-existing requests and parent-job calls. Runs are written pending;
 * the executor (run-execution.ts) claims them.
 */
export class RunIntake {
  private readonly core: EngineCore;
  private readonly nudge: () => void;
  private lastScheduleCheck: number;

  constructor(core: EngineCore, nudge: () => void) {
    this.core = core;
    this.nudge = nudge;
    this.lastScheduleCheck = core.now();
  }

  private get k(): Kysely<Database> {
    return this.core.k;
  }

  // -------------------------------------------------------------------------------------------
  // Outbox → runs

  /**
   * Takes the next events of the stream from the automations' cursor (events/event-log.ts) and
   * writes their runs, all in one transaction with the cursor's move: every event turns into its
   * runs exactly once, on one instance. What needs queries outside it (jobs, subjects, the time
   * zone) is read first, so the transaction holds SQLite's writer for as short a time as it can.
   */
  async processOutbox(): Promise<boolean> {
    const { d } = this.core;
    const from = await positionOf(this.k, STREAM_CONSUMER);
    const peeked = await readAfter(this.k, d.db.dialect, from, 200);
    if (peeked.length === 0) return false;
    const prepared = new Map<number, Prepared>();
    const zones = new Map<number, string>();
    for (const e of peeked) {
      if (e.eventType === null || e.talkId === null || e.eventType === 4 || e.depth >= MAX_DEPTH) continue;
      const jobs = (await this.core.jobsFor(e.companyId, e.eventType, e.subjectId)).filter(
        (j) => e.source !== `job:${j.jobId}`,
      );
      if (jobs.length === 0) continue;
      const subject = await d.subjects.loadById(e.companyId, e.subjectId).catch(() => null);
      if (!subject) continue;
      let tz = zones.get(e.companyId);
      if (tz === undefined) {
        tz = await this.core.timeZone(e.companyId, this.k);
        zones.set(e.companyId, tz);
      }
      prepared.set(e.id, { jobs, subject, tz });
    }
    const now = this.core.now();
    return this.k.transaction().execute(async (trx) => {
      const at = await lockPosition(trx, d.db.dialect, STREAM_CONSUMER);
      // Another instance holds the cursor (PostgreSQL): it is taking these very events.
      if (!at) return false;
      // It moved since the look: read again from where it is now.
      if (at.tx !== from.tx || at.id !== from.id) return true;
      for (const e of peeked) {
        const p = prepared.get(e.id);
        if (!p) continue;
        // A savepoint per event: on PostgreSQL a failed statement would abort the whole batch.
        await sql`savepoint automation_event`.execute(trx);
        try {
          await this.runsForEvent(trx, e, p, now);
          await sql`release savepoint automation_event`.execute(trx);
        } catch (err) {
          await sql`rollback to savepoint automation_event`.execute(trx);
          // A broken job must not hold the stream: the event is passed.
          d.onError(err, `automations: event ${e.id}`);
        }
      }
      const last = peeked[peeked.length - 1];
      if (last) await movePosition(trx, STREAM_CONSUMER, { tx: last.tx, id: last.id });
      return true;
    });
  }

  /**
   * Whether the stream holds events the automations have not taken that are not readable yet
   * (PostgreSQL: a transaction older than them still running). `drain` waits for them.
   */
  async behind(): Promise<boolean> {
    const at = await positionOf(this.k, STREAM_CONSUMER);
    return eventsBeyond(this.k, this.core.d.db.dialect, at);
  }

  private async runsForEvent(trx: Kysely<Database>, e: LoggedEvent, p: Prepared, now: number): Promise<void> {
    if (e.eventType === null || e.talkId === null) return;
    const talkId = e.talkId;
    const { jobs, subject, tz } = p;
    const types = firedTypes(e.eventType);
    const payload = e.payload as Partial<TalkEventPayload> & { tagId?: number; name?: string };
    for (const job of jobs) {
      for (const [eventIndex, event] of job.events.entries()) {
        const step = eventStepFor(event, types, e.subjectId);
        if (!step) continue;
        // "Tag gained" names its tag, or any tag when none.
        const tagId = (step as { tagId?: number | null }).tagId ?? null;
        if (e.eventType === EVENT_TYPE.tagGained && tagId !== null && payload.tagId !== tagId) continue;
        const ctx = { timeZone: tz, now };
        const satisfied =
          e.eventType === EVENT_TYPE.delete
            ? await snapshotMatches(trx, subject, step.filter, talkId, payload.before ?? {}, ctx)
            : await recordMatches(trx, subject, step.filter, talkId, ctx);
        const matched = satisfied !== event.negate;
        if (event.once) {
          const before = await repo.swapMatch(
            trx,
            { jobId: job.jobId, eventIndex, subjectId: e.subjectId, talkId },
            matched,
          );
          if (!matched || before) continue;
        } else if (!matched) continue;
        const trigger: StoredTrigger = {
          kind: 'event',
          eventType: e.eventType,
          subjectId: e.subjectId,
          subjectIdentifier: subject.identifier,
          talkId,
          before: canonical(subject, payload.before ?? null),
          after: canonical(subject, payload.after ?? null),
          changed: payload.changed ?? [],
          accountId: e.accountId,
          messageId: e.messageId,
          // What the history names: the tag gained, the file added.
          ...(e.kind === 'tag.gained' && typeof payload.tagId === 'number' ? { tagId: payload.tagId } : {}),
          ...(e.kind === 'file.added' && typeof payload.name === 'string' ? { fileName: payload.name } : {}),
        };
        await repo.insertRun(trx, {
          ...newRun(e.companyId, job, 'event', trigger, now),
          cause: `o${e.id}`,
          event_index: eventIndex,
          subject_id: e.subjectId,
          talk_id: talkId,
          talk_version: e.talkVersion,
          depth: e.depth,
          key_prefix: `j${job.jobId}:o${e.id}:v${e.talkVersion ?? 0}`,
        });
        break; // one run per job and event: the job's events are alternatives
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Schedules

  async fireSchedules(): Promise<boolean> {
    const { d } = this.core;
    const now = this.core.now();
    const after = this.lastScheduleCheck;
    if (now - after < 250) return false;
    this.lastScheduleCheck = now;
    const scheduled = await d.jobs.scheduled();
    let fired = false;
    for (const { companyId, job } of scheduled) {
      const tz = await this.core.timeZone(companyId, this.k);
      for (const [eventIndex, event] of job.events.entries()) {
        const step = event.steps.find((s) => s.eventStepType === 4 && s.cron);
        if (!step?.cron || !step.subjectId) continue;
        for (const slot of slotsBetween(step.cron, tz, after, now)) {
          const subject = await d.subjects.loadById(companyId, step.subjectId).catch(() => null);
          if (!subject) continue;
          await this.k.transaction().execute(async (trx) => {
            if (!(await repo.takeSlot(trx, job.jobId, slot, now))) return;
            const trigger: StoredTrigger = {
              ...setTrigger(subject, 4),
              filter: step.filter,
              negate: event.negate,
            };
            await repo.insertRun(trx, {
              ...newRun(companyId, job, 'schedule', trigger, now),
              cause: `s${slot}`,
              event_index: eventIndex,
              key_prefix: `j${job.jobId}:s${slot}`,
              cursor: 0,
              done: 0,
            });
            fired = true;
          });
        }
      }
    }
    return fired;
  }

  // -------------------------------------------------------------------------------------------
  // Calls

  /** ExecuteParentJob: a run of `jobId` on a record, one level deeper; idempotent on `parentKey`. */
  async runJobOn(input: {
    companyId: number;
    jobId: number;
    subjectId: number;
    talkId: number;
    force: boolean;
    depth: number;
    parentKey: string;
    parentRunId?: number;
  }): Promise<void> {
    if (input.depth >= MAX_DEPTH) return;
    const job = await this.core.jobById(input.companyId, input.jobId);
    if (!job) throw new PermanentActionError(engineMessages.jobDeleted);
    const subject = await this.core.d.subjects.loadById(input.companyId, input.subjectId);
    if (!input.force) {
      const step = job.events.flatMap((e) => e.steps).find((s) => s.subjectId === input.subjectId);
      const tz = await this.core.timeZone(input.companyId, this.k);
      if (
        !(await recordMatches(this.k, subject, step?.filter ?? null, input.talkId, {
          timeZone: tz,
          now: this.core.now(),
        }))
      )
        return;
    }
    const row = await findTalk(this.k, subject, input.talkId, everyRow('automation'));
    if (!row) throw new PermanentActionError(engineMessages.recordGone);
    const now = this.core.now();
    const trigger: StoredTrigger = {
      ...setTrigger(subject, 0),
      kind: 'parent',
      talkId: input.talkId,
      after: canonical(subject, row),
      force: input.force,
      // The history names the run that called this one.
      parentRunId: input.parentRunId ?? null,
    };
    await repo.insertRun(this.k, {
      ...newRun(input.companyId, job, 'parent', trigger, now),
      cause: `p${input.parentKey}`,
      talk_version: row.version,
      depth: input.depth,
      key_prefix: `j${job.jobId}:p${input.parentKey}`,
    });
  }

  /** POST /api/job/{jobId}/run: a background run over every record matching the first event. */
  async runOnExisting(auth: AuthContext, jobId: number): Promise<number> {
    const job = await this.core.d.jobs.byId(auth.companyId, jobId);
    if (!job) throw new HttpError(404, 'Automação não encontrada.');
    const event = job.events[0];
    const step = event?.steps.find((s) => s.subjectId);
    if (!event || !step?.subjectId) throw new HttpError(422, 'A automação não tem um evento com assunto.');
    if (step.eventStepType === EVENT_TYPE.delete)
      throw new HttpError(422, 'Uma automação de exclusão não pode ser executada nos registros existentes.');
    // Deactivated, file added, tag gained: a moment of a record's life, not a state to look for.
    if (
      step.eventStepType === EVENT_TYPE.deactivated ||
      step.eventStepType === EVENT_TYPE.fileAdded ||
      step.eventStepType === EVENT_TYPE.tagGained
    )
      throw new HttpError(422, 'Esta automação só é executada por eventos.');
    const subject = await this.core.d.subjects.loadById(auth.companyId, step.subjectId);
    const now = this.core.now();
    const trigger: StoredTrigger = {
      ...setTrigger(subject, 0),
      accountId: auth.accountId,
      filter: step.filter,
      negate: event.negate,
    };
    const id = await repo.insertRun(this.k, {
      ...newRun(auth.companyId, job, 'existing', trigger, now),
      cause: null,
      key_prefix: '',
      cursor: 0,
      done: 0,
    });
    if (id === null) throw new Error('run not created');
    await repo.updateRun(this.k, id, { key_prefix: `j${jobId}:x${id}` });
    this.nudge();
    return id;
  }
}

/** A pending run of `job` with every work step pending; callers set cause, key and the rest. */
function newRun(
  companyId: number,
  job: SavedJob,
  kind: repo.RunKind,
  trigger: StoredTrigger,
  now: number,
): repo.NewRun {
  const steps: StoredStep[] = workStepsOf(job).map((s) => ({
    workStepId: s.workStepId ?? null,
    workStepType: s.workStepType,
    status: 'pending',
    error: null,
    attempts: 0,
  }));
  return {
    company_id: companyId,
    job_id: job.jobId,
    kind,
    cause: null,
    event_index: 0,
    subject_id: trigger.subjectId,
    talk_id: trigger.talkId,
    talk_version: null,
    depth: 0,
    trigger: JSON.stringify(trigger),
    status: 'pending',
    steps: JSON.stringify(steps),
    key_prefix: '',
    next_at: now,
    lease_until: null,
    cancel_requested: 0,
    cursor: null,
    done: null,
    total: null,
    upper_id: null,
    created_at: now,
    started_at: null,
    finished_at: null,
  };
}

/** The trigger of a run not caused by one record's event (a schedule, run on existing, a call). */
function setTrigger(subject: SubjectMeta, eventType: number): StoredTrigger {
  return {
    kind: eventType === 4 ? 'schedule' : 'existing',
    eventType,
    subjectId: subject.id,
    subjectIdentifier: subject.identifier,
    talkId: null,
    before: null,
    after: null,
    changed: [],
    accountId: null,
  };
}
