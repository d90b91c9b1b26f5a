import { sql, type Kysely } from 'kysely';
import type { SavedJob } from '@talkbase/domain/contracts/jobs';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectMeta } from '../subjects/subject-meta.ts';
import { findTalk } from '../talks/talks.repository.ts';
import type { TalkEventPayload } from '../talks/talk-events.ts';
import * as repo from './automations.repository.ts';
import { slotsBetween } from './cron.ts';
import { engineMessages, MAX_DEPTH, type EngineCore } from './engine-core.ts';
import { eventStepFor, firedTypes, workStepsOf } from './job-source.ts';
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
   * Claims a batch of outbox events and writes their runs, all in one transaction. What needs
   * queries outside it (jobs, subjects, the time zone) is read first, so the transaction holds
   * SQLite's writer for as short a time as it can.
   */
  async processOutbox(): Promise<boolean> {
    const { d } = this.core;
    const peeked = await repo.peekOutbox(this.k, 200);
    if (peeked.length === 0) return false;
    const prepared = new Map<number, Prepared>();
    const zones = new Map<number, string>();
    for (const e of peeked) {
      if (e.event_type === null || e.talk_id === null || e.event_type === 4 || e.depth >= MAX_DEPTH) continue;
      const jobs = (await this.core.jobsFor(e.company_id, e.event_type, e.subject_id)).filter(
        (j) => e.source !== `job:${j.jobId}`,
      );
      if (jobs.length === 0) continue;
      const subject = await d.subjects.loadById(e.company_id, e.subject_id).catch(() => null);
      if (!subject) continue;
      let tz = zones.get(e.company_id);
      if (tz === undefined) {
        tz = await this.core.timeZone(e.company_id, this.k);
        zones.set(e.company_id, tz);
      }
      prepared.set(e.id, { jobs, subject, tz });
    }
    const now = this.core.now();
    return this.k.transaction().execute(async (trx) => {
      const events = await repo.claimOutbox(
        trx,
        d.db.dialect,
        peeked.map((e) => e.id),
      );
      if (events.length === 0) return false;
      for (const e of events) {
        const p = prepared.get(e.id);
        if (!p) continue;
        // A savepoint per event: on PostgreSQL a failed statement would abort the whole batch.
        await sql`savepoint automation_event`.execute(trx);
        try {
          await this.runsForEvent(trx, e, p, now);
          await sql`release savepoint automation_event`.execute(trx);
        } catch (err) {
          await sql`rollback to savepoint automation_event`.execute(trx);
          // A broken job must not hold the stream: the event is recorded as processed.
          d.onError(err, `automations: outbox event ${e.id}`);
        }
      }
      await repo.markProcessed(
        trx,
        events.map((e) => e.id),
        now,
      );
      return true;
    });
  }

  private async runsForEvent(
    trx: Kysely<Database>,
    e: repo.OutboxRow,
    p: Prepared,
    now: number,
  ): Promise<void> {
    if (e.event_type === null || e.talk_id === null) return;
    const { jobs, subject, tz } = p;
    const types = firedTypes(e.event_type);
    const payload = JSON.parse(e.payload) as Partial<TalkEventPayload>;
    for (const job of jobs) {
      for (const [eventIndex, event] of job.events.entries()) {
        const step = eventStepFor(event, types, e.subject_id);
        if (!step) continue;
        const ctx = { timeZone: tz, now };
        const satisfied =
          e.event_type === 3
            ? await snapshotMatches(trx, subject, step.filter, e.talk_id, payload.before ?? {}, ctx)
            : await recordMatches(trx, subject, step.filter, e.talk_id, ctx);
        const matched = satisfied !== event.negate;
        if (event.once) {
          const before = await repo.swapMatch(
            trx,
            { jobId: job.jobId, eventIndex, subjectId: e.subject_id, talkId: e.talk_id },
            matched,
          );
          if (!matched || before) continue;
        } else if (!matched) continue;
        const trigger: StoredTrigger = {
          kind: 'event',
          eventType: e.event_type,
          subjectId: e.subject_id,
          subjectIdentifier: subject.identifier,
          talkId: e.talk_id,
          before: canonical(subject, payload.before ?? null),
          after: canonical(subject, payload.after ?? null),
          changed: payload.changed ?? [],
          accountId: e.account_id,
          messageId: e.message_id,
        };
        await repo.insertRun(trx, {
          ...newRun(e.company_id, job, 'event', trigger, now),
          cause: `o${e.id}`,
          event_index: eventIndex,
          subject_id: e.subject_id,
          talk_id: e.talk_id,
          talk_version: e.talk_version,
          depth: e.depth,
          key_prefix: `j${job.jobId}:o${e.id}:v${e.talk_version ?? 0}`,
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
  }): Promise<void> {
    if (input.depth >= MAX_DEPTH) return;
    const job = await this.core.jobById(input.companyId, input.jobId);
    if (!job) throw new Error(engineMessages.jobDeleted);
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
    const row = await findTalk(this.k, subject.id, input.talkId, everyRow('automation'));
    if (!row) throw new Error(engineMessages.recordGone);
    const now = this.core.now();
    const trigger: StoredTrigger = {
      ...setTrigger(subject, 0),
      kind: 'parent',
      talkId: input.talkId,
      after: canonical(subject, row),
      force: input.force,
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
    if (step.eventStepType === 3)
      throw new HttpError(422, 'Uma automação de exclusão não pode ser executada nos registros existentes.');
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
