import { sql, type Kysely } from 'kysely';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import {
  BY_FILTER_KINDS,
  type JobRun,
  type JobRunStep,
  type JobRunTrigger,
  type SavedJob,
  type WorkStep,
} from '@talkbase/domain/contracts/jobs';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { PermissionsService } from '../permissions/permissions.service.ts';
import type { SubjectMeta } from '../subjects/subject-meta.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import { findTalk } from '../talks/talks.repository.ts';
import type { TalkEventPayload } from '../talks/talk-events.ts';
import { nextBatch, countRecords } from '../tags/tag-evaluator.ts';
import type { ActionRegistry } from './actions/registry.ts';
import type { ActionContext, ActionServices, RunTrigger } from './actions/types.ts';
import * as repo from './automations.repository.ts';
import { slotsBetween } from './cron.ts';
import { eventStepFor, firedTypes, workStepsOf, type JobSource } from './job-source.ts';
import { canonical, filterCondition, recordMatches, snapshotMatches } from './record-match.ts';

interface Prepared {
  jobs: SavedJob[];
  subject: SubjectMeta;
  tz: string;
}

/** Automations caused by automations stop at this depth (issue 16, Loops). */
export const MAX_DEPTH = 5;

export const engineMessages = {
  jobDeleted: 'A automação foi excluída.',
  unknownAction: (kind: string) => `Ação desconhecida: ${kind}.`,
  cancelled: 'Execução cancelada.',
  recordGone: 'O registro não existe mais.',
};

export interface StoredStep {
  workStepId: number | null;
  workStepType: string;
  status: JobRunStep['status'];
  error: string | null;
  attempts: number;
}

/** What a run's `trigger` column holds. */
interface StoredTrigger extends RunTrigger {
  kind: repo.RunKind;
  /** Run-on-existing and schedules: only records matching the event (negated when set). */
  filter?: FilterNode | null;
  negate?: boolean;
  /** A parent job's forced run ignores its event filter. */
  force?: boolean;
  parentRunId?: number | null;
  fromRunId?: number;
}

export interface EngineDeps {
  db: Db;
  subjects: SubjectsService;
  permissions: PermissionsService;
  jobs: JobSource;
  registry: ActionRegistry;
  services: Omit<ActionServices, 'now' | 'runJobOn'>;
  onError: (err: unknown, what: string) => void;
  /** Background polling interval; 0 = no background loop (tests call `drain`). */
  pollMs: number;
  /** How long a claimed run is held before another worker may take it (a crash). */
  leaseMs?: number;
  /** Records per batch of a run over a filter. */
  batchSize?: number;
  now?: () => number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The automation engine (issue 16, docs/decisions.md "Automation engine"): reads the event outbox,
 * turns matching events into runs, runs their steps through the action registry with retries, fires
 * schedules once per slot, and runs jobs over existing records in batches. Every piece of state is
 * in the database, so a restart (or another instance on PostgreSQL) carries on where it stopped.
 */
export class AutomationEngine {
  /** The engine's clock; tests move it (backoff, schedules). */
  now: () => number;
  private readonly d: EngineDeps;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private again = false;
  private closed = false;
  private lastScheduleCheck: number;
  private cache = new Map<string, { generation: number; jobs: SavedJob[] }>();
  private generations = new Map<number, number>();
  private byId = new Map<string, { generation: number; job: SavedJob | null }>();
  private accounts = new Map<
    number,
    { at: number; account: Awaited<ReturnType<typeof repo.automationAccount>> }
  >();
  private readonly services: ActionServices;

  constructor(deps: EngineDeps) {
    this.d = deps;
    this.now = deps.now ?? Date.now;
    this.leaseMs = deps.leaseMs ?? 60_000;
    this.batchSize = deps.batchSize ?? 500;
    this.lastScheduleCheck = this.now();
    this.services = {
      ...deps.services,
      now: () => this.now(),
      runJobOn: (input) => this.runJobOn(input),
      actor: (ctx, markKey) => this.systemAuth(ctx.companyId, ctx.depth + 1, ctx.jobId, this.k, markKey),
      isDone: (key) => repo.hasMark(this.k, key),
      markDone: (key) => repo.addMark(this.k, key, this.now()),
      timeZone: (companyId) => this.timeZone(companyId, this.k),
      db: deps.db.kysely,
    };
  }

