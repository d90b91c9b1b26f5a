import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import type { JobRun, JobRunStep, JobRunTrigger, StepDetail } from '@talkbase/domain/contracts/jobs';
import { HttpError } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { RunTrigger } from './actions/types.ts';
import * as repo from './automations.repository.ts';
import type { EngineCore } from './engine-core.ts';

/** A step's state, as a run's `steps` column holds it. */
export interface StoredStep {
  workStepId: number | null;
  workStepType: string;
  status: JobRunStep['status'];
  error: string | null;
  attempts: number;
  /** What the step's last attempt reported it did (ActionHandler.run's answer). */
  detail?: StepDetail | null;
  /** How long the step's last attempt took, ms. */
  ms?: number | null;
}

/** What a run's `trigger` column holds. */
export interface StoredTrigger extends RunTrigger {
  kind: repo.RunKind;
  /** Run-on-existing and schedules: only records matching the event (negated when set). */
  filter?: FilterNode | null;
  negate?: boolean;
  /** A parent job's forced run ignores its event filter. */
  force?: boolean;
  parentRunId?: number | null;
  fromRunId?: number;
}

/** Ends a run: its status, its steps, no claim; `error` goes on cancelled steps without one. */
export async function finishRun(
  core: EngineCore,
  run: repo.RunRow,
  status: repo.RunStatus,
  steps: StoredStep[],
  error?: string,
): Promise<void> {
  if (error) for (const s of steps) if (s.status === 'cancelled' && !s.error) s.error = error;
  await repo.updateRun(core.k, run.id, {
    status,
    steps: JSON.stringify(steps),
    finished_at: core.now(),
    lease_until: null,
  });
}

export async function cancelRequested(core: EngineCore, runId: number): Promise<boolean> {
  const r = await repo.findRun(core.k, runId);
  return r?.cancel_requested === 1;
}

/**
 * The runs API (read, list, cancel, retry, resume) over a company's run history. Retry and resume
 * put the run back as pending and `nudge` the engine.
 */
export class RunHistory {
  private readonly core: EngineCore;
  private readonly nudge: () => void;

  constructor(core: EngineCore, nudge: () => void) {
    this.core = core;
    this.nudge = nudge;
  }

  private async ownRun(auth: AuthContext, runId: number): Promise<repo.RunRow> {
    const run = await repo.findRun(this.core.k, runId);
    if (!run || run.company_id !== auth.companyId) throw new HttpError(404, 'Execução não encontrada.');
    return run;
  }

  async getRun(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    return present(await this.ownRun(auth, runId));
  }

  async listRuns(auth: AuthContext, jobId: number, page: number, fetch: number) {
    const { rows, total } = await repo.runsOfJob(
      this.core.k,
      auth.companyId,
      jobId,
      (page - 1) * fetch,
      fetch,
    );
    return { itens: rows.map(present), totalResults: total, currentPage: page };
  }

  async cancel(auth: AuthContext, runId: number): Promise<JobRun & Record<string, unknown>> {
    const run = await this.ownRun(auth, runId);
    if (run.status === 'pending' || run.status === 'running') {
      await repo.updateRun(this.core.k, runId, { cancel_requested: 1 });
      if (run.status === 'pending') {
        const steps = (JSON.parse(run.steps) as StoredStep[]).map((s) =>
          s.status === 'pending' ? { ...s, status: 'cancelled' as const } : s,
        );
        await finishRun(this.core, run, 'cancelled', steps);
      }
    } else throw new HttpError(409, 'Somente uma execução pendente ou em andamento pode ser cancelada.');
    return present((await repo.findRun(this.core.k, runId)) ?? run);
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
    const now = this.core.now();
    await repo.updateRun(this.core.k, runId, {
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
    return present((await repo.findRun(this.core.k, runId)) ?? run);
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
    const now = this.core.now();
    await repo.updateRun(this.core.k, runId, {
      status: 'pending',
      steps: JSON.stringify(steps),
      next_at: now,
      cancel_requested: 0,
      finished_at: null,
      lease_until: null,
    });
    this.nudge();
    return present((await repo.findRun(this.core.k, runId)) ?? run);
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A stored run as the API answers it. */
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
