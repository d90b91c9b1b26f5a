import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import { BY_FILTER_KINDS, type SavedJob, type WorkStep } from '@talkbase/domain/contracts/jobs';
import { type StepDetail } from '@talkbase/domain/contracts/job-runs';
import { isStatementTimeout } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { messages } from '../../i18n/messages.ts';
import { HttpError } from '../../http/errors.ts';
import type { LaneRunner } from '../../runtime/lanes.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { nextBatch, countRecords } from '../tags/tag-evaluator.ts';
import {
  PermanentActionError,
  RetryableActionError,
  type ActionContext,
  type ActionServices,
} from './actions/types.ts';
import * as repo from './automations.repository.ts';
import { engineMessages, MAX_DEPTH, type EngineCore } from './engine-core.ts';
import { workStepsOf } from './definition-source.ts';
import { filterCondition, recordMatches } from './record-match.ts';
import { finishRun, type StoredStep, type StoredTrigger } from './run-history.ts';

/** Lets the event loop serve everything else (requests, the event lane) between a set run's batches. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs what is due, in two lanes (engine.ts): the event lane claims runs on one record and runs
 * their steps in order through the action registry (retries wait with backoff); the set lane
 * claims runs over a filter's records and works them in batches over the set fixed when they
 * started. Step states and progress are written back on the run as it goes. Between steps and
 * batches a run looks at its cancel request and its company's pause (a paused run goes back to
 * pending where it stopped, and carries on after the resume).
 */
export class RunExecutor {
  private readonly core: EngineCore;
  private readonly services: ActionServices;
  private readonly lanes: LaneRunner<repo.RunLane>;
  /** The engine is closing: runs in progress go back to pending at their next step or batch. */
  private readonly stopping: () => boolean;
  /** The records the set lane's runs work at once, all runs together (`setRecordConcurrency`). */
  private readonly setRecords: ReturnType<typeof pLimit>;

  constructor(
    core: EngineCore,
    services: ActionServices,
    lanes: LaneRunner<repo.RunLane>,
    stopping: () => boolean = () => false,
  ) {
    this.core = core;
    this.services = services;
    this.lanes = lanes;
    this.stopping = stopping;
    this.setRecords = pLimit(core.setRecordConcurrency);
  }

  private get k(): Kysely<Database> {
    return this.core.k;
  }

  private now(): number {
    return this.core.now();
  }

  /**
   * The event lane's work: claims the runs on one record due now and runs them, several at once
   * (the lane's concurrency; their writes share commits); one record's runs go one after another
   * in the order of their events. Answers once they all ended (a set run is never among them).
   */
  async runDueEvents(): Promise<boolean> {
    const { d, leaseMs } = this.core;
    if (!(await repo.anyRunDue(this.k, this.now(), 'event'))) return false;
    const runs = await repo.claimRuns(this.k, d.db.dialect, this.now(), leaseMs, 20, 'event');
    const byRecord = new Map<string, repo.RunRow[]>();
    for (const run of runs) {
      const key = run.talk_id !== null ? `t${run.talk_id}` : `r${run.id}`;
      const queue = byRecord.get(key);
      if (queue) queue.push(run);
      else byRecord.set(key, [run]);
    }
    await Promise.all(
      [...byRecord.values()].map((queue) =>
        this.lanes.run('event', async () => {
          for (const run of queue) await this.executeGuarded(run);
        }),
      ),
    );
    return runs.length > 0;
  }

  /** The set lane's claim: at most `slots` due runs over a filter's records (the lane's free slots). */
  async claimSets(slots: number): Promise<repo.RunRow[]> {
    if (slots <= 0 || !(await repo.anyRunDue(this.k, this.now(), 'set'))) return [];
    return repo.claimRuns(this.k, this.core.d.db.dialect, this.now(), this.core.leaseMs, slots, 'set');
  }