  private get k(): Kysely<Database> {
    return this.d.db.kysely;
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  start(): void {
    if (this.d.pollMs <= 0 || this.timer) return;
    const loop = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        void this.tick().finally(loop);
      }, this.d.pollMs);
      this.timer.unref();
    };
    loop();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** A write was committed: work now rather than at the next poll. */
  nudge(): void {
    if (this.d.pollMs <= 0 || this.closed) return;
    void this.tick();
  }

  /** Forget the jobs read so far (the jobs service calls it after a write). */
  invalidateJobs(): void {
    this.cache.clear();
    this.byId.clear();
  }

  /** Work until nothing is left that is due now (tests drive the engine with it). */
  async drain(maxRounds = 1000): Promise<void> {
    this.invalidateJobs();
    for (let i = 0; i < maxRounds; i++) if (!(await this.tick())) return;
  }

  /** One round: outbox, schedules, due runs. Rounds never overlap; answers whether work was done. */
  tick(): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const round = async (): Promise<boolean> => {
      let worked = false;
      do {
        this.again = false;
        this.generations.clear();
        try {
          const a = await this.processOutbox();
          const b = await this.fireSchedules();
          const c = await this.runDue();
          worked = worked || a || b || c;
          if (a || c) this.again = true;
        } catch (err) {
          this.d.onError(err, 'automations');
          return worked;
        }
      } while (this.again && !this.closed);
      return worked;
    };
    this.running = round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  // -------------------------------------------------------------------------------------------
  // Outbox → runs

  private async jobsFor(companyId: number, eventType: number, subjectId: number): Promise<SavedJob[]> {
    const key = `${companyId}:${eventType}:${subjectId}`;
    const kept = this.cache.get(key);
    if (kept && kept.generation === (await this.generationOf(companyId))) return kept.jobs;
    const generation = await this.generationOf(companyId);
    const jobs = await this.d.jobs.forEvent(companyId, eventType, subjectId);
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(key, { generation, jobs });
    return jobs;
  }

  /** The company's job generation, read at most once per round. */
  private async generationOf(companyId: number): Promise<number> {
    let g = this.generations.get(companyId);
    if (g === undefined) {
      g = await this.d.jobs.generation(companyId);
      this.generations.set(companyId, g);
    }
    return g;
  }

  private async timeZone(companyId: number, db: Kysely<Database>): Promise<string> {
    const auth = await this.systemAuth(companyId, 0, 0, db);
    return (await this.d.permissions.ruleContext(auth, db)).timeZone;
  }