  /**
   * Runs a claimed run; one that throws is recorded as failed. While it runs its lease is renewed
   * every third of the lease, so a long step or batch is never taken for a crash by another worker.
   */
  async executeGuarded(run: repo.RunRow): Promise<void> {
    const { leaseMs } = this.core;
    const heartbeat = setInterval(
      () => {
        repo
          .extendLease(this.k, run.id, this.now() + leaseMs)
          .catch((err: unknown) => this.core.d.onError(err, `automations: lease of run ${run.id}`));
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      await this.execute(run);
    } catch (err) {
      this.core.d.onError(err, `automations: run ${run.id}`);
      await repo.updateRun(this.k, run.id, {
        status: 'failed',
        finished_at: this.now(),
        lease_until: null,
      });
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async execute(run: repo.RunRow): Promise<void> {
    const job = await this.core.jobById(run.company_id, run.job_id);
    const steps = JSON.parse(run.steps) as StoredStep[];
    if (!job) {
      for (const s of steps) if (s.status === 'pending') s.status = 'cancelled';
      await finishRun(this.core, run, 'cancelled', steps, engineMessages.jobDeleted);
      return;
    }
    if (run.cancel_requested) {
      for (const s of steps) if (s.status === 'pending') s.status = 'cancelled';
      await finishRun(this.core, run, 'cancelled', steps);
      return;
    }
    // The loop guard holds for every kind: nothing runs past MAX_DEPTH automations deep.
    if (run.depth >= MAX_DEPTH) {
      for (const s of steps) if (s.status === 'pending' || s.status === 'running') s.status = 'cancelled';
      await finishRun(this.core, run, 'cancelled', steps, engineMessages.tooDeep);
      return;
    }
    const trigger = JSON.parse(run.trigger) as StoredTrigger;
    if (repo.isSetKind(run.kind)) await this.executeSet(run, job, trigger, steps);
    else await this.executeOne(run, job, trigger, steps);
  }

  /**
   * Looks at the run's cancel request and its company's pause: a cancelled run ends (its pending
   * steps cancelled), a paused one — or one of an engine that is closing — goes back to pending as
   * it stands (steps done stay done, a set run keeps its cursor). Answers whether to stop here.
   */
  private async stopHere(run: repo.RunRow, steps: StoredStep[]): Promise<boolean> {
    const control = await repo.runControl(this.k, run.id);
    if (control.cancelRequested) {
      for (const s of steps) if (s.status === 'pending' || s.status === 'running') s.status = 'cancelled';
      await finishRun(this.core, run, 'cancelled', steps);
      return true;
    }
    if (control.paused || this.stopping()) {
      await repo.updateRun(this.k, run.id, {
        status: 'pending',
        steps: JSON.stringify(steps),
        next_at: this.now(),
        lease_until: null,
      });
      return true;
    }
    return false;
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
      run.subject_id !== null ? await this.core.d.subjects.loadById(run.company_id, run.subject_id) : null;
    const tz = await this.core.timeZone(run.company_id, this.k);
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
      if (await this.stopHere(run, steps)) return;
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
        await finishRun(this.core, run, 'failed', steps);
        return;
      }
      // Each step done extends the claim (a crash leaves the run to another worker a minute later);
      // the last one's state is written by the finish below, one commit fewer a run. A crash in
      // between is the same as a crash between the action and this write: the step's idempotency
      // key, committed with its change, keeps the retried action from taking effect twice.
      if (i < work.length - 1)
        await repo.updateRun(this.k, run.id, {
          steps: JSON.stringify(steps),
          lease_until: this.now() + this.core.leaseMs,
        });
    }
    await finishRun(this.core, run, 'succeeded', steps);
  }

  private backoff(kind: string, attempts: number): number {
    const { baseDelayMs } = this.core.d.registry.retryOf(kind);
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
    const { registry } = this.core.d;
    const handler = registry.get(step.workStepType);
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
    const started = performance.now();
    try {
      const detail = await handler.run(ctx, step);
      state.status = 'succeeded';
      state.error = null;
      state.detail = detail ?? null;
      state.ms = Math.round(performance.now() - started);
      return 'done';
    } catch (err) {
      state.ms = Math.round(performance.now() - started);
      state.detail = (err as { detail?: StepDetail }).detail ?? null;
      state.error = errorText(err, (e) =>
        this.core.d.onError(e, `automations: run ${run.id}, step ${stepIndex + 1}`),
      );
      const retryable = (err as { retryable?: unknown }).retryable === true;
      if (retryable && state.attempts < registry.retryOf(step.workStepType).tries) {
        state.status = 'pending';
        return 'retry';
      }
      state.status = 'failed';
      return 'failed';
    }
  }

  /**
   * A run over every record matching the event's filter (run on existing records, a schedule
   * slot). Its set is fixed when it first starts: the subject's highest record id then
   * (`upper_id`), so records created meanwhile — by its own actions too — are never visited, and
   * the progress total counts the same set. Keyset batches from the stored cursor, progress saved
   * after each batch (with the lease), cancellable and pausable between batches, and the event
   * loop served between them. A record's failed step is recorded on the step and the run goes on;
   * the run ends failed when any record failed.
   */
  private async executeSet(
    run: repo.RunRow,
    job: SavedJob,
    trigger: StoredTrigger,
    steps: StoredStep[],
  ): Promise<void> {
    if (await this.stopHere(run, steps)) return;
    const subject = await this.core.d.subjects.loadById(run.company_id, trigger.subjectId);
    const tz = await this.core.timeZone(run.company_id, this.k);
    let cursor = run.cursor ?? 0;
    let done = run.done ?? 0;
    let upper = run.upper_id;
    let total = run.total;
    if (total === null || upper === null) {
      // The first start (or a retry from the first record): fix the set and count it. A run
      // started before the bound existed keeps its total and takes the bound now.
      upper = await repo.highestRecordId(this.k, subject.id);
      if (total === null) total = await countMatching(this.k, subject, trigger, tz, this.now(), upper);
      await repo.updateRun(this.k, run.id, { total, upper_id: upper });
    }
    const failedBefore = steps.some((s) => s.status === 'failed');
    let failed = failedBefore;
    for (;;) {
      if (await this.stopHere(run, steps)) return;
      const condition = filterCondition(subject, trigger.filter ?? null, { timeZone: tz, now: this.now() });
      const batch = await nextBatch(this.k, subject.id, cursor, this.core.batchSize, condition, upper);
      if (batch.ids.length === 0) break;
      // The batch's records are worked several at once, so their writes share commits.
      const limit = this.setRecords;
      const hits = batch.ids.filter((talkId) => batch.matched.has(talkId) !== (trigger.negate ?? false));
      const outcomes = await Promise.all(
        hits.map((talkId) => limit(() => this.runOnRecord(run, job, trigger, steps, subject, tz, talkId))),
      );
      // A step that failed on several records names the last of them, as when they ran in order.
      for (const [n, errors] of outcomes.entries())
        for (const [i, error] of errors) {
          failed = true;
          const state = steps[i];
          if (state) Object.assign(state, { status: 'failed', error: `#${hits[n]}: ${error}` });
        }
      done += hits.length;
      // Records of the set that came to match after it was counted: the total grows with them,
      // so the progress never reads more done than its total.
      total = Math.max(total, done);
      cursor = batch.ids[batch.ids.length - 1] ?? cursor;
      await repo.updateRun(this.k, run.id, {
        cursor,
        done,
        total,
        steps: JSON.stringify(steps),
        lease_until: this.now() + this.core.leaseMs,
      });
      await yieldToLoop();
    }
    for (const s of steps) if (s.status === 'pending' || s.status === 'running') s.status = 'succeeded';
    await repo.updateRun(this.k, run.id, { done });
    await finishRun(this.core, run, failed ? 'failed' : 'succeeded', steps);
  }

  /** One record of a set run: its steps in order; answers the steps that failed, with their error. */
  private async runOnRecord(
    run: repo.RunRow,
    job: SavedJob,
    trigger: StoredTrigger,
    steps: StoredStep[],
    subject: SubjectMeta,
    timeZone: string,
    talkId: number,
  ): Promise<Map<number, string>> {
    const failures = new Map<number, string>();
    const one: StoredTrigger = { ...trigger, talkId };
    for (const [i, step] of workStepsOf(job).entries()) {
      const state = steps[i];
      if (!state) continue;
      const byFilter = (BY_FILTER_KINDS as readonly string[]).includes(step.workStepType);
      if (step.filter && !byFilter) {
        const ok = await recordMatches(this.k, subject, step.filter, talkId, { timeZone, now: this.now() });
        if (!ok) continue;
      }
      const recordState: StoredStep = { ...state, attempts: 0 };
      const key = `${run.key_prefix}:t${talkId}:s${i}`;
      const outcome = await this.runStep(run, job, one, step, i, key, recordState);
      if (outcome !== 'done') failures.set(i, recordState.error ?? '');
    }
    return failures;
  }
}

/** How many records of its fixed set (ids up to `upTo`) a set run will go over (the progress total). */
async function countMatching(
  db: Kysely<Database>,
  subject: SubjectMeta,
  trigger: StoredTrigger,
  timeZone: string,
  now: number,
  upTo: number,
): Promise<number> {
  if (!trigger.filter) return countRecords(db, subject.id, upTo);
  let total = 0;
  let cursor = 0;
  const condition = filterCondition(subject, trigger.filter, { timeZone, now });
  for (;;) {
    const b = await nextBatch(db, subject.id, cursor, 5000, condition, upTo);
    if (b.ids.length === 0) return total;
    total += trigger.negate ? b.ids.length - b.matched.size : b.matched.size;
    cursor = b.ids[b.ids.length - 1] ?? cursor;
    await yieldToLoop();
  }
}

/**
 * What a failed step's history says. It is read by people, in Portuguese: the messages of our own
 * failures (a refused request, an action's own error) as they are; a statement the database cut
 * off by its time limit in words for it; anything else — the database's or the runtime's own
 * error, English and naming tables or code — as the API answers an unexpected failure, the error
 * itself going to the server's log with the run and step.
 */
function errorText(err: unknown, report: (err: unknown) => void): string {
  if (err instanceof HttpError) return err.errors.map((e) => e.message).join(' ');
  if (err instanceof RetryableActionError || err instanceof PermanentActionError) return err.message;
  if (isStatementTimeout(err)) return messages.statementTimeout;
  report(err);
  return messages.internal;
}