  /**
   * Claims a batch of outbox events and writes their runs, all in one transaction. What needs
   * queries outside it (jobs, subjects, the time zone) is read first: on SQLite a query outside the
   * open transaction would wait for it.
   */
  private async processOutbox(): Promise<boolean> {
    const db = this.d.db;
    const peeked = await repo.peekOutbox(this.k, 200);
    if (peeked.length === 0) return false;
    const prepared = new Map<number, Prepared>();
    const zones = new Map<number, string>();
    for (const e of peeked) {
      if (e.event_type === null || e.talk_id === null || e.event_type === 4 || e.depth >= MAX_DEPTH) continue;
      const jobs = (await this.jobsFor(e.company_id, e.event_type, e.subject_id)).filter(
        (j) => e.source !== `job:${j.jobId}`,
      );
      if (jobs.length === 0) continue;
      const subject = await this.d.subjects.loadById(e.company_id, e.subject_id).catch(() => null);
      if (!subject) continue;
      let tz = zones.get(e.company_id);
      if (tz === undefined) {
        tz = await this.timeZone(e.company_id, this.k);
        zones.set(e.company_id, tz);
      }
      prepared.set(e.id, { jobs, subject, tz });
    }
    const now = this.now();
    return this.k.transaction().execute(async (trx) => {
      const events = await repo.claimOutbox(
        trx,
        db.dialect,
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
          this.d.onError(err, `automations: outbox event ${e.id}`);
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
          ...this.newRun(e.company_id, job, 'event', trigger, now),
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

  private newRun(
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

  // -------------------------------------------------------------------------------------------
  // Schedules

  private async fireSchedules(): Promise<boolean> {
    const now = this.now();
    const after = this.lastScheduleCheck;
    if (now - after < 250) return false;
    this.lastScheduleCheck = now;
    const scheduled = await this.d.jobs.scheduled();
    let fired = false;
    for (const { companyId, job } of scheduled) {
      const tz = await this.timeZone(companyId, this.k);
      for (const [eventIndex, event] of job.events.entries()) {
        const step = event.steps.find((s) => s.eventStepType === 4 && s.cron);
        if (!step?.cron || !step.subjectId) continue;
        for (const slot of slotsBetween(step.cron, tz, after, now)) {
          const subject = await this.d.subjects.loadById(companyId, step.subjectId).catch(() => null);
          if (!subject) continue;
          await this.k.transaction().execute(async (trx) => {
            if (!(await repo.takeSlot(trx, job.jobId, slot, now))) return;
            const trigger: StoredTrigger = {
              ...this.setTrigger(subject, 4),
              filter: step.filter,
              negate: event.negate,
            };
            await repo.insertRun(trx, {
              ...this.newRun(companyId, job, 'schedule', trigger, now),
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

  private setTrigger(subject: SubjectMeta, eventType: number): StoredTrigger {
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

  // -------------------------------------------------------------------------------------------
  // Running

  private async runDue(): Promise<boolean> {
    const runs = await repo.claimRuns(this.k, this.d.db.dialect, this.now(), this.leaseMs, 20);
    for (const run of runs) {
      try {
        await this.execute(run);
      } catch (err) {
        this.d.onError(err, `automations: run ${run.id}`);
        await repo.updateRun(this.k, run.id, {
          status: 'failed',
          finished_at: this.now(),
          lease_until: null,
        });
      }
    }
    return runs.length > 0;
  }

  private async execute(run: repo.RunRow): Promise<void> {
    const job = await this.jobById(run.company_id, run.job_id);
    const steps = JSON.parse(run.steps) as StoredStep[];
    if (!job) {
      for (const s of steps) if (s.status === 'pending') s.status = 'cancelled';
      await this.finish(run, 'cancelled', steps, engineMessages.jobDeleted);
      return;
    }
    if (run.cancel_requested) {
      for (const s of steps) if (s.status === 'pending') s.status = 'cancelled';
      await this.finish(run, 'cancelled', steps);
      return;
    }
    const trigger = JSON.parse(run.trigger) as StoredTrigger;
    if (run.kind === 'existing' || run.kind === 'schedule') await this.executeSet(run, job, trigger, steps);
    else await this.executeOne(run, job, trigger, steps);
  }

  private async finish(
    run: repo.RunRow,
    status: repo.RunStatus,
    steps: StoredStep[],
    error?: string,
  ): Promise<void> {
    if (error) for (const s of steps) if (s.status === 'cancelled' && !s.error) s.error = error;
    await repo.updateRun(this.k, run.id, {
      status,
      steps: JSON.stringify(steps),
      finished_at: this.now(),
      lease_until: null,
    });
  }

  /** A run on one record: steps in order from the first not done; retries wait with backoff. */
  private async executeOne(
    run: repo.RunRow,
    job: SavedJob,
    trigger: StoredTrigger,
    steps: StoredStep[],
  ): Promise<void> {
    const work = workStepsOf(job);
    const subject =
      run.subject_id !== null ? await this.d.subjects.loadById(run.company_id, run.subject_id) : null;
    const tz = await this.timeZone(run.company_id, this.k);
    for (const [i, step] of work.entries()) {
      const state = steps[i] ?? {
        workStepId: step.workStepId ?? null,
        workStepType: step.workStepType,
        status: 'pending',
        error: null,
        attempts: 0,
      };
      steps[i] = state;
      if (state.status === 'succeeded' || state.status === 'skipped') continue;
      if (await this.cancelRequested(run.id)) {
        for (const s of steps) if (s.status === 'pending') s.status = 'cancelled';
        await this.finish(run, 'cancelled', steps);
        return;
      }
      // A step's own filter: the step runs only when the event's record matches it (by-filter
      // kinds use their filter to pick the records they change instead).
      const byFilter = (BY_FILTER_KINDS as readonly string[]).includes(step.workStepType);
      if (step.filter && !byFilter && subject && trigger.talkId !== null && trigger.eventType !== 3) {
        const ok = await recordMatches(this.k, subject, step.filter, trigger.talkId, {
          timeZone: tz,
          now: this.now(),
        });
        if (!ok) {
          state.status = 'skipped';
          await repo.updateRun(this.k, run.id, { steps: JSON.stringify(steps) });
          continue;
        }
      }
      const outcome = await this.runStep(run, job, trigger, step, i, `${run.key_prefix}:s${i}`, state);
      if (outcome === 'retry') {
        await repo.updateRun(this.k, run.id, {
          status: 'pending',
          steps: JSON.stringify(steps),
          next_at: this.backoff(step.workStepType, state.attempts),
          lease_until: null,
        });
        return;
      }
      if (outcome === 'failed') {
        for (const s of steps.slice(i + 1)) if (s.status === 'pending') s.status = 'cancelled';
        await this.finish(run, 'failed', steps);
        return;
      }
      // Each step done extends the claim (a crash leaves the run to another worker a minute later);
      // the last one's state is written by the finish below, one commit fewer a run. A crash in
      // between is the same as a crash between the action and this write: the step's idempotency
      // key, committed with its change, keeps the retried action from taking effect twice.
      if (i < work.length - 1)
        await repo.updateRun(this.k, run.id, {
          steps: JSON.stringify(steps),
          lease_until: this.now() + this.leaseMs,
        });
    }
    await this.finish(run, 'succeeded', steps);
  }

  private backoff(kind: string, attempts: number): number {
    const { baseDelayMs } = this.d.registry.retryOf(kind);
    return this.now() + baseDelayMs * 2 ** Math.max(0, attempts - 1);
  }

  /** Runs one action; answers what became of it (the state is updated in place). */
  private async runStep(
    run: repo.RunRow,
    job: SavedJob,
    trigger: StoredTrigger,
    step: WorkStep,
    stepIndex: number,
    key: string,
    state: StoredStep,
  ): Promise<'done' | 'retry' | 'failed'> {
    const handler = this.d.registry.get(step.workStepType);
    if (!handler) {
      state.status = 'failed';
      state.error = engineMessages.unknownAction(step.workStepType);
      return 'failed';
    }
    const ctx: ActionContext = {
      companyId: run.company_id,
      jobId: job.jobId,
      jobName: job.name,
      runId: run.id,
      stepIndex,
      idempotencyKey: key,
      trigger,
      depth: run.depth,
      services: this.services,
      signal: AbortSignal.timeout(60_000),
    };
    state.attempts += 1;
    try {
      await handler.run(ctx, step);
      state.status = 'succeeded';
      state.error = null;
      return 'done';
    } catch (err) {
      state.error = errorText(err);
      const retryable = (err as { retryable?: unknown }).retryable === true;
      if (retryable && state.attempts < this.d.registry.retryOf(step.workStepType).tries) {
        state.status = 'pending';
        return 'retry';
      }
      state.status = 'failed';
      return 'failed';
    }
  }

  /**
   * A run over every record matching the event's filter (run on existing records, a schedule
   * slot): keyset batches from the stored cursor, progress saved after each batch, cancellable
   * between batches. A record's failed step is recorded on the step and the run goes on; the run
   * ends failed when any record failed.
   */
  private async executeSet(
    run: repo.RunRow,
    job: SavedJob,
    trigger: StoredTrigger,
    steps: StoredStep[],
  ): Promise<void> {
    const subject = await this.d.subjects.loadById(run.company_id, trigger.subjectId);
    const tz = await this.timeZone(run.company_id, this.k);
    const work = workStepsOf(job);
    let cursor = run.cursor ?? 0;
    let done = run.done ?? 0;
    if (run.total === null) {
      const total = await countMatching(this.k, subject, trigger, tz, this.now());
      await repo.updateRun(this.k, run.id, { total });
    }
    const failedBefore = steps.some((s) => s.status === 'failed');
    let failed = failedBefore;
    for (;;) {
      if (await this.cancelRequested(run.id)) {
        for (const s of steps) if (s.status === 'pending' || s.status === 'running') s.status = 'cancelled';
        await this.finish(run, 'cancelled', steps);
        return;
      }
      const condition = filterCondition(subject, trigger.filter ?? null, { timeZone: tz, now: this.now() });
      const batch = await nextBatch(this.k, subject.id, cursor, this.batchSize, condition);
      if (batch.ids.length === 0) break;
      for (const talkId of batch.ids) {
        const hit = batch.matched.has(talkId) !== (trigger.negate ?? false);
        if (!hit) continue;
        const one: StoredTrigger = { ...trigger, talkId };
        for (const [i, step] of work.entries()) {
          const state = steps[i];
          if (!state) continue;
          const byFilter = (BY_FILTER_KINDS as readonly string[]).includes(step.workStepType);
          if (step.filter && !byFilter) {
            const ok = await recordMatches(this.k, subject, step.filter, talkId, {
              timeZone: tz,
              now: this.now(),
            });
            if (!ok) continue;
          }
          const recordState: StoredStep = { ...state, attempts: 0 };
          const outcome = await this.runStep(
            run,
            job,
            one,
            step,
            i,
            `${run.key_prefix}:t${talkId}:s${i}`,
            recordState,
          );
          if (outcome !== 'done') {
            failed = true;
            state.status = 'failed';
            state.error = `#${talkId}: ${recordState.error ?? ''}`;
          }
        }
        done += 1;
      }
      cursor = batch.ids[batch.ids.length - 1] ?? cursor;
      await repo.updateRun(this.k, run.id, {
        cursor,
        done,
        steps: JSON.stringify(steps),
        lease_until: this.now() + this.leaseMs,
      });
    }
    for (const s of steps) if (s.status === 'pending' || s.status === 'running') s.status = 'succeeded';
    await repo.updateRun(this.k, run.id, { done });
    await this.finish(run, failed ? 'failed' : 'succeeded', steps);
  }

  private async cancelRequested(runId: number): Promise<boolean> {
    const r = await repo.findRun(this.k, runId);
    return r?.cancel_requested === 1;
  }

  private async jobById(companyId: number, jobId: number): Promise<SavedJob | null> {
    const generation = await this.generationOf(companyId);
    const key = `${companyId}#${jobId}`;
    const kept = this.byId.get(key);
    if (kept && kept.generation === generation) return kept.job;
    const job = await this.d.jobs.byId(companyId, jobId);
    if (this.byId.size > 1000) this.byId.clear();
    this.byId.set(key, { generation, job });
    return job;
  }

  /** The actor of an automation's changes: the company's first administrator, marked as automation. */
  async systemAuth(
    companyId: number,
    depth: number,
    jobId: number,
    db: Kysely<Database> = this.k,
    markKey?: string,
  ): Promise<AuthContext> {
    // The acting account, kept a few seconds (read on every run and every action).
    let kept = this.accounts.get(companyId);
    if (!kept || Date.now() - kept.at > 5000) {
      kept = { at: Date.now(), account: await repo.automationAccount(db, companyId) };
      this.accounts.set(companyId, kept);
    }
    const account = kept.account;
    return {
      sessionId: 'automation',
      accountId: account?.id ?? 1,
      companyId,
      roomId: account?.room_id ?? 1,
      accountType: account?.account_type ?? 1,
      isAdmin: true,
      automation: { depth, jobId, ...(markKey ? { markKey } : {}) },
    };
  }

  // -------------------------------------------------------------------------------------------
  // Calls

  /** ExecuteParentJob: a run of `jobId` on a record, one level deeper; idempotent on `parentKey`. */
  private async runJobOn(input: {
    companyId: number;
    jobId: number;
    subjectId: number;
    talkId: number;
    force: boolean;
    depth: number;
    parentKey: string;
  }): Promise<void> {
    if (input.depth >= MAX_DEPTH) return;
    const job = await this.jobById(input.companyId, input.jobId);
    if (!job) throw new Error(engineMessages.jobDeleted);
    const subject = await this.d.subjects.loadById(input.companyId, input.subjectId);
    if (!input.force) {
      const step = job.events.flatMap((e) => e.steps).find((s) => s.subjectId === input.subjectId);
      const tz = await this.timeZone(input.companyId, this.k);
      if (
        !(await recordMatches(this.k, subject, step?.filter ?? null, input.talkId, {
          timeZone: tz,
          now: this.now(),
        }))
      )
        return;
    }
    const row = await findTalk(this.k, subject.id, input.talkId);
    if (!row) throw new Error(engineMessages.recordGone);
    const now = this.now();
    const trigger: StoredTrigger = {
      ...this.setTrigger(subject, 0),
      kind: 'parent',
      talkId: input.talkId,
      after: canonical(subject, row),
      force: input.force,
    };
    await repo.insertRun(this.k, {
      ...this.newRun(input.companyId, job, 'parent', trigger, now),
      cause: `p${input.parentKey}`,
      talk_version: row.version,
      depth: input.depth,
      key_prefix: `j${job.jobId}:p${input.parentKey}`,
    });
  }

  /** POST /api/job/{jobId}/run: a background run over every record matching the first event. */
  async runOnExisting(auth: AuthContext, jobId: number): Promise<number> {
    const job = await this.d.jobs.byId(auth.companyId, jobId);
    if (!job) throw new HttpError(404, 'Automação não encontrada.');
    const event = job.events[0];
    const step = event?.steps.find((s) => s.subjectId);
    if (!event || !step?.subjectId) throw new HttpError(422, 'A automação não tem um evento com assunto.');
    if (step.eventStepType === 3)
      throw new HttpError(422, 'Uma automação de exclusão não pode ser executada nos registros existentes.');
    const subject = await this.d.subjects.loadById(auth.companyId, step.subjectId);
    const now = this.now();
    const trigger: StoredTrigger = {
      ...this.setTrigger(subject, 0),
      accountId: auth.accountId,
      filter: step.filter,
      negate: event.negate,
    };
    const id = await repo.insertRun(this.k, {
      ...this.newRun(auth.companyId, job, 'existing', trigger, now),
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

  private async ownRun(auth: AuthContext, runId: number): Promise<repo.RunRow> {
    const run = await repo.findRun(this.k, runId);
    if (!run || run.company_id !== auth.companyId) throw new HttpError(404, 'Execução não encontrada.');
    return run;
  }

  async getRun(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    return present(await this.ownRun(auth, runId));
  }

  async listRuns(auth: AuthContext, jobId: number, page: number, fetch: number) {
    const { rows, total } = await repo.runsOfJob(this.k, auth.companyId, jobId, (page - 1) * fetch, fetch);
    return { itens: rows.map(present), totalResults: total, currentPage: page };
  }

  async cancel(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    const run = await this.ownRun(auth, runId);
    if (run.status === 'pending' || run.status === 'running') {
      await repo.updateRun(this.k, runId, { cancel_requested: 1 });
      if (run.status === 'pending') {
        const steps = (JSON.parse(run.steps) as StoredStep[]).map((s) =>
          s.status === 'pending' ? { ...s, status: 'cancelled' as const } : s,
        );
        await this.finish(run, 'cancelled', steps);
      }
    } else throw new HttpError(409, 'Somente uma execução pendente ou em andamento pode ser cancelada.');
    return present((await repo.findRun(this.k, runId)) ?? run);
  }

  /** Re-runs the whole run (every step again, with new idempotency keys). */
  async retry(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    const run = await this.ownRun(auth, runId);
    if (run.status !== 'failed' && run.status !== 'cancelled')
      throw new HttpError(409, 'Somente uma execução com falha ou cancelada pode ser executada de novo.');
    const steps = (JSON.parse(run.steps) as StoredStep[]).map((s) => ({
      ...s,
      status: 'pending' as const,
      error: null,
      attempts: 0,
    }));
    const now = this.now();
    await repo.updateRun(this.k, runId, {
      status: 'pending',
      steps: JSON.stringify(steps),
      key_prefix: `${run.key_prefix}/r${now}`,
      next_at: now,
      cancel_requested: 0,
      finished_at: null,
      lease_until: null,
      ...(run.kind === 'existing' || run.kind === 'schedule' ? { cursor: 0, done: 0, total: null } : {}),
    });
    this.nudge();
    return present((await repo.findRun(this.k, runId)) ?? run);
  }

  /** Carries on from the failed step (steps done stay done; a set run from its last batch). */
  async resume(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    const run = await this.ownRun(auth, runId);
    if (run.status !== 'failed' && run.status !== 'cancelled')
      throw new HttpError(409, 'Somente uma execução com falha ou cancelada pode ser retomada.');
    const steps = (JSON.parse(run.steps) as StoredStep[]).map((s) =>
      s.status === 'failed' || s.status === 'cancelled'
        ? { ...s, status: 'pending' as const, error: null, attempts: 0 }
        : s,
    );
    const now = this.now();
    await repo.updateRun(this.k, runId, {
      status: 'pending',
      steps: JSON.stringify(steps),
      next_at: now,
      cancel_requested: 0,
      finished_at: null,
      lease_until: null,
    });
    this.nudge();
    return present((await repo.findRun(this.k, runId)) ?? run);
  }
}

async function countMatching(
  db: Kysely<Database>,
  subject: SubjectMeta,
  trigger: StoredTrigger,
  timeZone: string,
  now: number,
): Promise<number> {
  if (!trigger.filter) return countRecords(db, subject.id);
  let total = 0;
  let cursor = 0;
  const condition = filterCondition(subject, trigger.filter, { timeZone, now });
  for (;;) {
    const b = await nextBatch(db, subject.id, cursor, 5000, condition);
    if (b.ids.length === 0) return total;
    total += trigger.negate ? b.ids.length - b.matched.size : b.matched.size;
    cursor = b.ids[b.ids.length - 1] ?? cursor;
  }
}

function errorText(err: unknown): string {
  if (err instanceof HttpError) return err.errors.map((e) => e.message).join(' ');
  return err instanceof Error ? err.message : String(err);
}

function present(run: repo.RunRow): JobRun & Record<string, unknown> {
  const t = JSON.parse(run.trigger) as StoredTrigger;
  const trigger: JobRunTrigger =
    run.kind === 'existing'
      ? { kind: 'existing' }
      : run.kind === 'parent'
        ? { kind: 'parent', parentRunId: t.parentRunId ?? null }
        : { kind: 'event', eventType: t.eventType as 1 | 3 | 4 | 5 | 6 | 7 };
  const steps = (JSON.parse(run.steps) as StoredStep[]).map((s) => ({
    workStepId: s.workStepId,
    workStepType: s.workStepType as JobRunStep['workStepType'],
    status: s.status,
    error: s.error,
    attempts: s.attempts,
  }));
  return {
    runId: run.id,
    jobId: run.job_id,
    trigger,
    talkId: run.talk_id,
    subjectId: run.subject_id,
    status: run.status,
    steps,
    startedAt: iso(run.started_at),
    finishedAt: iso(run.finished_at),
    ...(run.kind === 'existing' || run.kind === 'schedule'
      ? { progress: { done: run.done ?? 0, total: run.total } }
      : {}),
  };
}
